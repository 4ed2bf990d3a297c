import rawTimeZones from '@vvo/tzdb/raw-time-zones.json';
import { describe, expect, it } from 'vitest';
import { currentZoneName, RENAMED_ZONES } from './current-names';
import { runtimeZones } from './zones';

describe('renamed zones', () => {
  it('are old names the runtime lists, each with a current name it knows and tzdb groups with it', () => {
    const listed = new Set(Intl.supportedValuesOf('timeZone'));
    for (const [old, current] of Object.entries(RENAMED_ZONES)) {
      expect(listed.has(old) || listed.has(current)).toBe(true);
      expect(() => new Intl.DateTimeFormat('en-US', { timeZone: current })).not.toThrow();
      expect(rawTimeZones.find((zone) => zone.group.includes(current))?.group).toContain(old);
    }
  });

  it('are called by their current names, from either name in any case; other names stay', () => {
    expect(currentZoneName('Asia/Calcutta')).toBe('Asia/Kolkata');
    expect(currentZoneName('EUROPE/KIEV')).toBe('Europe/Kyiv');
    expect(currentZoneName('asia/ho_chi_minh')).toBe('Asia/Ho_Chi_Minh');
    expect(currentZoneName('US/Eastern')).toBe('US/Eastern');
    expect(currentZoneName('Nowhere/Atlantis')).toBe('Nowhere/Atlantis');
  });

  it('are listed by their current names only', () => {
    const zones = runtimeZones();
    expect(zones).toEqual(
      expect.arrayContaining(['Asia/Kolkata', 'Europe/Kyiv', 'Asia/Ho_Chi_Minh', 'Asia/Kathmandu']),
    );
    for (const old of Object.keys(RENAMED_ZONES)) expect(zones).not.toContain(old);
    expect(new Set(zones).size).toBe(zones.length);
  });
});
