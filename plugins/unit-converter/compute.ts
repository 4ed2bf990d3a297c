import { err, numeric, ok, type Result, requiredText, validate } from '@toolbox/sdk';
import * as v from 'valibot';
import { findUnit, ratio } from './units';

export { MEASURES, type Measure, measureOf, type Unit, units, unitsOf } from './units';

const INVALID_AMOUNT = 'Enter a valid numeric amount';
const MISSING_UNITS = 'Please specify both from and to units';
const CONVERSION_FAILED = 'Conversion failed: incompatible units or unknown unit';

export const inputSchema = v.pipe(
  v.object({
    amount: numeric(INVALID_AMOUNT),
    from: requiredText(MISSING_UNITS),
    to: requiredText(MISSING_UNITS),
  }),
  v.check(({ from, to }) => ratio(from, to) !== undefined, CONVERSION_FAILED),
);

export type UnitInput = v.InferInput<typeof inputSchema>;
export interface UnitOutput {
  value: number;
  text: string;
}

/**
 * amount × num ÷ den. Multiplying before dividing keeps exact cases exact (12 in → 1 ft, not
 * 0.9999…); both steps round once, so the relative error stays near 1e-16, far below 1e-9.
 */
function scale(amount: number, num: bigint, den: bigint): number {
  const n = Number(num);
  const d = Number(den);
  if (Number.isSafeInteger(n) && Number.isSafeInteger(d)) {
    const value = (amount * n) / d;
    if (Number.isFinite(value)) return value;
  }
  return amount * (n / d);
}

/**
 * The result as the sentence shows it: at most 12 significant digits. The value itself is not
 * rounded, and its float noise (a few units in the 16th digit, e.g. 0.1 × 3 × 100 =
 * 30.000000000000004) would otherwise be displayed; 12 digits hide it with room to spare while
 * still showing the definitions people check in full (1 ac = 4046.8564224 m², 1 lb = 0.45359237 kg).
 */
function displayed(x: number): string {
  return String(Number(x.toPrecision(12)));
}

export function compute(input: UnitInput): Result<UnitOutput> {
  const parsed = validate(inputSchema, input);
  if (!parsed.ok) return parsed;
  const { amount, from, to } = parsed.value;
  const exact = ratio(from, to);
  const fromUnit = findUnit(from);
  const toUnit = findUnit(to);
  if (!exact || !fromUnit || !toUnit) return err(CONVERSION_FAILED);
  const value = scale(amount, exact.num, exact.den);
  // Only an amount near the float limit overflows (1e308 km in mm): the amount is what is wrong.
  if (!Number.isFinite(value)) return err(INVALID_AMOUNT);
  const settled = value === 0 ? 0 : value; // no -0
  return ok({
    value: settled,
    text: `Result: ${String(amount)} ${fromUnit.abbr} = ${displayed(settled)} ${toUnit.abbr}`,
  });
}
