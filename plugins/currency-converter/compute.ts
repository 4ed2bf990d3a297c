import {
  currencyCode,
  err,
  numeric,
  ok,
  type Result,
  rateOf,
  type ToolContext,
  toFixedText,
  validate,
} from '@toolbox/sdk';
import * as v from 'valibot';
import { INVALID_AMOUNT, NO_RATE } from './messages';

/** A currency code as typed or picked: trimmed and upper-cased; anything but text is no code. */
const code = v.pipe(v.string(NO_RATE), v.transform(currencyCode));

export const inputSchema = v.object(
  {
    amount: v.pipe(numeric(INVALID_AMOUNT), v.gtValue(0, INVALID_AMOUNT)),
    from: code,
    to: code,
    /** USD-based table `{ CODE: units per USD }` (the API's `rates`); lower-case keys are accepted too. */
    rates: v.record(v.string(), v.unknown(), NO_RATE),
  },
  // A missing field gets that field's message (valibot's own would be "Invalid key: …").
  (issue) => (issue.path?.[0]?.key === 'amount' || !issue.path ? INVALID_AMOUNT : NO_RATE),
);

export type CurrencyInput = v.InferInput<typeof inputSchema>;
export interface CurrencyOutput {
  /** amount ÷ rates[from] × rates[to], not rounded. */
  value: number;
  /** Units of `to` for one `from`: rates[to] ÷ rates[from], not rounded. */
  rate: number;
  /** `Converted Amount: X CODE`, X to 2 decimals. */
  text: string;
  /** The codes converted, upper-cased (the form may have changed since). */
  from: string;
  to: string;
  /** `1 USD = 3914.67 UGX`: the rate to 6 significant digits. */
  rateText: string;
}

/** A rate for reading: six significant digits, no trailing zeros (0.881234, 3914.67, 0.000255467). */
export function formatRate(rate: number): string {
  return String(Number(rate.toPrecision(6)));
}

export function compute(input: CurrencyInput): Result<CurrencyOutput> {
  const parsed = validate(inputSchema, input);
  if (!parsed.ok) return parsed;
  const { amount, from, to, rates } = parsed.value;
  const fromRate = rateOf(rates, from);
  const toRate = rateOf(rates, to);
  if (fromRate === undefined || toRate === undefined) return err(NO_RATE);
  // The same currency on both sides is exact, without a round trip through USD.
  const same = from === to;
  const value = same ? amount : (amount / fromRate) * toRate;
  const rate = same ? 1 : toRate / fromRate;
  return ok({
    value,
    rate,
    text: `Converted Amount: ${toFixedText(value, 2)} ${to}`,
    from,
    to,
    rateText: `1 ${from} = ${formatRate(rate)} ${to}`,
  });
}

/** The view fills `rates` (its `extra`); off the browser `gather` does. */
export const gathered = ['rates'] as const;

/** Off the browser: the USD-based rates table the view gets from GET /api/data/rates/. */
export async function gather(input: Record<string, unknown>, context: ToolContext) {
  return { ...input, rates: await context.rates() };
}
