/**
 * Zones renamed in the IANA database whose old names runtimes on ICU still list and resolve to
 * (`Intl.supportedValuesOf('timeZone')` gives Asia/Calcutta, not Asia/Kolkata): old → current.
 */
export const RENAMED_ZONES: Readonly<Record<string, string>> = {
  'Africa/Asmera': 'Africa/Asmara',
  'America/Buenos_Aires': 'America/Argentina/Buenos_Aires',
  'America/Catamarca': 'America/Argentina/Catamarca',
  'America/Cordoba': 'America/Argentina/Cordoba',
  'America/Godthab': 'America/Nuuk',
  'America/Indianapolis': 'America/Indiana/Indianapolis',
  'America/Jujuy': 'America/Argentina/Jujuy',
  'America/Louisville': 'America/Kentucky/Louisville',
  'America/Mendoza': 'America/Argentina/Mendoza',
  'Asia/Calcutta': 'Asia/Kolkata',
  'Asia/Katmandu': 'Asia/Kathmandu',
  'Asia/Rangoon': 'Asia/Yangon',
  'Asia/Saigon': 'Asia/Ho_Chi_Minh',
  'Atlantic/Faeroe': 'Atlantic/Faroe',
  'Europe/Kiev': 'Europe/Kyiv',
  'Pacific/Enderbury': 'Pacific/Kanton',
  'Pacific/Ponape': 'Pacific/Pohnpei',
  'Pacific/Truk': 'Pacific/Chuuk',
};

/** Old and current names in lower case → the current name the runtime knows (else the old one). */
let byLowerCase: Map<string, string> | undefined;

function knownToRuntime(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/**
 * A zone's current IANA name, in its own spelling, for an old or current name of a renamed zone in
 * any letter case (asia/calcutta, Asia/Kolkata → Asia/Kolkata); any other name as it is. A runtime
 * that does not know the current name keeps the old one.
 */
export function currentZoneName(zone: string): string {
  if (!byLowerCase) {
    byLowerCase = new Map();
    for (const [old, current] of Object.entries(RENAMED_ZONES)) {
      const name = knownToRuntime(current) ? current : old;
      byLowerCase.set(old.toLowerCase(), name).set(current.toLowerCase(), name);
    }
  }
  return byLowerCase.get(zone.toLowerCase()) ?? zone;
}
