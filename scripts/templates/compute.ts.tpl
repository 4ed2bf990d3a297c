import { numeric, ok, type Result, round, validate } from '@toolbox/sdk';
import * as v from 'valibot';

// The scaffold's example computes a square: replace it with the tool's own contract (docs/plugins.md).
const INVALID = 'Please enter a valid number';

export const inputSchema = v.object({ value: numeric(INVALID) });

export type __PASCAL__Input = v.InferInput<typeof inputSchema>;
export interface __PASCAL__Output {
  value: number;
  text: string;
}

export function compute(input: __PASCAL__Input): Result<__PASCAL__Output> {
  const parsed = validate(inputSchema, input);
  if (!parsed.ok) return parsed;
  const value = round(parsed.value.value ** 2, 4);
  return ok({ value, text: `Result: ${value}` });
}
