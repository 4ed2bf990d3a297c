import {
  err,
  numeric,
  ok,
  parseNumber,
  type Result,
  refusal,
  round,
  type ToolContext,
  toFixedText,
} from '@toolbox/sdk';
import * as v from 'valibot';
import {
  type InterestMessages,
  type InterestOutput,
  interestSchemas,
  solveInterest,
} from '../_shared/interest/interest';
import { NO_RATE } from '../_shared/rates/messages';
import { CPI_MISSING, FIRST_YEAR } from './calculations';

const MESSAGES: InterestMessages = {
  simple: 'Enter valid loan amount, rate, and time',
  principal: 'Enter valid principal, rate, and time',
};
const INVALID_AMOUNT = 'Enter a valid amount';
const INVALID_INFLATION = 'Enter a valid amount, years, and select a country';
const UNKNOWN_TYPE = 'Please choose a calculation type';

/** A currency code: trimmed and upper-cased; anything that is not text reads as empty. */
const code = v.pipe(
  v.optional(v.unknown(), ''),
  v.transform((x) => (typeof x === 'string' ? x.trim().toUpperCase() : '')),
);

const year = v.pipe(
  v.optional(numeric(INVALID_INFLATION), ''),
  v.integer(INVALID_INFLATION),
  v.minValue(FIRST_YEAR, INVALID_INFLATION),
);

const currencySchema = v.object({
  type: v.literal('currency-conversion'),
  amount: v.pipe(v.optional(numeric(INVALID_AMOUNT), ''), v.gtValue(0, INVALID_AMOUNT)),
  from: code,
  to: code,
  /** USD-based table `{ CODE: unitsPerUsd }` (GET /api/data/rates/). */
  rates: v.pipe(v.optional(v.unknown(), null), v.record(v.string(), v.number(NO_RATE), NO_RATE)),
});

const inflationSchema = v.pipe(
  v.object({
    type: v.literal('inflation-adjustment'),
    amount: v.pipe(v.optional(numeric(INVALID_INFLATION), ''), v.gtValue(0, INVALID_INFLATION)),
    startYear: year,
    endYear: year,
    country: v.pipe(
      v.optional(v.unknown(), ''),
      v.check((x) => typeof x === 'string' && x.trim() !== '', INVALID_INFLATION),
      v.transform((x) => (x as string).trim().toUpperCase()),
    ),
    /** The latest selectable year, from the view's clock (compute has none). */
    currentYear: v.pipe(v.optional(numeric(INVALID_INFLATION), ''), v.integer(INVALID_INFLATION)),
    /** The country's consumer price index (GET /api/data/cpi/). */
    cpi: v.pipe(
      v.optional(v.unknown(), null),
      v.array(v.object({ year: v.number(CPI_MISSING), value: v.number(CPI_MISSING) }), CPI_MISSING),
    ),
  }),
  // Checked even when `cpi` is missing, so a year after this one is reported as such.
  v.forward(
    v.partialCheck(
      [['startYear'], ['endYear'], ['currentYear']],
      (x) => x.startYear <= x.currentYear && x.endYear <= x.currentYear,
      INVALID_INFLATION,
    ),
    ['endYear'],
  ),
);

export const inputSchema = v.variant(
  'type',
  [...interestSchemas(MESSAGES), currencySchema, inflationSchema],
  UNKNOWN_TYPE,
);

export type FinancialInput = v.InferInput<typeof inputSchema>;
export type FinancialOutput = InterestOutput;
export type { GrowthPoint, LoanRow } from '../_shared/interest/interest';

/** Messages about the user's input come before messages about missing data. */
const DATA_MESSAGES = new Set([NO_RATE, CPI_MISSING]);

function rateOf(rates: Record<string, number>, currency: string): number | undefined {
  const rate = Object.hasOwn(rates, currency) ? rates[currency] : undefined;
  return rate !== undefined && Number.isFinite(rate) && rate > 0 ? rate : undefined;
}

function cpiOf(cpi: { year: number; value: number }[], year: number): number | undefined {
  const value = cpi.find((entry) => entry.year === year)?.value;
  return value !== undefined && Number.isFinite(value) && value > 0 ? value : undefined;
}

export function compute(input: FinancialInput): Result<FinancialOutput> {
  const parsed = v.safeParse(inputSchema, input);
  if (!parsed.success) {
    const issue = parsed.issues.find((i) => !DATA_MESSAGES.has(i.message)) ?? parsed.issues[0];
    return refusal(issue ? [issue] : [], UNKNOWN_TYPE);
  }
  const data = parsed.output;

  if (data.type === 'currency-conversion') {
    const from = rateOf(data.rates, data.from);
    const to = rateOf(data.rates, data.to);
    if (from === undefined || to === undefined) return err(NO_RATE);
    const value = round((data.amount / from) * to, 2);
    if (!Number.isFinite(value)) return err(INVALID_AMOUNT);
    return ok({ value, text: `Result: ${toFixedText(value, 2)} ${data.to}` });
  }

  if (data.type === 'inflation-adjustment') {
    const start = cpiOf(data.cpi, data.startYear);
    const end = cpiOf(data.cpi, data.endYear);
    if (start === undefined || end === undefined) return err(CPI_MISSING);
    const value = round((data.amount * end) / start, 2);
    if (!Number.isFinite(value)) return err(INVALID_INFLATION);
    return ok({ value, text: `Result: ${toFixedText(value, 2)}` });
  }

  return solveInterest(data, MESSAGES);
}

/** Fields the view fills (its `extra`); off the browser `gather` fills them. */
export const gathered = ['rates', 'cpi', 'currentYear'] as const;

/** A year the CPI can be asked for (as the view checks before asking): whole, from 1900 to this year. */
function cpiYear(raw: unknown, currentYear: number): number | undefined {
  const year = parseNumber(raw);
  return year !== undefined && Number.isInteger(year) && year >= FIRST_YEAR && year <= currentYear
    ? year
    : undefined;
}

/**
 * Off the browser: the data the view gathers. Rates for a conversion; for an inflation adjustment
 * the CPI of the country over the years asked (earlier year first), when both years are valid.
 */
export async function gather(input: Record<string, unknown>, context: ToolContext) {
  const { currentYear } = context;
  const filled: Record<string, unknown> = { ...input, currentYear, rates: undefined, cpi: undefined };
  if (input.type === 'currency-conversion') filled.rates = await context.rates();
  if (
    input.type === 'inflation-adjustment' &&
    typeof input.country === 'string' &&
    input.country.trim() !== ''
  ) {
    const start = cpiYear(input.startYear, currentYear);
    const end = cpiYear(input.endYear, currentYear);
    if (start !== undefined && end !== undefined) {
      filled.cpi = await context.cpi(
        input.country.trim().toUpperCase(),
        Math.min(start, end),
        Math.max(start, end),
      );
    }
  }
  return filled;
}
