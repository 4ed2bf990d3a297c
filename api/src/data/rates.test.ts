import { describe, expect, it } from 'vitest';
import { ProviderError } from './fetch-json';
import { OFFLINE_RATES, parseOpenErApi, parseSnapshot, rebase } from './rates';

const openErApi = (overrides: Record<string, unknown> = {}) => ({
  result: 'success',
  time_last_update_unix: 1_790_640_000, // 2026-09-29T00:00:00Z
  base_code: 'USD',
  rates: { USD: 1, EUR: 0.9, UGX: 3800, GBP: 0.75 },
  ...overrides,
});

describe('the offline snapshot', () => {
  it('is the pinned package version, USD based, with upper-case ISO codes', () => {
    expect(OFFLINE_RATES.date).toBe('2026-09-29');
    expect(OFFLINE_RATES.rates.USD).toBe(1);
    expect(OFFLINE_RATES.rates.EUR).toBeGreaterThan(0);
    expect(OFFLINE_RATES.rates.UGX).toBeGreaterThan(1000);
    for (const code of Object.keys(OFFLINE_RATES.rates)) expect(code).toMatch(/^[A-Z]{3}$/);
  });

  it('leaves out crypto tokens and names that are not ISO 4217 codes', () => {
    const table = parseSnapshot({ date: '2026-01-02', usd: { usd: 1, eur: 0.8, btc: 0.00001, '1inch': 3 } });
    expect(table).toEqual({ date: '2026-01-02', rates: { EUR: 0.8, USD: 1 } });
  });
});

describe('parseOpenErApi', () => {
  it('reads the table and the day of its last update', () => {
    expect(parseOpenErApi(openErApi())).toEqual({
      date: '2026-09-29',
      rates: { EUR: 0.9, GBP: 0.75, UGX: 3800, USD: 1 },
    });
  });

  it('drops codes that are not ISO currencies (FOK, lower-case junk)', () => {
    const table = parseOpenErApi(openErApi({ rates: { USD: 1, EUR: 0.9, FOK: 6.5, xyz1: 2 } }));
    expect(table.rates).toEqual({ EUR: 0.9, USD: 1 });
  });

  it.each([
    ['not an object', '<html>'],
    ['null', null],
    ['an error result', openErApi({ result: 'error', 'error-type': 'unsupported-code' })],
    ['another base', openErApi({ base_code: 'EUR' })],
    ['no rates', openErApi({ rates: undefined })],
    ['a rate that is not a number', openErApi({ rates: { USD: 1, EUR: '0.9' } })],
    ['a zero rate', openErApi({ rates: { USD: 1, EUR: 0 } })],
    ['a negative rate', openErApi({ rates: { USD: 1, EUR: -1 } })],
    ['no time', openErApi({ time_last_update_unix: undefined })],
    ['a time too large for a date', openErApi({ time_last_update_unix: 1e20 })],
    ['only the base', openErApi({ rates: { USD: 1 } })],
  ])('refuses %s as a ProviderError', (_, json) => {
    expect(() => parseOpenErApi(json)).toThrow(ProviderError);
  });
});

describe('rebase', () => {
  const usd = { EUR: 0.8, UGX: 4000, USD: 1 };

  it('keeps a USD table as it is', () => {
    expect(rebase(usd, 'USD')).toEqual(usd);
  });

  it('divides by the base rate, with the base exactly 1', () => {
    const eur = rebase(usd, 'EUR');
    expect(eur.EUR).toBe(1);
    expect(eur.USD).toBeCloseTo(1.25, 12);
    expect(eur.UGX).toBeCloseTo(5000, 9);
  });

  it('refuses a base that is not in the table', () => {
    expect(() => rebase(usd, 'GBP')).toThrow();
  });
});
