import { round, validate } from '@toolbox/sdk';
import { expectError, expectOk } from '@toolbox/sdk/testing';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import {
  compoundGrowth,
  compoundInterest,
  type InterestInput,
  interestSchemas,
  loanPayment,
  loanSchedule,
  MAX_LOAN_YEARS,
  simpleInterest,
  solveInterest,
} from './interest';

const messages = { simple: 'SIMPLE', principal: 'PRINCIPAL' };
const schema = v.variant('type', interestSchemas(messages), 'TYPE');

/** Validates and solves, as a plugin's compute does. */
function run(input: Record<string, unknown>) {
  const parsed = validate(schema, input);
  if (!parsed.ok) return parsed;
  return solveInterest(parsed.value as InterestInput, messages);
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const cents = (x: number) => Math.round(x * 100);

describe('formulas', () => {
  it('simple interest is principal plus interest', () => {
    expect(simpleInterest(1000, 5, 2)).toBeCloseTo(1100, 10);
    expect(simpleInterest(1000, 0, 10)).toBe(1000);
  });
  it('compound interest by frequency', () => {
    expect(compoundInterest(1000, 5, 10, 'annually')).toBeCloseTo(1628.894627, 5);
    expect(compoundInterest(1000, 5, 10, 'semiannually')).toBeCloseTo(1638.616442, 5);
    expect(compoundInterest(1000, 5, 10, 'quarterly')).toBeCloseTo(1643.619463, 5);
    expect(compoundInterest(1000, 5, 10, 'monthly')).toBeCloseTo(1647.009498, 5);
    expect(compoundInterest(1000, 5, 10, 'daily')).toBeCloseTo(1648.664814, 5);
  });
  it('loan payment (annuity formula, and principal ÷ months at 0%)', () => {
    expect(loanPayment(10000, 5, 5)).toBeCloseTo(188.712336, 5);
    expect(loanPayment(200000, 6, 30)).toBeCloseTo(1199.10105, 5);
    expect(loanPayment(1200, 0, 1)).toBe(100);
  });
});

describe('solveInterest', () => {
  it('simple interest: value rounded to 2 decimals and the Result sentence', () => {
    expect(expectOk(run({ type: 'simple-interest', principal: 1000, rate: 5, time: 2 }))).toEqual({
      value: 1100,
      text: 'Result: 1100.00',
    });
    expect(
      expectOk(run({ type: 'simple-interest', principal: '999.99', rate: '3.333', time: '1' })).value,
    ).toBe(1033.32);
  });

  it('compound interest with each frequency', () => {
    const cases = [
      ['annually', 1628.89],
      ['semiannually', 1638.62],
      ['quarterly', 1643.62],
      ['monthly', 1647.01],
      ['daily', 1648.66],
    ] as const;
    for (const [frequency, expected] of cases) {
      const out = expectOk(run({ type: 'compound-interest', principal: 1000, rate: 5, time: 10, frequency }));
      expect(out.value).toBe(expected);
      expect(out.text).toBe(`Result: ${expected.toFixed(2)}`);
    }
  });

  it('compound interest gives the balance year by year, ending at the result', () => {
    const out = expectOk(
      run({ type: 'compound-interest', principal: 1000, rate: 5, time: 3, frequency: 'annually' }),
    );
    expect(out.growth).toEqual([
      { year: 0, balance: 1000 },
      { year: 1, balance: 1050 },
      { year: 2, balance: 1102.5 },
      { year: 3, balance: 1157.63 },
    ]);
  });

  it('a fractional term ends the growth series at the term', () => {
    const growth = compoundGrowth(1000, 10, 1.5, 'annually');
    expect(growth.map((p) => p.year)).toEqual([0, 1, 1.5]);
    expect(growth.at(-1)?.balance).toBe(round2(1000 * 1.1 ** 1.5));
  });

  it('a very long term keeps the growth series short', () => {
    const growth = compoundGrowth(1, 1, 1000, 'annually');
    expect(growth.length).toBeLessThanOrEqual(122);
    expect(growth[0]).toEqual({ year: 0, balance: 1 });
    expect(growth.at(-1)?.year).toBe(1000);
  });

  it('loan payment: the monthly payment and the Result sentence', () => {
    const out = expectOk(run({ type: 'loan-payment', principal: 10000, rate: 5, time: 5 }));
    expect(out.value).toBe(188.71);
    expect(out.text).toBe('Result: 188.71 per month');
    expect(out.schedule).toHaveLength(60);
  });

  it('a loan shorter than a month is one payment, the same in the result and its schedule', () => {
    const out = expectOk(run({ type: 'loan-payment', principal: 1000, rate: 5, time: 0.01 }));
    expect(out.value).toBe(1004.17);
    expect(out.schedule).toEqual([
      { month: 1, payment: 1004.17, interest: 4.17, principal: 1000, balance: 0 },
    ]);
    expect(expectOk(run({ type: 'loan-payment', principal: 1000, rate: 0, time: 0.05 })).value).toBe(1000);
    // A month and more keeps its fraction: 1.2 months.
    expect(expectOk(run({ type: 'loan-payment', principal: 1000, rate: 0, time: 0.1 })).value).toBe(833.33);
  });

  it('loan at 0%: principal ÷ months, equal rows', () => {
    const out = expectOk(run({ type: 'loan-payment', principal: 1200, rate: 0, time: 1 }));
    expect(out.value).toBe(100);
    expect(out.schedule).toHaveLength(12);
    for (const row of out.schedule ?? []) {
      expect(row.payment).toBe(100);
      expect(row.interest).toBe(0);
    }
  });

  it('the first row of a schedule: interest on the whole principal', () => {
    const [first] =
      expectOk(run({ type: 'loan-payment', principal: 10000, rate: 5, time: 5 })).schedule ?? [];
    expect(first).toEqual({
      month: 1,
      payment: 188.71,
      interest: 41.67,
      principal: 147.04,
      balance: 9852.96,
    });
  });

  it.each([
    [10000, 5, 5],
    [200000, 6, 30],
    [1000, 0, 1],
    [1000, 0, 3],
    [2500.55, 7.25, 2.5],
    [999999.99, 19.99, 40],
    [100, 12, 0.25],
    [50, 3, 1 / 12],
    [7, 1, 10],
    [1000, 5, 0.1],
    [1000, 5, 100],
  ])('schedule of %s at rate %s over %s years adds up', (principal, rate, time) => {
    const schedule = loanSchedule(principal, rate, time);
    const payment = round2(loanPayment(principal, rate, time));
    expect(schedule.length).toBeLessThanOrEqual(Math.ceil(Number((time * 12).toPrecision(12))));
    // Every row is in cents; months count 1, 2, 3, …
    schedule.forEach((row, index) => {
      expect(row.month).toBe(index + 1);
      for (const x of [row.payment, row.interest, row.principal, row.balance]) expect(round2(x)).toBe(x);
      expect(cents(row.interest) + cents(row.principal)).toBe(cents(row.payment));
    });
    // Balance falls by each principal part and ends at exactly 0.
    let balance = principal;
    for (const row of schedule) {
      balance = round2(balance - row.principal);
      expect(row.balance).toBe(balance);
    }
    expect(schedule.at(-1)?.balance).toBe(0);
    expect(sum(schedule.map((r) => cents(r.principal)))).toBe(cents(principal));
    // All but the last payment are the rounded monthly payment; the last settles the rest: for a
    // whole number of months it differs only by the cents of rounding, grown by the interest.
    for (const row of schedule.slice(0, -1)) expect(row.payment).toBe(payment);
    const months = time * 12;
    if (schedule.length === months) {
      const i = rate / 100 / 12;
      const drift = 0.005 * (i === 0 ? months : ((1 + i) ** months - 1) / i) + 0.01;
      expect(Math.abs((schedule.at(-1)?.payment ?? 0) - payment)).toBeLessThanOrEqual(drift);
    } else {
      expect(schedule.at(-1)?.payment).toBeLessThanOrEqual(payment);
    }
  });

  it('a loan has one row a month over time × 12 months, a fraction of a month rounding up', () => {
    expect(loanSchedule(10000, 5, 5)).toHaveLength(60);
    expect(loanSchedule(200000, 6, 30)).toHaveLength(360);
    expect(loanSchedule(999999.99, 19.99, 40)).toHaveLength(480);
    expect(loanSchedule(1000, 0, 100)).toHaveLength(1200);
    expect(loanSchedule(2500.55, 7.25, 2.5)).toHaveLength(30);
    expect(loanSchedule(1000, 5, 0.1)).toHaveLength(2);
  });

  it('when the cent rounded up repays the loan early, the schedule ends there', () => {
    // 1,000 at 5% over 100 years: 4.1952… a month, paid as 4.20, repays the loan in 1,164 months.
    const schedule = loanSchedule(1000, 5, 100);
    expect(schedule).toHaveLength(1164);
    expect(schedule.at(-1)?.balance).toBe(0);
    expect(schedule.at(-1)?.payment).toBeLessThanOrEqual(4.2);
  });

  it('the interest paid over a loan is total payments minus principal', () => {
    const schedule = loanSchedule(200000, 6, 30);
    const totalPaid = sum(schedule.map((r) => cents(r.payment)));
    expect(totalPaid - cents(200000)).toBe(sum(schedule.map((r) => cents(r.interest))));
    // About 231,676.38 of interest on a 30-year 6% mortgage of 200,000.
    expect(Math.abs(totalPaid / 100 - 431676.38)).toBeLessThan(1);
  });
});

describe('validation with the tool messages', () => {
  it.each([
    ['simple-interest', 'SIMPLE'],
    ['compound-interest', 'PRINCIPAL'],
    ['loan-payment', 'PRINCIPAL'],
  ])('%s refuses bad principal, rate and time with %s', (type, message) => {
    const good = { type, principal: 1000, rate: 5, time: 2, frequency: 'monthly' };
    const bad: [string, unknown][] = [
      ['principal', 0],
      ['principal', -5],
      ['principal', ''],
      ['principal', 'abc'],
      ['principal', null],
      ['principal', undefined],
      ['principal', Number.NaN],
      ['principal', Number.POSITIVE_INFINITY],
      ['rate', -0.01],
      ['rate', ''],
      ['rate', 'five'],
      ['time', 0],
      ['time', -1],
      ['time', ' '],
    ];
    for (const [key, value] of bad) {
      expect(expectError(run({ ...good, [key]: value }))).toBe(message);
    }
    // A missing field reads as empty.
    const { time: _time, ...withoutTime } = good;
    expect(expectError(run(withoutTime))).toBe(message);
  });

  it('accepts rate 0 and raw form strings', () => {
    expect(expectOk(run({ type: 'simple-interest', principal: ' 500 ', rate: '0', time: '3' })).value).toBe(
      500,
    );
    expect(
      expectOk(run({ type: 'compound-interest', principal: '500', rate: 0, time: 3, frequency: 'daily' }))
        .value,
    ).toBe(500);
  });

  it('compound interest needs a known frequency', () => {
    for (const frequency of ['weekly', '', undefined]) {
      expect(
        expectError(run({ type: 'compound-interest', principal: 1000, rate: 5, time: 1, frequency })),
      ).toBe('PRINCIPAL');
    }
  });

  it(`a loan longer than ${MAX_LOAN_YEARS} years is refused`, () => {
    expect(
      expectOk(run({ type: 'loan-payment', principal: 1000, rate: 0, time: MAX_LOAN_YEARS })).schedule,
    ).toHaveLength(1200);
    expect(expectError(run({ type: 'loan-payment', principal: 1000, rate: 5, time: 100.5 }))).toBe(
      'PRINCIPAL',
    );
  });

  it('a result too large for a number is refused, never Infinity', () => {
    expect(
      expectError(
        run({ type: 'compound-interest', principal: 1e300, rate: 1000, time: 1000, frequency: 'daily' }),
      ),
    ).toBe('PRINCIPAL');
    expect(expectError(run({ type: 'simple-interest', principal: 1e308, rate: 1000, time: 1e10 }))).toBe(
      'SIMPLE',
    );
  });

  it('an unknown type gets the variant message', () => {
    expect(expectError(run({ type: 'mortgage', principal: 1, rate: 1, time: 1 }))).toBe('TYPE');
    expect(expectError(run({ principal: 1, rate: 1, time: 1 }))).toBe('TYPE');
  });
});

function round2(x: number) {
  return round(x, 2);
}
