import { describe, expect, it } from 'vitest';
import { normaliseSeries, parseWorldBank, worldBankUrl } from './cpi';
import { ProviderError } from './fetch-json';

const meta = { page: 1, pages: 1, per_page: 100, total: 3, sourceid: '2', lastupdated: '2026-07-01' };
const entry = (date: string, value: number | null) => ({
  indicator: { id: 'FP.CPI.TOTL', value: 'Consumer price index (2010 = 100)' },
  country: { id: 'US', value: 'United States' },
  countryiso3code: 'USA',
  date,
  value,
  unit: '',
  obs_status: '',
  decimal: 0,
});

describe('parseWorldBank', () => {
  it('reads the entries with a value, skipping the empty years', () => {
    const page = parseWorldBank([meta, [entry('2002', 104.5), entry('2001', null), entry('2000', 100)]]);
    expect(page).toEqual({
      pages: 1,
      series: [
        { year: 2002, value: 104.5 },
        { year: 2000, value: 100 },
      ],
    });
  });

  it('reads an unknown country (no second element, or null) as no data', () => {
    const error = [
      { message: [{ id: '120', key: 'Invalid value', value: 'The provided parameter value is not valid' }] },
    ];
    expect(parseWorldBank(error)).toEqual({ pages: 1, series: [] });
    expect(parseWorldBank([{ ...meta, total: 0 }, null])).toEqual({ pages: 1, series: [] });
  });

  it('says how many pages there are', () => {
    expect(parseWorldBank([{ ...meta, pages: 2 }, []]).pages).toBe(2);
  });

  it.each([
    ['HTML', '<html>Service unavailable</html>'],
    ['an object', { data: [] }],
    ['an empty array', []],
    ['entries that are not a list', [meta, { '2020': 1 }]],
    ['a year that is not one', [meta, [entry('20x0', 1)]]],
    ['a value that is not a number', [meta, [{ date: '2020', value: '123' }]]],
    ['a meta that is not an object', ['meta', []]],
  ])('refuses %s as a ProviderError', (_, json) => {
    expect(() => parseWorldBank(json)).toThrow(ProviderError);
  });
});

describe('normaliseSeries', () => {
  it('sorts by year, keeps the first value of a year and only the years asked for', () => {
    const points = [
      { year: 2003, value: 4 },
      { year: 2001, value: 2 },
      { year: 2001, value: 99 },
      { year: 1999, value: 1 },
      { year: 2002, value: 3 },
    ];
    expect(normaliseSeries(points, 2000, 2002)).toEqual([
      { year: 2001, value: 2 },
      { year: 2002, value: 3 },
    ]);
  });
});

describe('worldBankUrl', () => {
  it('asks for the indicator over the range, 100 a page', () => {
    expect(worldBankUrl('https://api.worldbank.org/v2/', 'US', 2000, 2020)).toBe(
      'https://api.worldbank.org/v2/country/US/indicator/FP.CPI.TOTL?date=2000:2020&format=json&per_page=100',
    );
    expect(worldBankUrl('http://127.0.0.1:1/v2', 'UG', 1990, 2000, 2)).toMatch(/&page=2$/);
  });
});
