import rawTimeZones from '@vvo/tzdb/raw-time-zones.json';

/**
 * What a search for a zone may also match beyond its label, by IANA name: country, main cities,
 * generic name and abbreviations, and the zone's other names (current and legacy), from @vvo/tzdb.
 * So "uganda", "mumbai", "kolkata" or "EST" find their zone. The view loads this chunk only when a
 * zone field gets focus; the first page and a shared link's result never wait for it.
 */
export function placeKeywords(): Map<string, string> {
  const keywords = new Map<string, string>();
  for (const zone of rawTimeZones) {
    const words = [
      zone.countryName,
      zone.alternativeName,
      zone.abbreviation,
      zone.dstAbbreviation ?? '',
      ...zone.mainCities,
      ...zone.group.map((name) => name.replaceAll('_', ' ')),
    ]
      .join(' ')
      .toLowerCase();
    for (const name of zone.group) keywords.set(name, `${keywords.get(name) ?? ''} ${words}`);
  }
  return keywords;
}
