import { expectError, expectOk } from '@toolbox/sdk/testing';
import { describe, expect, it } from 'vitest';
import { compute } from './compute';
import { currentZoneName } from './current-names';

const NY = 'America/New_York';
const LONDON = 'Europe/London';

describe('timezone-converter compute', () => {
  // 2026: the US springs forward on 8 March and falls back on 1 November; the UK on 29 March and 25 October.
  it.each([
    ['2026-03-07T12:00', NY, LONDON, '2026-03-07T17:00', '-05:00', '+00:00'],
    ['2026-03-09T12:00', NY, LONDON, '2026-03-09T16:00', '-04:00', '+00:00'],
    ['2026-03-30T12:00', NY, LONDON, '2026-03-30T17:00', '-04:00', '+01:00'],
    ['2026-10-24T12:00', NY, LONDON, '2026-10-24T17:00', '-04:00', '+01:00'],
    ['2026-10-26T12:00', NY, LONDON, '2026-10-26T16:00', '-04:00', '+00:00'],
    ['2026-11-02T12:00', NY, LONDON, '2026-11-02T17:00', '-05:00', '+00:00'],
    ['2026-03-28T23:30', LONDON, NY, '2026-03-28T19:30', '+00:00', '-04:00'],
    ['2026-03-29T03:00', LONDON, NY, '2026-03-28T22:00', '+01:00', '-04:00'],
    ['2026-10-25T12:00', LONDON, NY, '2026-10-25T08:00', '+00:00', '-04:00'],
    ['2026-11-01T12:00', LONDON, NY, '2026-11-01T07:00', '+00:00', '-05:00'],
  ])('%s in %s is, in %s, %s', (datetime, from, to, expected, fromOffset, toOffset) => {
    const result = expectOk(compute({ datetime, from, to }));
    expect(result.datetime).toBe(expected);
    expect(result.fromOffset).toBe(fromOffset);
    expect(result.toOffset).toBe(toOffset);
  });

  it('moves a wall time in the spring-forward gap forward by the gap', () => {
    const result = expectOk(compute({ datetime: '2026-03-08T02:30', from: NY, to: 'UTC' }));
    expect(result.fromDatetime).toBe('2026-03-08T03:30');
    expect(result.fromOffset).toBe('-04:00');
    expect(result.datetime).toBe('2026-03-08T07:30');
    expect(result.note).toBe(
      '2026-03-08 02:30 does not exist in America/New_York (clocks move forward); 2026-03-08 03:30 is used.',
    );
    const london = expectOk(compute({ datetime: '2026-03-29T01:30', from: LONDON, to: NY }));
    expect(london.fromDatetime).toBe('2026-03-29T02:30');
    expect(london.fromOffset).toBe('+01:00');
    expect(london.datetime).toBe('2026-03-28T21:30');
  });

  it('takes the earlier instant of an ambiguous wall time', () => {
    const result = expectOk(compute({ datetime: '2026-11-01T01:30', from: NY, to: 'UTC' }));
    expect(result.fromOffset).toBe('-04:00');
    expect(result.fromDatetime).toBe('2026-11-01T01:30');
    expect(result.datetime).toBe('2026-11-01T05:30');
    expect(result.note).toBe(
      '2026-11-01 01:30 happens twice in America/New_York (clocks move back); the earlier one, UTC-04:00, is used.',
    );
    const london = expectOk(compute({ datetime: '2026-10-25T01:30', from: LONDON, to: 'UTC' }));
    expect(london.fromOffset).toBe('+01:00');
    expect(london.datetime).toBe('2026-10-25T00:30');
  });

  it('adds no note to an ordinary wall time', () => {
    expect(expectOk(compute({ datetime: '2026-07-01T09:00', from: NY, to: LONDON })).note).toBeUndefined();
    // The instant right after the fold's end is unambiguous again.
    expect(expectOk(compute({ datetime: '2026-11-01T02:00', from: NY, to: 'UTC' })).note).toBeUndefined();
  });

  it.each([
    ['Asia/Kolkata', '2026-01-15T17:30', '+05:30'],
    ['Asia/Calcutta', '2026-01-15T17:30', '+05:30'],
    ['Asia/Kathmandu', '2026-01-15T17:45', '+05:45'],
    ['Australia/Adelaide', '2026-01-15T22:30', '+10:30'],
    ['Pacific/Chatham', '2026-01-16T01:45', '+13:45'],
    ['Pacific/Kiritimati', '2026-01-16T02:00', '+14:00'],
    ['Pacific/Pago_Pago', '2026-01-15T01:00', '-11:00'],
    ['America/St_Johns', '2026-01-15T08:30', '-03:30'],
  ])('12:00 UTC in January is, in %s, %s (%s)', (to, expected, toOffset) => {
    const result = expectOk(compute({ datetime: '2026-01-15T12:00', from: 'UTC', to }));
    expect(result.datetime).toBe(expected);
    expect(result.toOffset).toBe(toOffset);
    expect(result.fromOffset).toBe('+00:00');
  });

  it('follows the southern-hemisphere daylight saving of Adelaide', () => {
    expect(
      expectOk(compute({ datetime: '2026-07-15T00:00', from: 'UTC', to: 'Australia/Adelaide' })).toOffset,
    ).toBe('+09:30');
  });

  // Daylight saving of half an hour (Lord Howe) and the gaps and folds of zones off the whole hour.
  it.each([
    // Adelaide (+09:30, +10:30 in summer) falls back on 5 April 2026 at 03:00 and springs forward on
    // 4 October at 02:00.
    ['2026-04-05T02:30', 'Australia/Adelaide', '2026-04-05T02:30', '+10:30', '2026-04-04T16:00', 'twice'],
    ['2026-04-05T03:00', 'Australia/Adelaide', '2026-04-05T03:00', '+09:30', '2026-04-04T17:30', undefined],
    ['2026-10-04T02:30', 'Australia/Adelaide', '2026-10-04T03:30', '+10:30', '2026-10-03T17:00', 'forward'],
    ['2026-10-04T01:59', 'Australia/Adelaide', '2026-10-04T01:59', '+09:30', '2026-10-03T16:29', undefined],
    // Lord Howe moves its clocks by 30 minutes: back at 02:00 to 01:30, forward at 02:00 to 02:30.
    ['2026-04-05T01:45', 'Australia/Lord_Howe', '2026-04-05T01:45', '+11:00', '2026-04-04T14:45', 'twice'],
    ['2026-10-04T02:15', 'Australia/Lord_Howe', '2026-10-04T02:45', '+11:00', '2026-10-03T15:45', 'forward'],
    // Nepal moved from +05:30 to +05:45 at midnight on 1 January 1986: 00:00 to 00:15 never happened.
    ['1985-12-31T23:59', 'Asia/Kathmandu', '1985-12-31T23:59', '+05:30', '1985-12-31T18:29', undefined],
    ['1986-01-01T00:10', 'Asia/Kathmandu', '1986-01-01T00:25', '+05:45', '1985-12-31T18:40', 'forward'],
    ['1986-01-01T00:15', 'Asia/Kathmandu', '1986-01-01T00:15', '+05:45', '1985-12-31T18:30', undefined],
    // India has kept +05:30 all year since 1945.
    ['2026-03-29T02:30', 'Asia/Kolkata', '2026-03-29T02:30', '+05:30', '2026-03-28T21:00', undefined],
  ])('%s in %s is %s (UTC%s), %s UTC', (datetime, from, fromDatetime, fromOffset, utc, note) => {
    const result = expectOk(compute({ datetime, from, to: 'UTC' }));
    expect(result.fromDatetime).toBe(fromDatetime);
    expect(result.fromOffset).toBe(fromOffset);
    expect(result.datetime).toBe(utc);
    const shown = datetime.replace('T', ' ');
    expect(result.note).toBe(
      note === 'forward'
        ? `${shown} does not exist in ${from} (clocks move forward); ${fromDatetime.replace('T', ' ')} is used.`
        : note === 'twice'
          ? `${shown} happens twice in ${from} (clocks move back); the earlier one, UTC${fromOffset}, is used.`
          : undefined,
    );
  });

  it.each([
    ['2026-07-01T12:00', 'Asia/Kolkata', 'Asia/Kathmandu', '2026-07-01T12:15'],
    ['2026-01-15T01:00', 'Australia/Adelaide', 'Asia/Kolkata', '2026-01-14T20:00'],
    ['2026-07-15T01:00', 'Australia/Adelaide', 'Asia/Kolkata', '2026-07-14T21:00'],
    ['2026-01-15T12:00', 'Asia/Kathmandu', 'Pacific/Chatham', '2026-01-15T20:00'],
    ['2026-07-15T12:00', 'Asia/Kathmandu', 'America/St_Johns', '2026-07-15T03:45'],
  ])('%s in %s is, in %s, %s (zones off the whole hour)', (datetime, from, to, expected) => {
    expect(expectOk(compute({ datetime, from, to })).datetime).toBe(expected);
  });

  it('reads the offset of every zone the runtime lists as Intl writes it, and converts back', () => {
    const zones = Intl.supportedValuesOf('timeZone');
    expect(zones.length).toBeGreaterThan(300);
    for (const to of zones) {
      const gmt = new Intl.DateTimeFormat('en-US', { timeZone: to, timeZoneName: 'longOffset' });
      for (let month = 1; month <= 12; month++) {
        const datetime = `2026-${String(month).padStart(2, '0')}-15T12:00`;
        const there = expectOk(compute({ datetime, from: 'UTC', to }));
        const written = gmt.formatToParts(Date.parse(`${datetime}Z`)).find((p) => p.type === 'timeZoneName');
        expect(`UTC${there.toOffset}`).toBe(
          written?.value.replace(/^GMT$/, 'GMT+00:00').replace('GMT', 'UTC'),
        );
        expect(expectOk(compute({ datetime: there.datetime, from: to, to: 'UTC' })).datetime).toBe(datetime);
      }
    }
    // Every zone, every month, both ways: seconds on a busy machine, not the 5 s default.
  }, 60_000);

  it('writes every zone the runtime lists as the runtime spells it (a renamed one by its current name), whatever the letter case given', () => {
    for (const zone of Intl.supportedValuesOf('timeZone')) {
      for (const given of [zone.toLowerCase(), zone.toUpperCase()]) {
        expect(expectOk(compute({ datetime: '2026-01-01T00:00', from: given, to: given })).text).toContain(
          ` ${currentZoneName(zone)} (UTC`,
        );
      }
    }
  });

  it('calls a renamed zone by its current name, even when a link gives its old one', () => {
    // Runtimes on ICU list Asia/Kolkata as Asia/Calcutta, Europe/Kyiv as Europe/Kiev.
    const renamed = expectOk(
      compute({ datetime: '2026-07-01T12:00', from: 'Asia/Calcutta', to: 'europe/kiev' }),
    );
    expect(renamed.text).toBe(
      'Converted Time: 2026-07-01 09:30 Europe/Kyiv (UTC+03:00)\nFrom: 2026-07-01 12:00 Asia/Kolkata (UTC+05:30)',
    );
    for (const [old, current] of [
      ['Asia/Saigon', 'Asia/Ho_Chi_Minh'],
      ['Asia/Katmandu', 'Asia/Kathmandu'],
    ]) {
      expect(expectOk(compute({ datetime: '2026-07-01T12:00', from: old, to: 'UTC' })).text).toContain(
        `${current} (UTC`,
      );
    }
  });

  it('keeps the name given for a zone the runtime calls by another name', () => {
    // Runtimes on ICU call US/Eastern America/New_York.
    const result = expectOk(
      compute({ datetime: '2026-01-01T00:00', from: 'US/Eastern', to: 'Asia/Kolkata' }),
    );
    expect(result.text).toBe(
      'Converted Time: 2026-01-01 10:30 Asia/Kolkata (UTC+05:30)\nFrom: 2026-01-01 00:00 US/Eastern (UTC-05:00)',
    );
  });

  it('writes years past 9999 and before 1 as ISO 8601 does, six digits and a sign', () => {
    expect(
      expectOk(compute({ datetime: '9999-12-31T23:30', from: 'Pacific/Pago_Pago', to: 'Pacific/Kiritimati' }))
        .datetime,
    ).toBe('+010000-01-02T00:30');
    // Etc/GMT+5 is five hours behind UTC (the sign of the Etc zones is the other way round).
    expect(expectOk(compute({ datetime: '0000-01-01T00:00', from: 'UTC', to: 'Etc/GMT+5' })).datetime).toBe(
      '-000001-12-31T19:00',
    );
    expect(expectOk(compute({ datetime: '0000-02-29T12:00', from: 'UTC', to: 'UTC' })).datetime).toBe(
      '0000-02-29T12:00',
    );
  });

  it('rounds a local mean time offset to the minute and answers to the minute', () => {
    // Before 1883 New York kept its local mean time, 4:56:02 behind Greenwich.
    const result = expectOk(compute({ datetime: '1850-01-01T12:00', from: 'UTC', to: NY }));
    expect(result.toOffset).toBe('-04:56');
    expect(result.datetime).toBe('1850-01-01T07:03');
  });

  it('writes the converted time with both offsets', () => {
    expect(expectOk(compute({ datetime: '2026-07-01T09:00', from: NY, to: 'Asia/Kolkata' })).text).toBe(
      'Converted Time: 2026-07-01 18:30 Asia/Kolkata (UTC+05:30)\nFrom: 2026-07-01 09:00 America/New_York (UTC-04:00)',
    );
  });

  it('accepts UTC, legacy names and any letter case', () => {
    expect(expectOk(compute({ datetime: '2026-01-01T00:00', from: 'UTC', to: 'Etc/UTC' })).datetime).toBe(
      '2026-01-01T00:00',
    );
    expect(expectOk(compute({ datetime: '2026-01-01T00:00', from: 'US/Eastern', to: 'utc' })).datetime).toBe(
      '2026-01-01T05:00',
    );
    const lower = expectOk(compute({ datetime: '2026-01-01T00:00', from: 'america/new_york', to: 'UTC' }));
    expect(lower.text).toContain('America/New_York');
    // A renamed zone's current name, in whatever case it comes, is written in its own.
    const renamed = expectOk(compute({ datetime: '2026-01-01T00:00', from: 'UTC', to: 'asia/kolkata' }));
    expect(renamed.datetime).toBe('2026-01-01T05:30');
    expect(renamed.text).toContain('Asia/Kolkata (UTC+05:30)');
  });

  it('accepts seconds and answers to the minute', () => {
    expect(
      expectOk(compute({ datetime: '2026-01-15T12:00:59', from: 'UTC', to: 'Asia/Tokyo' })).datetime,
    ).toBe('2026-01-15T21:00');
  });

  it('crosses the date line and the year end', () => {
    expect(
      expectOk(compute({ datetime: '2026-12-31T23:30', from: 'Pacific/Kiritimati', to: 'Pacific/Pago_Pago' }))
        .datetime,
    ).toBe('2026-12-30T22:30');
    expect(expectOk(compute({ datetime: '2026-12-31T20:00', from: NY, to: 'Asia/Tokyo' })).datetime).toBe(
      '2027-01-01T10:00',
    );
  });

  it('converts there and back to the same wall time outside gaps and folds', () => {
    const zones = [
      NY,
      LONDON,
      'Asia/Kolkata',
      'Asia/Kathmandu',
      'Australia/Adelaide',
      'UTC',
      'America/Sao_Paulo',
    ];
    const times = ['2026-01-15T08:15', '2026-04-01T12:00', '2026-07-04T23:59', '2026-10-10T00:00'];
    for (const from of zones) {
      for (const to of zones) {
        for (const datetime of times) {
          const there = expectOk(compute({ datetime, from, to }));
          const back = expectOk(compute({ datetime: there.datetime, from: to, to: from }));
          expect(back.datetime).toBe(datetime);
          expect(back.fromOffset).toBe(there.toOffset);
          expect(back.toOffset).toBe(there.fromOffset);
        }
      }
    }
  });

  it.each([
    [{ datetime: '', from: NY, to: LONDON }],
    [{ datetime: '2026-01-01T00:00', from: '', to: LONDON }],
    [{ datetime: '2026-01-01T00:00', from: NY, to: '  ' }],
    [{ datetime: '2026-01-01T00:00', from: NY }],
    [{ from: NY, to: LONDON }],
    [{ datetime: null, from: NY, to: LONDON }],
    [{ datetime: 20260101, from: NY, to: LONDON }],
    [undefined],
  ])('asks for every field: %j', (input) => {
    expect(expectError(compute(input as never))).toBe('Please fill all fields');
  });

  it.each([
    ['Mars/Olympus_Mons', LONDON],
    [NY, 'Europe/Atlantis'],
    ['EST5EDT6', LONDON],
    ['New York', LONDON],
    // Fixed offsets are no zone names, nor are ICU's three-letter ids (IST is India, Israel or Ireland).
    ['+05:30', LONDON],
    [NY, '-03:00'],
    ['IST', LONDON],
    [NY, 'pst'],
    ['AET', LONDON],
  ])('refuses an unknown zone %s → %s', (from, to) => {
    expect(expectError(compute({ datetime: '2026-01-01T00:00', from, to }))).toBe(
      'Could not retrieve timezone offsets',
    );
  });

  it.each([
    ['2026-02-30T12:00'],
    ['2026-13-01T00:00'],
    ['2026-01-01T24:30'],
    ['2026-01-01 12:00'],
    ['tomorrow'],
    ['2026-01-01'],
    ['2026-01-01T24:00'],
    ['2026-01-15T12:00:60'],
    ['2025-02-29T12:00'],
    ['2026-04-31T12:00'],
    ['+02026-01-01T12:00'],
    ['2026-01-01T12:00Z'],
  ])('refuses %s, which is no date and time', (datetime) => {
    expect(expectError(compute({ datetime, from: NY, to: LONDON }))).toBe('Conversion failed');
  });
});
