import { err, numeric, ok, type Result, round, validate } from '@toolbox/sdk';
import * as v from 'valibot';
import { STORAGE_UNITS } from './units';

const INVALID_NUMBER = 'Please enter a valid number';
const INVALID_UNITS = 'Invalid units selected';

export const inputSchema = v.object({
  // A size below zero means nothing: it is refused like any other invalid number.
  value: v.pipe(numeric(INVALID_NUMBER), v.minValue(0, INVALID_NUMBER)),
  from: v.picklist(STORAGE_UNITS, INVALID_UNITS),
  to: v.picklist(STORAGE_UNITS, INVALID_UNITS),
});

export type StorageInput = v.InferInput<typeof inputSchema>;
export interface StorageOutput {
  value: number;
  text: string;
}

/**
 * Rounded to 4 decimals. From 1e15 up a double holds no 4th decimal, and the SDK's `round` settles
 * at 15 significant digits, which there would change integer digits (1 PB = 1125899906842624 B
 * would come out as 1125899906842620): such values are exact multiples already and are kept as
 * they are.
 */
function toFourDecimals(x: number): number {
  return Math.abs(x) >= 1e15 ? x : round(x, 4);
}

export function compute(input: StorageInput): Result<StorageOutput> {
  const parsed = validate(inputSchema, input);
  if (!parsed.ok) return parsed;
  const { value, from, to } = parsed.value;
  // A power of two: the product is exact unless it leaves the range of doubles.
  const factor = 1024 ** (STORAGE_UNITS.indexOf(from) - STORAGE_UNITS.indexOf(to));
  const converted = value * factor;
  if (!Number.isFinite(converted)) return err(INVALID_NUMBER);
  const rounded = toFourDecimals(converted);
  return ok({
    value: rounded,
    text: `Converted Value: ${String(value)} ${from} = ${String(rounded)} ${to}`,
  });
}
