import type { ToolContext } from '@toolbox/sdk';
import { expectError, expectOk } from '@toolbox/sdk/testing';
import { describe, expect, it } from 'vitest';
import { compute, gather, INVALID_CURRENCY, INVALID_FUEL, NO_ROUTE } from './compute';
import { KM_PER_MILE, LITRES_PER_US_GALLON, toKmPerLitre } from './units';

describe('fuel-cost-converter compute', () => {
  it('uses the spec defaults: 12 km a litre at 1.2 USD, rate 1', () => {
    const result = expectOk(compute({ distanceMeters: 240_000, currency: 'USD' }));
    expect(result).toEqual({
      distanceKm: 240,
      litres: 20,
      cost: 24,
      currency: 'USD',
      text: 'Distance: 240.00 km\nFuel Needed: 20.00 litres\nEstimated Cost: 24.00 USD',
    });
  });

  it('multiplies by the USD→currency rate', () => {
    const result = expectOk(compute({ distanceMeters: 240_000, usdRate: 3914.67, currency: 'UGX' }));
    expect(result.cost).toBe(93952.08);
    expect(result.text).toContain('Estimated Cost: 93952.08 UGX');
  });

  it('takes the efficiency and price given', () => {
    const result = expectOk(
      compute({
        distanceMeters: 100_000,
        kmPerLitre: 8,
        priceUsdPerLitre: 1.5,
        usdRate: 0.9,
        currency: 'EUR',
      }),
    );
    expect(result.litres).toBe(12.5);
    expect(result.cost).toBe(16.88); // 12.5 × 1.5 × 0.9 = 16.875, half away from zero
  });

  it('rounds the three figures to 2 decimals, the cost from the unrounded litres', () => {
    const result = expectOk(compute({ distanceMeters: 196_543.21, kmPerLitre: 7, currency: 'USD' }));
    expect(result.distanceKm).toBe(196.54);
    expect(result.litres).toBe(28.08); // 28.0776…
    expect(result.cost).toBe(33.69); // 28.0776… × 1.2 = 33.693…
    expect(result.text).toBe('Distance: 196.54 km\nFuel Needed: 28.08 litres\nEstimated Cost: 33.69 USD');
  });

  it('rounds half away from zero on the decimal number', () => {
    // 1.005 km: toFixed(2) would give 1.00.
    expect(expectOk(compute({ distanceMeters: 1005, currency: 'USD' })).distanceKm).toBe(1.01);
  });

  it('accepts raw form values and a lower-case currency', () => {
    const result = expectOk(
      compute({
        distanceMeters: ' 12000 ',
        kmPerLitre: '12',
        priceUsdPerLitre: '1.2',
        usdRate: '2',
        currency: ' kes ',
      }),
    );
    expect(result).toMatchObject({ distanceKm: 12, litres: 1, cost: 2.4, currency: 'KES' });
  });

  it.each([[undefined], [null], [''], [0], [-1], ['abc'], [Number.NaN], ['x1']])(
    'falls back to rate 1 when no rate is known (%j)',
    (usdRate) => {
      expect(
        expectOk(compute({ distanceMeters: 12_000, usdRate: usdRate as never, currency: 'XYZ' })).cost,
      ).toBe(1.2);
    },
  );

  it('shows US dollars when no currency is named', () => {
    expect(expectOk(compute({ distanceMeters: 12_000 } as never)).text).toContain('1.20 USD');
    expect(expectOk(compute({ distanceMeters: 12_000, currency: '  ' })).currency).toBe('USD');
    expect(expectOk(compute({ distanceMeters: 12_000, currency: null as never })).currency).toBe('USD');
  });

  it.each([['US'], ['USDT'], ['<b>'], ['U$D'], ['12 3'], [5], [true], [{}]])(
    'refuses the currency %j, which names no currency code',
    (currency) => {
      expect(expectError(compute({ distanceMeters: 12_000, currency: currency as never }))).toBe(
        INVALID_CURRENCY,
      );
    },
  );

  it.each([[0], [-5], [''], ['  '], ['far'], [null], [undefined], [Number.NaN], [Number.POSITIVE_INFINITY]])(
    'refuses the distance %j',
    (distanceMeters) => {
      expect(expectError(compute({ distanceMeters: distanceMeters as never, currency: 'USD' }))).toBe(
        NO_ROUTE,
      );
    },
  );

  it.each([
    [{ kmPerLitre: 0 }],
    [{ kmPerLitre: -12 }],
    [{ kmPerLitre: '' }],
    [{ kmPerLitre: 'twelve' }],
    [{ kmPerLitre: null }],
    [{ priceUsdPerLitre: 0 }],
    [{ priceUsdPerLitre: -1.2 }],
    [{ priceUsdPerLitre: '' }],
    [{ priceUsdPerLitre: Number.NaN }],
  ])('refuses efficiency or price %j', (fields) => {
    expect(expectError(compute({ distanceMeters: 10_000, currency: 'USD', ...fields } as never))).toBe(
      INVALID_FUEL,
    );
  });

  it('checks the distance before the efficiency and price', () => {
    expect(expectError(compute({ distanceMeters: 0, kmPerLitre: 0, currency: 'USD' }))).toBe(NO_ROUTE);
  });

  it('gives no input the route message', () => {
    expect(expectError(compute(undefined as never))).toBe(NO_ROUTE);
    expect(expectError(compute({} as never))).toBe(NO_ROUTE);
  });

  it('refuses a cost too large to be a number', () => {
    expect(
      expectError(
        compute({ distanceMeters: 1e300, kmPerLitre: 1e-300, priceUsdPerLitre: 1e300, currency: 'USD' }),
      ),
    ).toBe(INVALID_FUEL);
  });

  it('scales linearly with the distance', () => {
    for (const km of [1, 10, 250, 4000]) {
      const result = expectOk(compute({ distanceMeters: km * 1000, kmPerLitre: 10, currency: 'USD' }));
      expect(result.litres).toBeCloseTo(km / 10, 10);
      expect(result.cost).toBeCloseTo((km / 10) * 1.2, 10);
    }
  });
});

