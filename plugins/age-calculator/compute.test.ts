import { expectError, expectOk } from '@toolbox/sdk/testing';
import { describe, expect, it } from 'vitest';
import { type AgeInput, type AgeOutput, type BirthdayOutput, compute, gather, parseDate } from './compute';

const ageOf = (birthDate: string, today: string) =>
  expectOk(compute({ mode: 'age', birthDate, today })) as AgeOutput;
const birthdayOf = (birthDate: string, today: string) =>
  expectOk(compute({ mode: 'birthday', birthDate, today })) as BirthdayOutput;

/** Days between two dates by the platform's calendar (UTC, so no daylight-saving hours). */
const daysBetween = (a: string, b: string) =>
  (Date.parse(`${b}T00:00Z`) - Date.parse(`${a}T00:00Z`)) / 86400000;

describe('age', () => {
  it('counts years, months and days since birth', () => {
    expect(ageOf('1990-05-15', '2024-08-20')).toEqual({
      years: 34,
      months: 3,
      days: 5,
      totalDays: daysBetween('1990-05-15', '2024-08-20'),
      text: 'Your age is: 34 years',
    });
  });

  it('drops by one while this year’s birthday has not occurred', () => {
    expect(ageOf('1990-08-21', '2024-08-20').years).toBe(33);
    expect(ageOf('1990-08-20', '2024-08-20').years).toBe(34);
    expect(ageOf('1990-12-31', '2024-01-01')).toMatchObject({ years: 33, months: 0, days: 1 });
  });

  it('says "year" for one year, "years" otherwise', () => {
    expect(ageOf('2023-03-01', '2024-03-01').text).toBe('Your age is: 1 year');
    expect(ageOf('2022-03-01', '2024-03-01').text).toBe('Your age is: 2 years');
    expect(ageOf('2024-03-01', '2024-08-01').text).toBe('Your age is: 0 years');
  });

  it('born today: all zero', () => {
    expect(ageOf('2024-06-10', '2024-06-10')).toEqual({
      years: 0,
      months: 0,
      days: 0,
      totalDays: 0,
      text: 'Your age is: 0 years',
    });
  });

  it('months are whole months since the last birthday (0–11), days since the last month-day', () => {
    expect(ageOf('2000-01-15', '2024-12-14')).toMatchObject({ years: 24, months: 10, days: 29 });
    expect(ageOf('2000-01-15', '2025-01-14')).toMatchObject({ years: 24, months: 11, days: 30 });
    expect(ageOf('2000-01-15', '2025-01-15')).toMatchObject({ years: 25, months: 0, days: 0 });
  });

  it('a month-day past the end of a short month falls on its last day', () => {
    // Born on the 31st: the month-day in February 2023 is the 28th.
    expect(ageOf('2000-01-31', '2023-02-28')).toMatchObject({ years: 23, months: 1, days: 0 });
    expect(ageOf('2000-01-31', '2023-03-01')).toMatchObject({ years: 23, months: 1, days: 1 });
    expect(ageOf('2000-01-31', '2023-03-31')).toMatchObject({ years: 23, months: 2, days: 0 });
  });

  it('29 February: the birthday is 28 February in a common year', () => {
    expect(ageOf('2000-02-29', '2023-02-27')).toMatchObject({ years: 22, months: 11 });
    expect(ageOf('2000-02-29', '2023-02-28')).toMatchObject({ years: 23, months: 0, days: 0 });
    expect(ageOf('2000-02-29', '2024-02-28')).toMatchObject({ years: 23, months: 11 });
    expect(ageOf('2000-02-29', '2024-02-29')).toMatchObject({ years: 24, months: 0, days: 0 });
    expect(ageOf('2000-02-29', '2023-03-28')).toMatchObject({ years: 23, months: 0, days: 28 });
  });

  it('total days match the calendar across leap years and centuries', () => {
    for (const [birth, today] of [
      ['1900-01-01', '2024-12-31'],
      ['1899-12-31', '1900-03-01'],
      ['1999-12-31', '2000-03-01'],
      ['2024-02-28', '2024-03-01'],
    ] as const) {
      expect(ageOf(birth, today).totalDays).toBe(daysBetween(birth, today));
    }
  });

  it('property: last birthday + months + days lands on today', () => {
    const start = Date.parse('1950-01-01T00:00Z');
    for (let k = 0; k < 400; k++) {
      // A spread of birth dates and later todays (deterministic, no randomness).
      const birth = new Date(start + ((k * 7919) % 20000) * 86400000).toISOString().slice(0, 10);
      const today = new Date(Date.parse(`${birth}T00:00Z`) + ((k * 104729) % 30000) * 86400000)
        .toISOString()
        .slice(0, 10);
      const out = ageOf(birth, today);
      expect(out.months).toBeGreaterThanOrEqual(0);
      expect(out.months).toBeLessThanOrEqual(11);
      expect(out.days).toBeGreaterThanOrEqual(0);
      expect(out.days).toBeLessThanOrEqual(30);
      expect(out.totalDays).toBe(daysBetween(birth, today));
      // Rebuild: the birth's month-day, years + months later (clamped), plus days, is today.
      const b = parseDate(birth);
      if (!b) throw new Error('bad date');
      const index = b.month - 1 + out.months;
      const year = b.year + out.years + Math.floor(index / 12);
      const month = (index % 12) + 1;
      const last = new Date(Date.UTC(year, month, 0)).getUTCDate();
      const anchor = Date.UTC(year, month - 1, Math.min(b.day, last));
      expect(new Date(anchor + out.days * 86400000).toISOString().slice(0, 10)).toBe(today);
    }
  });
});

