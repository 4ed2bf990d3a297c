import { expectError, expectOk } from '@toolbox/sdk/testing';
import { describe, expect, it } from 'vitest';
import { compute, type InterestInput } from './compute';

const run = (input: Record<string, unknown>) => compute(input as InterestInput);

const SIMPLE = 'Please enter valid loan amount, rate, and time';
const PRINCIPAL = 'Please enter valid principal, rate, and time';

describe('interest-calculator compute', () => {
  it('simple interest', () => {
    expect(expectOk(run({ type: 'simple-interest', principal: 2000, rate: 3.5, time: 4 }))).toEqual({
      value: 2280,
      text: 'Result: 2280.00',
    });
  });

  it('compound interest, quarterly', () => {
    const out = expectOk(
      run({ type: 'compound-interest', principal: '5000', rate: '4', time: '3', frequency: 'quarterly' }),
    );
    // 5000 × 1.01^12 = 5634.125…
    expect(out.value).toBe(5634.13);
    expect(out.growth?.map((p) => p.year)).toEqual([0, 1, 2, 3]);
    expect(out.growth?.at(-1)?.balance).toBe(5634.13);
  });

  it('loan payment with its schedule', () => {
    const out = expectOk(run({ type: 'loan-payment', principal: 200000, rate: 6, time: 30 }));
    expect(out.value).toBe(1199.1);
    expect(out.text).toBe('Result: 1199.10 per month');
    expect(out.schedule).toHaveLength(360);
    expect(out.schedule?.at(-1)?.balance).toBe(0);
    const repaid = (out.schedule ?? []).reduce((sum, row) => sum + Math.round(row.principal * 100), 0);
    expect(repaid).toBe(20000000);
  });

  it.each([
    [{ principal: '' }],
    [{ principal: -1 }],
    [{ rate: -2 }],
    [{ rate: 'abc' }],
    [{ time: 0 }],
    [{ time: null }],
  ])('simple interest refuses %j with its own message', (change) => {
    expect(expectError(run({ type: 'simple-interest', principal: 1000, rate: 5, time: 1, ...change }))).toBe(
      SIMPLE,
    );
  });

  it.each(['compound-interest', 'loan-payment'])('%s refuses bad input with its own message', (type) => {
    const good = { type, principal: 1000, rate: 5, time: 1, frequency: 'annually' };
    expect(expectError(run({ ...good, principal: 0 }))).toBe(PRINCIPAL);
    expect(expectError(run({ ...good, rate: -0.5 }))).toBe(PRINCIPAL);
    expect(expectError(run({ ...good, time: 'soon' }))).toBe(PRINCIPAL);
  });

  it('does not offer currency conversion or inflation', () => {
    expect(expectError(run({ type: 'currency-conversion', amount: 1, from: 'USD', to: 'EUR' }))).toBe(
      'Please choose a calculation type',
    );
    expect(expectError(run({ type: 'inflation-adjustment' }))).toBe('Please choose a calculation type');
  });
});
