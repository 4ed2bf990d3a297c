import type { ToolContext } from '@toolbox/sdk';
import { expectError, expectOk } from '@toolbox/sdk/testing';
import { describe, expect, it } from 'vitest';
import { compute, formatRate, gather, gathered } from './compute';

/** A USD-based table as the API's /api/data/rates/ answers it. */
const rates = { USD: 1, EUR: 0.88, UGX: 3914.67, GBP: 0.75, JPY: 147.2, KES: 129.25 };

describe('currency-converter compute', () => {
  it('converts through the USD table: amount ÷ rates[from] × rates[to]', () => {
    const result = expectOk(compute({ amount: 100, from: 'USD', to: 'EUR', rates }));
    expect(result.value).toBeCloseTo(88, 10);
    expect(result.rate).toBeCloseTo(0.88, 12);
    expect(result.text).toBe('Converted Amount: 88.00 EUR');
  });

  it('converts between two non-USD currencies', () => {
    const result = expectOk(compute({ amount: 50, from: 'EUR', to: 'UGX', rates }));
    expect(result.rate).toBeCloseTo(3914.67 / 0.88, 9);
    expect(result.value).toBeCloseTo((50 / 0.88) * 3914.67, 6);
    expect(result.text).toBe('Converted Amount: 222424.43 UGX');
  });

  it('does not round value or rate, only the text', () => {
    const result = expectOk(compute({ amount: 1, from: 'UGX', to: 'USD', rates }));
    expect(result.value).toBe(1 / 3914.67);
    expect(result.rate).toBe(1 / 3914.67);
    expect(result.text).toBe('Converted Amount: 0.00 USD');
  });

  it('rounds the text half away from zero on the decimal number', () => {
    // 1.005 USD to USD: toFixed(2) would give 1.00.
    expect(expectOk(compute({ amount: 1.005, from: 'USD', to: 'USD', rates })).text).toBe(
      'Converted Amount: 1.01 USD',
    );
  });

  it('keeps the amount exactly when from equals to', () => {
    const result = expectOk(compute({ amount: 0.1, from: 'UGX', to: 'UGX', rates }));
    expect(result.value).toBe(0.1);
    expect(result.rate).toBe(1);
  });

  it('accepts raw form values and lower-case codes', () => {
    const result = expectOk(compute({ amount: ' 10 ', from: ' usd', to: 'eur ', rates }));
    expect(result.value).toBeCloseTo(8.8, 10);
    expect(result.from).toBe('USD');
    expect(result.to).toBe('EUR');
    expect(result.text).toBe('Converted Amount: 8.80 EUR');
  });

  it('accepts a table with lower-case keys (the snapshot package spells them so)', () => {
    const lower = { usd: 1, eur: 0.88 };
    expect(expectOk(compute({ amount: 100, from: 'USD', to: 'EUR', rates: lower })).text).toBe(
      'Converted Amount: 88.00 EUR',
    );
  });

  it('describes the rate for the screen', () => {
    expect(expectOk(compute({ amount: 1, from: 'USD', to: 'EUR', rates })).rateText).toBe('1 USD = 0.88 EUR');
    expect(expectOk(compute({ amount: 1, from: 'USD', to: 'UGX', rates })).rateText).toBe(
      '1 USD = 3914.67 UGX',
    );
    expect(expectOk(compute({ amount: 1, from: 'UGX', to: 'USD', rates })).rateText).toBe(
      '1 UGX = 0.000255449 USD',
    );
  });

  it.each([
    [0],
    [-5],
    [''],
    ['  '],
    ['abc'],
    ['12abc'],
    [null],
    [undefined],
    [Number.NaN],
    [Number.POSITIVE_INFINITY],
  ])('refuses the amount %j', (amount) => {
    expect(expectError(compute({ amount: amount as never, from: 'USD', to: 'EUR', rates }))).toBe(
      'Please enter a valid amount.',
    );
  });

  it('checks the amount before the codes', () => {
    expect(expectError(compute({ amount: '', from: 'XXX', to: 'EUR', rates }))).toBe(
      'Please enter a valid amount.',
    );
  });

  it.each([
    ['XXX', 'EUR'],
    ['USD', 'ZZZ'],
    ['', 'EUR'],
    ['USD', ''],
  ])('refuses an unknown code (%j → %j)', (from, to) => {
    expect(expectError(compute({ amount: 1, from, to, rates }))).toBe('Failed to fetch exchange rate.');
  });

  it('refuses missing or broken rates with the fetch message', () => {
    const broken = { USD: 1, EUR: 0, GBP: Number.NaN, JPY: '147' } as unknown as Record<string, number>;
    expect(expectError(compute({ amount: 1, from: 'USD', to: 'EUR', rates: undefined as never }))).toBe(
      'Failed to fetch exchange rate.',
    );
    expect(expectError(compute({ amount: 1, from: 'USD', to: 'EUR', rates: broken }))).toBe(
      'Failed to fetch exchange rate.',
    );
    expect(expectError(compute({ amount: 1, from: 'USD', to: 'GBP', rates: broken }))).toBe(
      'Failed to fetch exchange rate.',
    );
    expect(expectError(compute({ amount: 1, from: 'JPY', to: 'USD', rates: broken }))).toBe(
      'Failed to fetch exchange rate.',
    );
  });

  it('gives missing fields their own message', () => {
    expect(expectError(compute({ from: 'USD', to: 'EUR', rates } as never))).toBe(
      'Please enter a valid amount.',
    );
    expect(expectError(compute({ amount: 1, from: 'USD', to: 'EUR' } as never))).toBe(
      'Failed to fetch exchange rate.',
    );
    expect(expectError(compute({ amount: 1, to: 'EUR', rates } as never))).toBe(
      'Failed to fetch exchange rate.',
    );
    expect(expectError(compute(undefined as never))).toBe('Please enter a valid amount.');
  });

  it('does not read inherited properties as rates', () => {
    expect(expectError(compute({ amount: 1, from: 'USD', to: 'CONSTRUCTOR', rates }))).toBe(
      'Failed to fetch exchange rate.',
    );
  });

  it('converts there and back to the amount', () => {
    const codes = Object.keys(rates);
    for (const from of codes) {
      for (const to of codes) {
        for (const amount of [0.01, 1, 123.45, 1e6]) {
          const there = expectOk(compute({ amount, from, to, rates }));
          const back = expectOk(compute({ amount: there.value, from: to, to: from, rates }));
          expect(back.value / amount).toBeCloseTo(1, 12);
          expect(there.rate * back.rate).toBeCloseTo(1, 12);
        }
      }
    }
  });
});

describe('formatRate', () => {
  it.each([
    [0.88, '0.88'],
    [3914.67, '3914.67'],
    [1, '1'],
    [1 / 3914.67, '0.000255449'],
    [1 / 3, '0.333333'],
    [147.2, '147.2'],
  ])('shows %d as %s', (rate, text) => {
    expect(formatRate(rate)).toBe(text);
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

describe('currency-converter gather (off the browser)', () => {
  it('adds the rates table, replacing any the caller sent', async () => {
    const { context, asked } = recordingContext();
    const input = await gather({ amount: 5, from: 'USD', to: 'EUR', rates: { EUR: 99 } }, context);
    expect(input).toEqual({ amount: 5, from: 'USD', to: 'EUR', rates: { USD: 1, EUR: 0.9 } });
    expect(asked).toEqual(['rates']);
    expect(expectOk(compute(input as never)).text).toBe('Converted Amount: 4.50 EUR');
    expect(gathered).toEqual(['rates']);
  });
  it('leaves no rates when none are available, so compute says so', async () => {
    const { context } = recordingContext(null);
    expect(
      expectError(compute((await gather({ amount: 5, from: 'USD', to: 'EUR' }, context)) as never)),
    ).toBe('Failed to fetch exchange rate.');
  });
});
