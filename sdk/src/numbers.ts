const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)(e[+-]?\d+)?$/i;
/** A decimal comma, as phones in many languages type it: "1,75", ",5", "-0,25". */
const DECIMAL_COMMA = /^[+-]?\d*,\d+$/;
/** A comma that could as well group thousands: "1,500" (1.5 or fifteen hundred?). */
const THOUSANDS = /^[+-]?[1-9]\d{0,2},\d{3}$/;

/**
 * Reads a raw form value as a number: a finite number, or a decimal string such as "12.5", " 3 " or
 * "1,75" (a decimal comma; not "1,500", which could be fifteen hundred). Anything else (empty, null,
 * NaN, Infinity, "abc", "0x10", "1,000,000") gives undefined.
 */
export function parseNumber(raw: unknown): number | undefined {
  if (typeof raw === 'number') return Number.isFinite(raw) ? raw : undefined;
  if (typeof raw !== 'string') return undefined;
  const trimmed = raw.trim();
  const text = DECIMAL_COMMA.test(trimmed) && !THOUSANDS.test(trimmed) ? trimmed.replace(',', '.') : trimmed;
  if (!DECIMAL.test(text)) return undefined;
  const n = Number(text);
  return Number.isFinite(n) ? n : undefined;
}

/**
 * Whether a raw value stands for a number that is not finite: NaN, ±Infinity (as a number or as
 * text in any case) or a decimal too large for a float ("1e999"). Text that is no number is not.
 */
export function namesNoFiniteNumber(raw: unknown): boolean {
  if (typeof raw === 'number') return !Number.isFinite(raw);
  if (typeof raw !== 'string') return false;
  const text = raw.trim();
  return /^[+-]?(nan|infinity)$/i.test(text) || (DECIMAL.test(text) && !Number.isFinite(Number(text)));
}

/** Moves the decimal point of x by `places` using its decimal text, so no binary error creeps in. */
function shift(x: number, places: number): number {
  const [mantissa, exponent = '0'] = String(x).split('e');
  return Number(`${mantissa}e${Number(exponent) + places}`);
}

/**
 * Rounds half away from zero on the decimal number as a person reads it:
 * round(24.95, 1) = 25, round(18.45, 1) = 18.5, round(-2.5, 0) = -3.
 * Float noise from arithmetic (18.449999999999996) is first settled at 15 significant digits;
 * whole numbers and numbers of 2^53 and more are returned as they are.
 */
export function round(x: number, decimals: number): number {
  // Whole numbers need no rounding, and from 2^53 on a float has no decimals to round.
  if (x === 0) return 0; // also -0, which reads as "-0" nowhere a person looks
  if (!Number.isFinite(x) || Number.isInteger(x) || Math.abs(x) >= 2 ** 53) return x;
  const settled = Number(x.toPrecision(15));
  const rounded = shift(Math.round(shift(Math.abs(settled), decimals)), -decimals);
  return settled < 0 && rounded !== 0 ? -rounded : rounded;
}

/** Fixed-decimals text of a number, rounded by the same rule as `round`. */
export function toFixedText(x: number, decimals: number): string {
  return round(x, decimals).toFixed(decimals);
}

/** Text of a number with at most `decimals` decimals and no trailing zeros: 12.5, 0.3333. */
export function toShortText(x: number, decimals: number): string {
  return String(round(x, decimals));
}
