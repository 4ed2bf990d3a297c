/**
 * The one implementation of simple interest, compound interest and loan payment, shared by the
 * financial-calculator and interest-calculator plugins (the tool contract: "One implementation serves both
 * tools"). Each tool passes its own messages. Pure: no DOM, no clock.
 */
import { numeric, ok, type Result, round, toFixedText } from '@toolbox/sdk';
import * as v from 'valibot';
import { FREQUENCIES, type Frequency } from './choices';

/** Compounding periods a year. */
export const PERIODS_PER_YEAR: Record<Frequency, number> = {
  annually: 1,
  semiannually: 2,
  quarterly: 4,
  monthly: 12,
  daily: 365,
};

/**
 * The longest loan with a schedule: 100 years (1,200 rows). Longer terms are refused with the
 * tool's message, so a typo such as 3000 years cannot build millions of rows.
 */
export const MAX_LOAN_YEARS = 100;

/** The tool's own validation messages. */
export interface InterestMessages {
  /** simple-interest: "Enter valid loan amount, rate, and time". */
  simple: string;
  /** compound-interest and loan-payment: "Enter valid principal, rate, and time". */
  principal: string;
}

export interface LoanRow {
  month: number;
  payment: number;
  interest: number;
  principal: number;
  balance: number;
}

export interface GrowthPoint {
  /** Years since the start (the last point may be a fraction: the end of the term). */
  year: number;
  balance: number;
}

export interface InterestOutput {
  value: number;
  text: string;
  /** loan-payment: one row a month, final balance 0. */
  schedule?: LoanRow[];
  /** compound-interest: the balance year by year, for the growth chart. */
  growth?: GrowthPoint[];
}

/** A numeric field; a missing key reads as empty, so it gets the tool's message too. */
const field = (message: string) => v.optional(numeric(message), '');

function amountRateTime(message: string) {
  return {
    principal: v.pipe(field(message), v.gtValue(0, message)),
    rate: v.pipe(field(message), v.minValue(0, message)),
    time: v.pipe(field(message), v.gtValue(0, message)),
  };
}

/** The three valibot option schemas (keyed by `type`) with the tool's messages. */
export function interestSchemas(messages: InterestMessages) {
  return [
    v.object({ type: v.literal('simple-interest'), ...amountRateTime(messages.simple) }),
    v.object({
      type: v.literal('compound-interest'),
      ...amountRateTime(messages.principal),
      frequency: v.pipe(v.optional(v.unknown(), ''), v.picklist(FREQUENCIES, messages.principal)),
    }),
    v.object({
      type: v.literal('loan-payment'),
      ...amountRateTime(messages.principal),
      time: v.pipe(
        field(messages.principal),
        v.gtValue(0, messages.principal),
        v.maxValue(MAX_LOAN_YEARS, messages.principal),
      ),
    }),
  ] as const;
}

export type InterestInput =
  | { type: 'simple-interest'; principal: number; rate: number; time: number }
  | { type: 'compound-interest'; principal: number; rate: number; time: number; frequency: Frequency }
  | { type: 'loan-payment'; principal: number; rate: number; time: number };

/** Principal plus simple interest: principal × (1 + rate/100 × time). Not rounded. */
export function simpleInterest(principal: number, rate: number, time: number): number {
  return principal * (1 + (rate / 100) * time);
}

/** principal × (1 + rate/100/n)^(n × time). Not rounded. */
export function compoundInterest(
  principal: number,
  rate: number,
  time: number,
  frequency: Frequency,
): number {
  const n = PERIODS_PER_YEAR[frequency];
  return principal * (1 + rate / 100 / n) ** (n * time);
}

/** At most this many points in a growth series (longer terms step by several years). */
const MAX_GROWTH_POINTS = 120;

/** The compounded balance at year 0, 1, 2, … and at the end of the term, rounded to 2 decimals. */
export function compoundGrowth(
  principal: number,
  rate: number,
  time: number,
  frequency: Frequency,
): GrowthPoint[] {
  const step = Math.max(1, Math.ceil(time / MAX_GROWTH_POINTS));
  const points: GrowthPoint[] = [];
  for (let year = 0; year < time; year += step) {
    points.push({ year, balance: round(compoundInterest(principal, rate, year, frequency), 2) });
  }
  points.push({ year: time, balance: round(compoundInterest(principal, rate, time, frequency), 2) });
  return points;
}

/**
 * Months of a loan of `time` years (may be fractional). A loan shorter than a month is repaid in
 * one payment at the end of its first month: over a fraction of a month, the formula's "monthly"
 * payment would be many times the loan (8352.77 a month for 1000 over 0.01 years).
 */
const monthsOf = (time: number) => Math.max(1, time * 12);

/**
 * The monthly payment: i = rate/100/12 over time × 12 months, P·i / (1 − (1 + i)^−n);
 * rate 0 gives principal ÷ months. Not rounded.
 */
export function loanPayment(principal: number, rate: number, time: number): number {
  const months = monthsOf(time);
  const i = rate / 100 / 12;
  if (i === 0) return principal / months;
  return (principal * i) / (1 - (1 + i) ** -months);
}

/**
 * The amortisation schedule, kept in cents as a lender does: each month the interest on the
 * balance is rounded to the cent, the rest of the (rounded) payment repays principal. The last
 * payment is adjusted so the balance ends at exactly 0, and the principal parts add up to the
 * principal. A fractional term (e.g. 1.5 months) ends with a smaller last payment. Rarely (a very
 * long term on a small loan) the cent rounded up repays the loan a little early; the schedule
 * then ends at that month, as the borrower's would.
 */
export function loanSchedule(principal: number, rate: number, time: number): LoanRow[] {
  const i = rate / 100 / 12;
  const payment = round(loanPayment(principal, rate, time), 2);
  const months = Math.ceil(Number(monthsOf(time).toPrecision(12)));
  const rows: LoanRow[] = [];
  let balance = round(principal, 2);
  for (let month = 1; month <= months && balance > 0; month++) {
    const interest = round(balance * i, 2);
    const repaid = round(payment - interest, 2);
    if (month === months || repaid >= balance) {
      rows.push({ month, payment: round(balance + interest, 2), interest, principal: balance, balance: 0 });
      balance = 0;
    } else {
      balance = round(balance - repaid, 2);
      rows.push({ month, payment, interest, principal: repaid, balance });
    }
  }
  return rows;
}

const resultText = (value: number, unit = '') => `Result: ${toFixedText(value, 2)}${unit}`;

/**
 * Computes a validated interest input. A result that overflows (a huge rate over a long time) is
 * refused with the tool's message rather than shown as Infinity.
 */
export function solveInterest(input: InterestInput, messages: InterestMessages): Result<InterestOutput> {
  const { principal, rate, time } = input;
  if (input.type === 'simple-interest') {
    const value = round(simpleInterest(principal, rate, time), 2);
    if (!Number.isFinite(value)) return { ok: false, error: messages.simple };
    return ok({ value, text: resultText(value) });
  }
  if (input.type === 'compound-interest') {
    const value = round(compoundInterest(principal, rate, time, input.frequency), 2);
    if (!Number.isFinite(value)) return { ok: false, error: messages.principal };
    return ok({
      value,
      text: resultText(value),
      growth: compoundGrowth(principal, rate, time, input.frequency),
    });
  }
  const value = round(loanPayment(principal, rate, time), 2);
  if (!Number.isFinite(value)) return { ok: false, error: messages.principal };
  return ok({ value, text: resultText(value, ' per month'), schedule: loanSchedule(principal, rate, time) });
}
