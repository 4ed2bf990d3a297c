import type { ToolContext } from '@toolbox/sdk';
import { expectError, expectOk } from '@toolbox/sdk/testing';
import { describe, expect, it } from 'vitest';
import { compute, type FinancialInput, gather } from './compute';

const run = (input: Record<string, unknown>) => compute(input as FinancialInput);

const SIMPLE = 'Enter valid loan amount, rate, and time';
const PRINCIPAL = 'Enter valid principal, rate, and time';
const AMOUNT = 'Enter a valid amount';
const RATE_FAILED = 'Failed to fetch exchange rate.';
const INFLATION = 'Enter a valid amount, years, and select a country';
const CPI_MISSING = 'Inflation data not available for selected years.';

describe('financial-calculator: interest types', () => {
  it('simple interest: principal plus interest, 2 decimals', () => {
    expect(expectOk(run({ type: 'simple-interest', principal: '1000', rate: '5', time: '2' }))).toEqual({
      value: 1100,
      text: 'Result: 1100.00',
    });
  });

  it('compound interest: monthly over 10 years', () => {
    const out = expectOk(
      run({ type: 'compound-interest', principal: 1000, rate: 5, time: 10, frequency: 'monthly' }),
    );
    expect(out.value).toBe(1647.01);
    expect(out.text).toBe('Result: 1647.01');
    expect(out.growth).toHaveLength(11);
  });

  it('loan payment: monthly payment and a schedule ending at 0', () => {
    const out = expectOk(run({ type: 'loan-payment', principal: 10000, rate: 5, time: 5 }));
    expect(out.value).toBe(188.71);
    expect(out.text).toBe('Result: 188.71 per month');
    expect(out.schedule).toHaveLength(60);
    expect(out.schedule?.at(-1)?.balance).toBe(0);
  });

  it('has the financial calculator messages', () => {
    expect(expectError(run({ type: 'simple-interest', principal: 0, rate: 5, time: 2 }))).toBe(SIMPLE);
    expect(expectError(run({ type: 'simple-interest', principal: 100, rate: -1, time: 2 }))).toBe(SIMPLE);
    expect(expectError(run({ type: 'simple-interest', principal: 100, rate: 1, time: '' }))).toBe(SIMPLE);
    expect(
      expectError(run({ type: 'compound-interest', principal: '', rate: 5, time: 2, frequency: 'annually' })),
    ).toBe(PRINCIPAL);
    expect(
      expectError(run({ type: 'compound-interest', principal: 1, rate: 5, time: 2, frequency: 'hourly' })),
    ).toBe(PRINCIPAL);
    expect(expectError(run({ type: 'loan-payment', principal: 1000, rate: 5, time: 0 }))).toBe(PRINCIPAL);
    expect(expectError(run({ type: 'loan-payment', principal: 1000, rate: 'x', time: 1 }))).toBe(PRINCIPAL);
  });

  it('refuses an unknown type', () => {
    expect(expectError(run({ type: 'mortgage' }))).toBe('Please choose a calculation type');
    expect(expectError(compute(undefined as never))).toBe('Please choose a calculation type');
  });
});