describe('toKmPerLitre', () => {
  it('keeps km per litre', () => {
    expect(toKmPerLitre(12, 'kmpl')).toBe(12);
  });

  it('converts miles per US gallon with the exact definitions', () => {
    expect(toKmPerLitre(1, 'mpg')).toBeCloseTo(0.425143707, 9);
    expect(toKmPerLitre(30, 'mpg')).toBeCloseTo((30 * KM_PER_MILE) / LITRES_PER_US_GALLON, 12);
    expect(toKmPerLitre(28.2256, 'mpg')).toBeCloseTo(12, 3);
  });
});

describe('fuel-cost-converter gather (off the browser)', () => {
  const context = (rates: Record<string, number> | undefined) => {
    const asked: string[] = [];
    const value: ToolContext = {
      today: '2026-11-24',
      currentYear: 2026,
      rates: async () => {
        asked.push('rates');
        return rates;
      },
      cpi: async () => undefined,
    };
    return { value, asked };
  };
  const trip = { distanceMeters: 240_000, kmPerLitre: 12, priceUsdPerLitre: 1.2 };

  it("adds the currency's rate from the table, as the view does", async () => {
    const { value } = context({ USD: 1, UGX: 3800 });
    const input = await gather({ ...trip, currency: 'ugx' }, value);
    expect(input).toEqual({ ...trip, currency: 'ugx', usdRate: 3800 });
    expect(expectOk(compute(input as never)).text).toBe(
      'Distance: 240.00 km\nFuel Needed: 20.00 litres\nEstimated Cost: 91200.00 UGX',
    );
  });
  it("keeps the caller's rate and asks for nothing", async () => {
    const { value, asked } = context({ UGX: 3800 });
    expect(await gather({ ...trip, currency: 'UGX', usdRate: 2 }, value)).toEqual({
      ...trip,
      currency: 'UGX',
      usdRate: 2,
    });
    expect(asked).toEqual([]);
    expect(await gather({ ...trip, currency: 'UGX', usdRate: ' 2.5 ' }, value)).toMatchObject({
      usdRate: ' 2.5 ',
    });
    expect(asked).toEqual([]);
  });
  it.each([[null], ['abc'], [''], [0], [-3]])(
    'looks the rate up when the one given is none (%j), rather than costing in dollars',
    async (usdRate) => {
      const { value } = context({ USD: 1, EUR: 0.9 });
      const input = await gather({ ...trip, currency: 'EUR', usdRate }, value);
      expect(input).toMatchObject({ usdRate: 0.9 });
      expect(expectOk(compute(input as never)).text).toContain('Estimated Cost: 21.60 EUR');
    },
  );
  it('leaves the rate out when the table has none (or there is no table): compute falls back to 1', async () => {
    for (const rates of [{ USD: 1 }, undefined]) {
      const input = await gather({ ...trip, currency: 'XYZ' }, context(rates).value);
      expect(input).not.toHaveProperty('usdRate');
      expect(expectOk(compute(input as never)).cost).toBe(24);
    }
    expect(await gather({ ...trip }, context({ USD: 1 }).value)).toEqual(trip);
  });
});
