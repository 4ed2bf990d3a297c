import { describe, expect, it } from 'vitest';
import { convertibleCurrencies, currencyOptions } from './options';

const described = [
  { code: 'USD', description: 'US Dollar' },
  { code: 'UGX', description: 'Uganda Shilling' },
  { code: 'CHE', description: 'WIR Euro' },
  { code: 'BOV', description: 'Mvdol' },
];

describe('the currencies offered', () => {
  it('are those the rate table has a usable rate for, named by the list', () => {
    const rates = { USD: 1, UGX: 3700, EUR: 0.92, CHF: 0, XXX: Number.NaN };
    expect(convertibleCurrencies(rates, described)).toEqual([
      { value: 'EUR', label: 'EUR' },
      { value: 'UGX', label: 'UGX - Uganda Shilling' },
      { value: 'USD', label: 'USD - US Dollar' },
    ]);
  });

  it('are the rate table bare without the list, the list before the rates, nothing with neither', () => {
    expect(convertibleCurrencies({ usd: 1 }, undefined)).toEqual([{ value: 'USD', label: 'USD' }]);
    expect(convertibleCurrencies(undefined, described)).toEqual(currencyOptions(described));
    expect(convertibleCurrencies(undefined, undefined)).toBeUndefined();
  });

  it('list each code once, upper-cased, in order of code', () => {
    expect(currencyOptions([{ code: ' ugx' }, { code: 'UGX', description: 'again' }, { code: '' }])).toEqual([
      { value: 'UGX', label: 'UGX' },
    ]);
  });
});
