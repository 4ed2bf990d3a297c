import { expectError, expectOk } from '@toolbox/sdk/testing';
import { describe, expect, it } from 'vitest';
import { compute, DAYS_PER_MONTH } from './compute';
import { PRICES_USD_PER_KWH } from './prices';

describe('electricity-cost-calculator compute', () => {
  it('lists exactly the sixteen countries and prices of the spec', () => {
    expect(PRICES_USD_PER_KWH).toEqual({
      US: 0.16,
      UG: 0.18,
      KE: 0.22,
      GB: 0.32,
      DE: 0.38,
      IN: 0.08,
      CN: 0.09,
      JP: 0.23,
      ZA: 0.13,
      NG: 0.1,
      FR: 0.25,
      IT: 0.28,
      CA: 0.15,
      BR: 0.2,
      RU: 0.07,
      AU: 0.26,
    });
  });

  it.each(Object.entries(PRICES_USD_PER_KWH))('prices 100 kWh in %s at %d USD/kWh', (country, price) => {
    const result = expectOk(compute({ consumptionKwh: 100, country }));
    expect(result.pricePerKwh).toBe(price);
    expect(result.cost).toBe(Math.round(price * 10000) / 100);
  });

  it('writes the sentence the screen shows', () => {
    expect(expectOk(compute({ consumptionKwh: 250, country: 'UG' })).text).toBe('Estimated Cost: $45.00 USD');
    expect(expectOk(compute({ consumptionKwh: 12.5, country: 'GB' })).text).toBe('Estimated Cost: $4.00 USD');
  });

  it('rounds the cost to 2 decimals, half away from zero on the decimal number', () => {
    // 0.5 × 0.09 = 0.045 (stored as 0.0449999…): a person reads 0.05.
    expect(expectOk(compute({ consumptionKwh: 0.5, country: 'CN' })).cost).toBe(0.05);
    expect(expectOk(compute({ consumptionKwh: 3.33, country: 'DE' })).cost).toBe(1.27);
  });

  it('allows zero consumption', () => {
    const result = expectOk(compute({ consumptionKwh: 0, country: 'US' }));
    expect(result.cost).toBe(0);
    expect(result.text).toBe('Estimated Cost: $0.00 USD');
  });

  it('accepts raw form values and a lower-case country code', () => {
    expect(expectOk(compute({ consumptionKwh: ' 10 ', country: 'ke' })).cost).toBe(2.2);
  });

  it('reads the consumption as daily use for a month of 30.4375 days and a year of 365.25 days', () => {
    expect(DAYS_PER_MONTH).toBe(30.4375);
    const result = expectOk(compute({ consumptionKwh: 10, country: 'US' }));
    expect(result.ifDaily).toEqual({ perDay: 1.6, perMonth: 48.7, perYear: 584.4 });
    expect(result.ifDailyText).toBe('If this is daily use: $48.70 a month, $584.40 a year');
  });

  it('rounds the month and year from the unrounded daily cost', () => {
    // 0.333 kWh × 0.13 = 0.04329 a day → 1.3176… a month, 15.811… a year.
    const result = expectOk(compute({ consumptionKwh: 0.333, country: 'ZA' }));
    expect(result.cost).toBe(0.04);
    expect(result.ifDaily.perMonth).toBe(1.32);
    expect(result.ifDaily.perYear).toBe(15.81);
  });

  it.each([
    [-1],
    [-0.01],
    [''],
    ['  '],
    ['abc'],
    ['5kWh'],
    [null],
    [undefined],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
  ])('refuses the consumption %j', (consumptionKwh) => {
    expect(expectError(compute({ consumptionKwh: consumptionKwh as never, country: 'US' }))).toBe(
      'Please enter a valid electricity consumption.',
    );
  });

  it.each([['MX'], [''], ['USA'], ['toString'], [undefined]])(
    'has no price for the country %j',
    (country) => {
      expect(expectError(compute({ consumptionKwh: 100, country: country as never }))).toBe(
        'Electricity price is not available for selected country.',
      );
    },
  );

  it('gives missing fields their own message', () => {
    expect(expectError(compute({ country: 'US' } as never))).toBe(
      'Please enter a valid electricity consumption.',
    );
    expect(expectError(compute({ consumptionKwh: 5 } as never))).toBe(
      'Electricity price is not available for selected country.',
    );
    expect(expectError(compute(null as never))).toBe('Please enter a valid electricity consumption.');
  });

  it('checks the consumption before the country', () => {
    expect(expectError(compute({ consumptionKwh: -1, country: 'MX' }))).toBe(
      'Please enter a valid electricity consumption.',
    );
  });

  it('is proportional to the consumption', () => {
    for (const country of Object.keys(PRICES_USD_PER_KWH)) {
      for (const kwh of [1, 7, 123, 4567]) {
        const one = expectOk(compute({ consumptionKwh: kwh, country })).cost;
        const double = expectOk(compute({ consumptionKwh: kwh * 2, country })).cost;
        expect(Math.abs(double - 2 * one)).toBeLessThanOrEqual(0.01);
      }
    }
  });
});
