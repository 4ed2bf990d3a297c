/**
 * Telling "the database cannot be reached" from every other failure, so that the API answers it
 * honestly with 503 and `Retry-After` instead of 500 (app.ts). Drivers and drizzle wrap errors, so
 * the whole `cause` chain is looked at.
 */

/** Network errors (Node), and postgres.js's own codes for a connection that failed or was lost. */
const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
]);

/**
 * SQLSTATEs of a server that is unreachable, shutting down or starting; out of a resource (disk,
 * memory, connections); read-only (a standby, a database set read-only while it fails over); or
 * that cancelled a statement on a time-out (statement_timeout, lock_timeout,
 * idle_in_transaction_session_timeout): in every case the statement did not commit, and trying
 * again later may work.
 */
function isUnavailableSqlState(code: string): boolean {
  return (
    code.startsWith('08') || // connection exception
    code.startsWith('53') || // insufficient resources
    ['57P01', '57P02', '57P03', '57P05', '57014', '55P03', '25P03', '25006'].includes(code)
  );
}

/** Seconds a client is asked to wait before trying again. */
export const DATABASE_RETRY_AFTER_S = 5;
export const DATABASE_UNAVAILABLE = 'The database is unavailable at the moment. Try again in a few seconds.';

/** The SQLSTATE of `error` or of the first error in its `cause` chain that has one. */
function sqlStateOf(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth += 1) {
    const { code, cause } = current as { code?: unknown; cause?: unknown };
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
    current = cause;
  }
  return undefined;
}

/**
 * A write that met another one at the same moment and was rolled back: a deadlock or a
 * serialization failure (PostgreSQL chose this one to undo), or a row it refers to that the other
 * removed (a foreign key no longer satisfied). Nothing of it was committed; sent again, it is
 * judged on what the other left.
 */
export function isWriteConflict(error: unknown): boolean {
  const code = sqlStateOf(error);
  return code === '40P01' || code === '40001' || code === '23503';
}

export const WRITE_CONFLICT = 'Another change came at the same moment, and nothing was saved. Try again.';

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth += 1) {
    const { code, errno, cause } = current as { code?: unknown; errno?: unknown; cause?: unknown };
    if (typeof code === 'string' && (CONNECTION_CODES.has(code) || isUnavailableSqlState(code))) return true;
    if (typeof errno === 'string' && CONNECTION_CODES.has(errno)) return true;
    // PGlite closed (the server shutting down) is the same situation.
    if ((current as Error).message === 'PGlite is closed') return true;
    current = cause;
  }
  return false;
}
