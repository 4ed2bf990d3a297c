import type { SelectGroup, SelectItem } from '@toolbox/sdk/react';
import { currentZoneName } from './current-names';

export const UTC = 'UTC';

/** The zones the runtime knows (`Intl`), by their current names (Asia/Kolkata, not ICU's Asia/Calcutta), UTC first. */
export const runtimeZones = () => [
  ...new Set([UTC, ...Intl.supportedValuesOf('timeZone').map(currentZoneName)]),
];

/** `UTC+05:30` and `India Standard Time` of a zone at an instant, from `Intl`. */
function zoneNames(zone: string, at: Date): string[] {
  return (['longOffset', 'long'] as const).map(
    (style) =>
      new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: style })
        .formatToParts(at)
        .find((part) => part.type === 'timeZoneName')
        ?.value.replace(/^GMT$/, 'GMT+00:00')
        .replace('GMT', UTC) ?? '',
  );
}

/** `UTC+03:00` as people also write it: `utc+3 utc+03 gmt+3 gmt+03 gmt+03:00` (`utc+5:30`, …). */
export function offsetWords(offset: string): string {
  const [, sign, hours, minutes] = /^UTC([+-])(\d\d):(\d\d)$/.exec(offset) ?? [];
  if (!hours) return '';
  const short =
    minutes === '00'
      ? [`${sign}${Number(hours)}`, `${sign}${hours}`]
      : [`${sign}${Number(hours)}:${minutes}`];
  return [
    ...short.map((form) => `utc${form}`),
    ...[...short, offset.slice(3)].map((form) => `gmt${form}`),
  ].join(' ');
}

/**
 * A zone as a choice, labelled with its offset at `at`, its city and the zone's name
 * (`UTC-04:00 · New York · Eastern Daylight Time`). A search matches every word in the label, the
 * zone name, the offset's other spellings (`utc-4`, `gmt-4`), and, once they have loaded, the
 * countries, cities and abbreviations of `places`. A match in the label ranks before one in the rest.
 */
export function zoneOption(zone: string, at: Date, places?: Map<string, string>): SelectItem {
  let label = zone;
  let offset = '';
  try {
    const [zoneOffset = '', name] = zoneNames(zone, at);
    offset = zoneOffset;
    label = `${offset} · ${zone.split('/').pop()?.replaceAll('_', ' ')} · ${name}`;
  } catch {
    // A name the runtime does not know (from an edited link) shows as it is; compute refuses it.
  }
  return {
    value: zone,
    label,
    keywords: [label, zone, offsetWords(offset), places?.get(zone)].filter(Boolean).join(' ').toLowerCase(),
  };
}

/**
 * The choices: `zones` grouped by region (their first part; UTC first as listed), then, under
 * "Other", any of `chosen` that `zones` lacks, such as a name from a link the runtime calls otherwise
 * (US/Eastern).
 */
export function zoneGroups(
  zones: readonly string[],
  chosen: readonly string[],
  at: Date,
  places?: Map<string, string>,
): SelectGroup[] {
  const groups = new Map<string, SelectItem[]>();
  for (const zone of new Set([...zones, ...chosen])) {
    if (!zone) continue;
    const group = zones.includes(zone) ? (zone.split('/')[0] ?? UTC) : 'Other';
    groups.set(group, [...(groups.get(group) ?? []), zoneOption(zone, at, places)]);
  }
  return [...groups].map(([group, items]) => ({ group, items }));
}
