import { describe, expect, it } from 'vitest';
import { placeKeywords } from './places';
import { offsetWords, runtimeZones, UTC, zoneGroups, zoneOption } from './zones';

const JANUARY = new Date('2026-01-15T12:00:00Z');
const JULY = new Date('2026-07-15T12:00:00Z');

/** Every zone's choice with the given places, built once per places (about 0.1 s each). */
const choicesWith = new Map<ReturnType<typeof placeKeywords>, ReturnType<typeof zoneGroups>>();
const allPlaces = placeKeywords();

/** What the SDK's SearchableSelect does with `keywords`: every word of the search must be in them. */
const search = (query: string, places = allPlaces) => {
  if (!choicesWith.has(places)) choicesWith.set(places, zoneGroups(runtimeZones(), [], JANUARY, places));
  return (choicesWith.get(places) ?? [])
    .flatMap((group) => group.items)
    .filter((item) => query.split(' ').every((word) => item.keywords?.includes(word)))
    .map((item) => item.value);
};

describe('the time zone choices', () => {
  it('label a zone with its offset on the day, its city and the name of its time', () => {
    expect(zoneOption('America/New_York', JANUARY).label).toBe(
      'UTC-05:00 · New York · Eastern Standard Time',
    );
    expect(zoneOption('America/New_York', JULY).label).toBe('UTC-04:00 · New York · Eastern Daylight Time');
    expect(zoneOption(UTC, JULY).label).toBe('UTC+00:00 · UTC · Coordinated Universal Time');
    expect(zoneOption('Asia/Kolkata', JULY).label).toMatch(/^UTC\+05:30 · Kolkata · /);
    expect(zoneOption('Asia/Kathmandu', JULY).label).toMatch(/^UTC\+05:45 · Kathmandu · /);
    expect(zoneOption('Australia/Adelaide', JANUARY).label).toMatch(/^UTC\+10:30 · Adelaide · /);
    expect(zoneOption('Australia/Adelaide', JULY).label).toMatch(/^UTC\+09:30 · Adelaide · /);
    expect(zoneOption('America/St_Johns', JANUARY).label).toMatch(/^UTC-03:30 · St Johns · /);
  });

  it('show a name the runtime does not know as it is', () => {
    expect(zoneOption('Mars/Olympus_Mons', JULY)).toEqual({
      value: 'Mars/Olympus_Mons',
      label: 'Mars/Olympus_Mons',
      keywords: 'mars/olympus_mons mars/olympus_mons',
    });
  });

  it('list every zone of the runtime once, by region, UTC first, and a chosen zone it lacks under Other', () => {
    const zones = runtimeZones();
    expect(zones[0]).toBe(UTC);
    expect(new Set(zones).size).toBe(zones.length);
    const groups = zoneGroups(zones, ['Asia/Kolkata', 'America/New_York', ''], JULY);
    expect(groups.map((group) => group.group)).toEqual([
      ...new Set(zones.map((zone) => zone.split('/')[0])),
      ...(zones.includes('Asia/Kolkata') ? [] : ['Other']),
    ]);
    expect(groups.flatMap((group) => group.items).map((item) => item.value)).toEqual([
      ...zones,
      ...(zones.includes('Asia/Kolkata') ? [] : ['Asia/Kolkata']),
    ]);
    for (const { group, items } of groups) {
      for (const { value } of items) expect([value.split('/')[0], 'Other']).toContain(group);
    }
  });

  it('before the list is wanted, hold the chosen zones only', () => {
    const groups = zoneGroups([], ['Europe/London', UTC], JULY);
    expect(groups.flatMap((group) => group.items).map((item) => item.label)).toEqual([
      'UTC+01:00 · London · British Summer Time',
      'UTC+00:00 · UTC · Coordinated Universal Time',
    ]);
  });

  it('are found by label and zone name alone, before the places have loaded', () => {
    expect(search('new york', new Map())).toContain('America/New_York');
    expect(search('kampala', new Map())).toEqual(['Africa/Kampala']);
    expect(search('uganda', new Map())).toEqual([]);
  });

  it('are found by country, city, generic name and abbreviation once the places have loaded', () => {
    expect(search('uganda')).toEqual(['Africa/Kampala']);
    const india = search('mumbai');
    expect(india.length).toBe(1);
    expect(['Asia/Kolkata', 'Asia/Calcutta']).toContain(india[0]);
    // The runtime may list India under its legacy name; the current one finds it all the same.
    expect(search('kolkata')).toEqual(india);
    expect(search('nepal')).toEqual(search('kathmandu'));
    expect(search('nepal').length).toBe(1);
    expect(search('adelaide')).toContain('Australia/Adelaide');
    expect(search('acdt')).toContain('Australia/Adelaide');
  });
});

describe('the offsets', () => {
  it('are written the short ways too, with UTC or GMT', () => {
    expect(offsetWords('UTC+03:00')).toBe('utc+3 utc+03 gmt+3 gmt+03 gmt+03:00');
    expect(offsetWords('UTC-05:00')).toBe('utc-5 utc-05 gmt-5 gmt-05 gmt-05:00');
    expect(offsetWords('UTC+05:30')).toBe('utc+5:30 gmt+5:30 gmt+05:30');
    expect(offsetWords('Mars/Olympus_Mons')).toBe('');
  });

  it('find the zones of that offset on the day, and no other', () => {
    const moscow = search('utc+03:00', new Map());
    expect(moscow).toContain('Europe/Moscow');
    expect(moscow).not.toContain('Asia/Tehran');
    for (const query of ['utc+3', 'utc+03', 'gmt+3', 'gmt+03', 'gmt+03:00']) {
      expect(search(query, new Map()).filter((zone) => zone !== 'Asia/Tehran')).toEqual(moscow);
    }
    expect(search('utc+5:30', new Map())).toEqual(search('utc+05:30', new Map()));
    expect(search('gmt-5')).toContain('America/New_York');
  });

  it('name the city a search for it means in the label, where a search ranks it first', () => {
    const labelled = (zone: string) => zoneOption(zone, JANUARY, allPlaces).label.toLowerCase();
    expect(labelled('America/New_York')).toContain(' new york ');
    expect(labelled('Australia/Sydney')).toContain(' sydney ');
    expect(labelled('Asia/Kolkata')).toContain(' india ');
    // Found by the places too, but not by their labels: a search ranks them after.
    expect(search('new york')).toContain('America/Detroit');
    expect(search('sydney')).toContain('America/Glace_Bay');
    expect(labelled('America/Indiana/Indianapolis')).not.toMatch(/\bindia\b/);
  });
});

describe('the places', () => {
  it('have words for every zone the runtime lists', () => {
    const places = placeKeywords();
    const missing = runtimeZones().filter((zone) => zone !== UTC && !places.get(zone)?.trim());
    expect(missing).toEqual([]);
  });
});
