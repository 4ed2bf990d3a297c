/**
 * What every compute function returns: a value, or the exact message the screen shows. A refusal
 * about one field names it (`field`, the input's key): the form marks that field (decision 152).
 */
export type Result<T> = { ok: true; value: T } | { ok: false; error: string; field?: string };

export const ok = <T>(value: T): Result<T> => ({ ok: true, value });
export const err = <T = never>(error: string, field?: string): Result<T> =>
  field === undefined ? { ok: false, error } : { ok: false, error, field };

/** Said when a calculation's numbers outgrow what a number can hold (1e308 °C in °F). */
export const TOO_LARGE = 'The numbers are too large to calculate with. Please try smaller ones.';

/** Whether `value` holds a number that is not finite (Infinity, NaN), anywhere in it. */
function holdsNonFinite(value: unknown): boolean {
  if (typeof value === 'number') return !Number.isFinite(value);
  if (typeof value !== 'object' || value === null || ArrayBuffer.isView(value)) return false;
  return Object.values(value).some(holdsNonFinite);
}

/**
 * A compute's result as it may be shown or sent: a value holding Infinity or NaN (a number that
 * overflowed) is refused with TOO_LARGE, rather than shown as "Infinity" or sent as JSON's null.
 */
export function finiteResult<T>(result: Result<T>): Result<T> {
  return result.ok && holdsNonFinite(result.value) ? err(TOO_LARGE) : result;
}
