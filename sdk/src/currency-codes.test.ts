import { describe, expect, it } from 'vitest';
import { currencyCode, rateOf } from './currency-codes';

describe('currencyCode', () => {
  it('trims and upper-cases what a link or a person wrote', () => {
    expect(currencyCode(' eur ')).toBe('EUR');
    expect(currencyCode('Ugx')).toBe('UGX');
    expect(currencyCode('USD')).toBe('USD');
    expect(currencyCode('  ')).toBe('');
  });
});

describe('rateOf', () => {
  const rates = { USD: 1, UGX: 3914.67, EUR: 0.92, ZERO: 0, NEG: -2, NAN: Number.NaN, TEXT: '5' };

  it('finds a code whatever its case and spacing', () => {
    expect(rateOf(rates, 'UGX')).toBe(3914.67);
    expect(rateOf(rates, 'ugx')).toBe(3914.67);
    expect(rateOf(rates, ' eur ')).toBe(0.92);
  });

  it('reads a table written with lower-case keys', () => {
    expect(rateOf({ ugx: 3900 }, 'UGX')).toBe(3900);
  });

  it('has no rate for an unknown, empty or unusable code', () => {
    expect(rateOf(rates, 'XYZ')).toBeUndefined();
    expect(rateOf(rates, '')).toBeUndefined();
    expect(rateOf(rates, 'zero')).toBeUndefined();
    expect(rateOf(rates, 'NEG')).toBeUndefined();
    expect(rateOf(rates, 'NAN')).toBeUndefined();
    expect(rateOf(rates, 'TEXT')).toBeUndefined();
    expect(rateOf(undefined, 'USD')).toBeUndefined();
  });

  it('does not read what every object inherits', () => {
    expect(rateOf(rates, 'constructor')).toBeUndefined();
    expect(rateOf({}, 'toString')).toBeUndefined();
  });
});
