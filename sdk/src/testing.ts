import type { Result } from './result';

/** The value of an ok Result; throws with the error message otherwise (a failing test says why). */
export function expectOk<T>(result: Result<T>): T {
  if (!result.ok) throw new Error(`Expected ok, got error: ${result.error}`);
  return result.value;
}

/** The error message of a failed Result; throws when the Result is ok. */
export function expectError(result: Result<unknown>): string {
  if (result.ok) throw new Error(`Expected an error, got value: ${JSON.stringify(result.value)}`);
  return result.error;
}

/** Asserts that x is within `relative` of `expected` (relative error), for unrounded conversions. */
export function closeTo(x: number, expected: number, relative = 1e-9): boolean {
  if (expected === 0) return Math.abs(x) <= relative;
  return Math.abs((x - expected) / expected) <= relative;
}