describe('financial-calculator: currency conversion', () => {
  const rates = { USD: 1, EUR: 0.92, GBP: 0.79, UGX: 3700 };

  it('converts through the USD-based table', () => {
    expect(
      expectOk(run({ type: 'currency-conversion', amount: 100, from: 'USD', to: 'EUR', rates })),
    ).toEqual({
      value: 92,
      text: 'Result: 92.00 EUR',
    });
    // 50 EUR → USD → GBP: 50 / 0.92 × 0.79 = 42.934…
    expect(
      expectOk(run({ type: 'currency-conversion', amount: '50', from: 'EUR', to: 'GBP', rates })).value,
    ).toBe(42.93);
    expect(
      expectOk(run({ type: 'currency-conversion', amount: 1, from: 'EUR', to: 'EUR', rates })).value,
    ).toBe(1);
  });

  it('upper-cases and trims the codes', () => {
    const out = expectOk(run({ type: 'currency-conversion', amount: 10, from: ' usd', to: 'ugx ', rates }));
    expect(out.value).toBe(37000);
    expect(out.text).toBe('Result: 37000.00 UGX');
  });

  it.each([[0], [-5], [''], ['abc'], [null], [undefined]])('amount %j → Enter a valid amount', (amount) => {
    expect(expectError(run({ type: 'currency-conversion', amount, from: 'USD', to: 'EUR', rates }))).toBe(
      AMOUNT,
    );
  });

  it('an invalid amount is reported before missing rates', () => {
    expect(expectError(run({ type: 'currency-conversion', amount: '', from: 'USD', to: 'EUR' }))).toBe(
      AMOUNT,
    );
  });

  it.each([
    ['XYZ', 'EUR'],
    ['USD', 'ABC'],
    ['', 'EUR'],
    ['USD', ''],
    ['constructor', 'EUR'],
    ['__proto__', 'EUR'],
  ])('unknown code %j → %j fails', (from, to) => {
    expect(expectError(run({ type: 'currency-conversion', amount: 1, from, to, rates }))).toBe(RATE_FAILED);
  });

  it('missing, broken or non-positive rates fail', () => {
    expect(expectError(run({ type: 'currency-conversion', amount: 1, from: 'USD', to: 'EUR' }))).toBe(
      RATE_FAILED,
    );
    expect(
      expectError(
        run({ type: 'currency-conversion', amount: 1, from: 'USD', to: 'EUR', rates: { USD: 1, EUR: 'x' } }),
      ),
    ).toBe(RATE_FAILED);
    expect(
      expectError(
        run({ type: 'currency-conversion', amount: 1, from: 'USD', to: 'EUR', rates: { USD: 0, EUR: 1 } }),
      ),
    ).toBe(RATE_FAILED);
  });

  it('converting there and back returns the amount (to the cent)', () => {
    for (const amount of [1, 19.99, 250, 12345.67]) {
      const there = expectOk(
        run({ type: 'currency-conversion', amount, from: 'GBP', to: 'EUR', rates }),
      ).value;
      const back = expectOk(
        run({ type: 'currency-conversion', amount: there, from: 'EUR', to: 'GBP', rates }),
      ).value;
      expect(Math.abs(back - amount)).toBeLessThanOrEqual(0.01);
    }
  });
});

