import type { Result } from './result';
import type { SessionUser } from './wire';

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

/**
 * A Storage kept in a Map, as localStorage behaves; `quota` (characters of one value) makes
 * `setItem` throw as a full browser storage does.
 */
export function memoryStorage(
  initial: Record<string, string> = {},
  quota = Number.POSITIVE_INFINITY,
): Storage {
  const items = new Map(Object.entries(initial));
  return {
    get length() {
      return items.size;
    },
    clear: () => items.clear(),
    getItem: (key) => items.get(key) ?? null,
    key: (index) => [...items.keys()][index] ?? null,
    removeItem: (key) => {
      items.delete(key);
    },
    setItem: (key, value) => {
      if (String(value).length > quota)
        throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
      items.set(key, String(value));
    },
  };
}

/** A member as the API describes one (`GET /api/me/`), for tests of the session. */
export const TEST_MEMBER: SessionUser = {
  id: 1,
  username: 'ann',
  email: 'ann@example.com',
  full_name: 'Ann',
  role: 'member',
  is_admin: false,
};
