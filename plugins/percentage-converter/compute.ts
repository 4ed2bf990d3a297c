import { err, numeric, ok, type Result, toShortText, validate } from '@toolbox/sdk';
import * as v from 'valibot';

const INVALID = 'Please enter valid numbers for both fields.';

export const inputSchema = v.object({
  base: numeric(INVALID),
  percentage: numeric(INVALID),
});

export type PercentageInput = v.InferInput<typeof inputSchema>;
export interface PercentageOutput {
  value: number;
  text: string;
}

/** value = base × percentage ÷ 100, not rounded; the sentence shows it to at most 4 decimals. */
export function compute(input: PercentageInput): Result<PercentageOutput> {
  const parsed = validate(inputSchema, input);
  if (!parsed.ok) return parsed;
  const { base, percentage } = parsed.value;
  const product = (base * percentage) / 100;
  // base × percentage can overflow (1e308 × 200) although the answer would fit: divide first then.
  const raw = Number.isFinite(product) ? product : base * (percentage / 100);
  if (!Number.isFinite(raw)) return err(INVALID);
  const value = raw === 0 ? 0 : raw; // no -0
  return ok({ value, text: `${String(percentage)}% of ${String(base)} is ${shown(value)}` });
}

/**
 * R to at most 4 decimals. From 1e15 up a double holds no 4th decimal anyway, and the SDK's
 * `round` settles at 15 significant digits, which there would change integer digits
 * (2^50 = 1125899906842624 would read 1125899906842620): such numbers are shown as they are.
 */
function shown(value: number): string {
  return Math.abs(value) >= 1e15 ? String(value) : toShortText(value, 4);
}
