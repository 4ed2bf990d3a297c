import { describe, expect, it } from 'vitest';
import { COUNTRIES, CURRENCIES, KNOWN_CURRENCY_CODES } from './countries';

describe('COUNTRIES', () => {
  it('lists every country by name with its first currency', () => {
    expect(COUNTRIES.length).toBeGreaterThan(240);
    expect(COUNTRIES).toContainEqual({ name: 'Uganda', code: 'UG', currency: 'UGX' });
    expect(COUNTRIES).toContainEqual({ name: 'United States', code: 'US', currency: 'USD' });
    expect(COUNTRIES).toContainEqual({ name: 'Switzerland', code: 'CH', currency: 'CHF' });
    const names = COUNTRIES.map((country) => country.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'en')));
  });

  it('gives USD to a country without a currency', () => {
    expect(COUNTRIES.find((country) => country.code === 'AQ')?.currency).toBe('USD');
  });
});

describe('CURRENCIES', () => {
  it('lists current currencies by code, with their ISO 4217 names', () => {
    const codes = CURRENCIES.map((currency) => currency.code);
    expect(codes).toEqual([...codes].sort());
    expect(CURRENCIES).toContainEqual({ code: 'UGX', description: 'Uganda Shilling' });
    expect(CURRENCIES).toContainEqual({ code: 'EUR', description: 'Euro' });
    // Newer than the ISO list of currency-codes: described by countries-list.
    expect(codes).toContain('XCG');
    for (const currency of CURRENCIES) expect(currency.description).not.toBe('');
  });

  it('leaves out withdrawn codes and units that are not a country’s money', () => {
    const codes = CURRENCIES.map((currency) => currency.code);
    for (const code of ['ANG', 'CUC', 'XXX', 'XTS']) expect(codes).not.toContain(code);
  });

  it('every country’s currency is listed', () => {
    const codes = new Set(CURRENCIES.map((currency) => currency.code));
    for (const country of COUNTRIES) expect(codes.has(country.currency), country.code).toBe(true);
    for (const code of codes) expect(KNOWN_CURRENCY_CODES.has(code)).toBe(true);
  });
});