describe('financial-calculator: inflation adjustment', () => {
  const cpi = [
    { year: 2000, value: 172.2 },
    { year: 2010, value: 218.056 },
    { year: 2020, value: 258.811 },
  ];
  const base = {
    type: 'inflation-adjustment',
    amount: 100,
    startYear: 2000,
    endYear: 2020,
    country: 'US',
    currentYear: 2025,
    cpi,
  };

  it('amount × CPI(end) ÷ CPI(start), 2 decimals', () => {
    // 100 × 258.811 / 172.2 = 150.296…
    expect(expectOk(run(base))).toEqual({ value: 150.3, text: 'Result: 150.30' });
    expect(expectOk(run({ ...base, startYear: '2010', endYear: '2010' })).value).toBe(100);
  });

  it('adjusts backwards too (a later start year deflates)', () => {
    expect(expectOk(run({ ...base, startYear: 2020, endYear: 2000 })).value).toBe(66.54);
  });

  it.each([
    ['amount', 0],
    ['amount', ''],
    ['amount', 'ten'],
    ['startYear', 1899],
    ['startYear', ''],
    ['startYear', 2000.5],
    ['endYear', 2026],
    ['endYear', 'next'],
    ['startYear', 2030],
    ['country', ''],
    ['country', '   '],
    ['country', undefined],
    ['currentYear', ''],
  ])('%s = %j → the inflation message', (key, value) => {
    expect(expectError(run({ ...base, [key]: value }))).toBe(INFLATION);
  });

  it('accepts the first year and the current year', () => {
    const series = [
      { year: 1900, value: 10 },
      { year: 2025, value: 250 },
    ];
    expect(expectOk(run({ ...base, startYear: 1900, endYear: 2025, cpi: series })).value).toBe(2500);
  });

  it('a year after the current year is invalid input, even while the CPI is missing', () => {
    expect(expectError(run({ ...base, endYear: 2026, cpi: undefined }))).toBe(INFLATION);
  });

  it('missing CPI for either year, or no series → data not available', () => {
    expect(expectError(run({ ...base, startYear: 1999 }))).toBe(CPI_MISSING);
    expect(expectError(run({ ...base, endYear: 2021 }))).toBe(CPI_MISSING);
    expect(expectError(run({ ...base, cpi: [] }))).toBe(CPI_MISSING);
    expect(expectError(run({ ...base, cpi: undefined }))).toBe(CPI_MISSING);
    const { cpi: _cpi, ...withoutCpi } = base;
    expect(expectError(run(withoutCpi))).toBe(CPI_MISSING);
    expect(expectError(run({ ...withoutCpi, endYear: 2030 }))).toBe(INFLATION);
    expect(expectError(run({ ...base, cpi: [{ year: '2000', value: 1 }] }))).toBe(CPI_MISSING);
    expect(expectError(run({ ...base, cpi: [{ year: 2000, value: 0 }, ...cpi.slice(1)] }))).toBe(CPI_MISSING);
  });
});

/** A context that records what it was asked. */
function recordingContext(rates: Record<string, number> | null = { USD: 1, EUR: 0.9 }) {
  const asked: string[] = [];
  const context: ToolContext = {
    today: '2026-11-24',
    currentYear: 2026,
    rates: async () => {
      asked.push('rates');
      return rates ?? undefined;
    },
    cpi: async (country, start, end) => {
      asked.push(`cpi ${country} ${start}-${end}`);
      return [
        { year: start, value: 100 },
        { year: end, value: 150 },
      ];
    },
  };
  return { context, asked };
}

describe('financial-calculator gather (off the browser)', () => {
  it('adds rates for a conversion, and this year', async () => {
    const { context, asked } = recordingContext();
    const input = await gather({ type: 'currency-conversion', amount: 10, from: 'USD', to: 'EUR' }, context);
    expect(input).toMatchObject({ rates: { USD: 1, EUR: 0.9 }, currentYear: 2026, cpi: undefined });
    expect(asked).toEqual(['rates']);
    expect(expectOk(run(input)).text).toBe('Result: 9.00 EUR');
  });
  it('asks the CPI for the valid years, earlier first, country upper-cased', async () => {
    const { context, asked } = recordingContext();
    const input = await gather(
      { type: 'inflation-adjustment', amount: 100, startYear: '2020', endYear: 2000, country: ' us ' },
      context,
    );
    expect(asked).toEqual(['cpi US 2000-2020']);
    expect(expectOk(run(input)).value).toBe(66.67);
  });
  it('asks nothing for invalid years, no country or an interest type', async () => {
    const { context, asked } = recordingContext();
    await gather(
      { type: 'inflation-adjustment', amount: 1, startYear: 1899, endYear: 2000, country: 'US' },
      context,
    );
    await gather(
      { type: 'inflation-adjustment', amount: 1, startYear: 2000, endYear: 2027, country: 'US' },
      context,
    );
    await gather(
      { type: 'inflation-adjustment', amount: 1, startYear: 2000, endYear: 2001, country: ' ' },
      context,
    );
    const simple = await gather({ type: 'simple-interest', principal: 1, rate: 1, time: 1 }, context);
    expect(asked).toEqual([]);
    expect(expectOk(run(simple)).value).toBe(1.01);
  });
});