describe('upcoming birthday', () => {
  it('later this year', () => {
    expect(birthdayOf('1990-12-25', '2024-12-01')).toEqual({
      nextBirthday: '2024-12-25',
      daysRemaining: 24,
      text: 'Your next birthday is on: 2024-12-25\nDays remaining: 24 days',
    });
  });

  it('already past: rolls to next year', () => {
    expect(birthdayOf('1990-01-10', '2024-06-01')).toMatchObject({
      nextBirthday: '2025-01-10',
      daysRemaining: daysBetween('2024-06-01', '2025-01-10'),
    });
  });

  it('a birthday that is today counts as today: 0 days', () => {
    expect(birthdayOf('1990-06-01', '2024-06-01')).toEqual({
      nextBirthday: '2024-06-01',
      daysRemaining: 0,
      text: 'Your next birthday is on: 2024-06-01\nDays remaining: 0 days',
    });
  });

  it('says "day" for one day', () => {
    expect(birthdayOf('1990-06-02', '2024-06-01').text).toBe(
      'Your next birthday is on: 2024-06-02\nDays remaining: 1 day',
    );
  });

  it('29 February: 28 February in a common year, 29 in a leap year', () => {
    expect(birthdayOf('2000-02-29', '2023-01-01').nextBirthday).toBe('2023-02-28');
    expect(birthdayOf('2000-02-29', '2023-03-01').nextBirthday).toBe('2024-02-29');
    expect(birthdayOf('2000-02-29', '2024-02-29').daysRemaining).toBe(0);
    expect(birthdayOf('2000-02-29', '2025-02-28')).toMatchObject({
      nextBirthday: '2025-02-28',
      daysRemaining: 0,
    });
  });

  it('across the new year', () => {
    expect(birthdayOf('1980-01-01', '2024-12-31')).toMatchObject({
      nextBirthday: '2025-01-01',
      daysRemaining: 1,
    });
  });

  it('days remaining is never negative nor a year or more', () => {
    for (const today of ['2023-01-01', '2023-07-15', '2024-02-29', '2024-12-31']) {
      for (const birth of ['1970-01-01', '1988-02-29', '1999-07-15', '2000-12-31']) {
        const { daysRemaining } = birthdayOf(birth, today);
        expect(daysRemaining).toBeGreaterThanOrEqual(0);
        expect(daysRemaining).toBeLessThanOrEqual(365);
      }
    }
  });
});

describe('errors', () => {
  it.each(['age', 'birthday'] as const)('%s: empty or missing → Please select your birth date', (mode) => {
    expect(expectError(compute({ mode, birthDate: '', today: '2024-06-01' }))).toBe(
      'Please select your birth date',
    );
    expect(expectError(compute({ mode, today: '2024-06-01' } as AgeInput))).toBe(
      'Please select your birth date',
    );
    expect(expectError(compute({ mode, birthDate: null, today: '2024-06-01' }))).toBe(
      'Please select your birth date',
    );
  });

  it.each(['2023-02-29', '2024-13-01', '2024-04-31', '2024-00-10', '1990-1-5', 'yesterday', '0000-01-01'])(
    '%j is not a real date → Please select your birth date',
    (birthDate) => {
      expect(expectError(compute({ mode: 'age', birthDate, today: '2024-06-01' }))).toBe(
        'Please select your birth date',
      );
    },
  );

  it.each(['age', 'birthday'] as const)('%s: after today → Birth date cannot be in the future', (mode) => {
    expect(expectError(compute({ mode, birthDate: '2024-06-02', today: '2024-06-01' }))).toBe(
      'Birth date cannot be in the future',
    );
  });

  it('needs today and a mode from the view', () => {
    expect(expectError(compute({ mode: 'age', birthDate: '2000-01-01', today: '' }))).toBe(
      "Today's date is missing",
    );
    expect(expectError(compute({ mode: 'zodiac', birthDate: '2000-01-01', today: '2024-01-01' }))).toBe(
      'Please choose Calculate Age or Upcoming Birthday',
    );
  });
});

describe('age-calculator gather (off the browser)', () => {
  const context = {
    today: '2026-11-24',
    currentYear: 2026,
    rates: async () => undefined,
    cpi: async () => undefined,
  };
  it("uses the context's day unless the caller sent one", async () => {
    expect(await gather({ mode: 'age', birthDate: '2000-01-01' }, context)).toMatchObject({
      today: '2026-11-24',
    });
    expect(await gather({ mode: 'age', birthDate: '2000-01-01', today: ' ' }, context)).toMatchObject({
      today: '2026-11-24',
    });
    expect(
      await gather({ mode: 'age', birthDate: '2000-01-01', today: '2020-01-01' }, context),
    ).toMatchObject({
      today: '2020-01-01',
    });
    expect(await gather({ mode: 'age', birthDate: '2000-01-01', today: null }, context)).toMatchObject({
      today: '2026-11-24',
    });
  });

  it('keeps a day that is not a date, for the compute to refuse by name', async () => {
    for (const today of [5, 'yesterday', '2023-02-29', true, {}]) {
      const gathered = await gather({ mode: 'age', birthDate: '2000-01-01', today }, context);
      expect(gathered.today).toBe(today);
      expect(expectError(compute(gathered as AgeInput))).toBe(
        "Today's date must be a date written YYYY-MM-DD",
      );
    }
    expect(expectError(compute({ mode: 'age', birthDate: '2000-01-01', today: '' }))).toBe(
      "Today's date is missing",
    );
  });
});
