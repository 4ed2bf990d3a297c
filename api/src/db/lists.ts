/**
 * What every paged, searchable list shares (decision 031): the substring pattern, and counting
 * that does not grow with the table. A count is exact up to EXACT_COUNT_LIMIT matches; past that
 * the list answers the planner's estimate (never less than the limit + 1) and says so with
 * `count_is_estimate: true`.
 */
import { EXACT_COUNT_LIMIT } from '@toolbox/sdk/wire';
import { count, type SQL, type SQLWrapper, sql } from 'drizzle-orm';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { Database } from './client';

/** The SDK's limit, so the client's "10,000+" and the API agree. */
export { EXACT_COUNT_LIMIT };

export interface ListCount {
  count: number;
  /** True when `count` is the planner's estimate of more than EXACT_COUNT_LIMIT matches. */
  estimate: boolean;
}

/** `LIKE`/`ILIKE … ESCAPE '\'` pattern matching `term` anywhere, with `%`, `_` and `\` taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/** `column ILIKE '%term%'` with the term taken literally. */
export function ilikeContains(column: SQLWrapper, term: string): SQL {
  return sql`${column} ilike ${containsPattern(term)} escape '\\'`;
}

/**
 * How a page of a search reaches its rows, chosen from the count the list has just made rather
 * than from the planner's guess, which rests on sampled statistics and can go either way for the
 * same word (it once walked 10 000 posts for a word in one of them). Up to FEW_MATCHES matches
 * (`'index'`) the page's order is hidden from the order index, so every match is read through the
 * trigram index and sorted; past it (`'walk'`) the query is left to the planner, which for a word
 * that common walks the order index and stops once the page is full.
 */
export type SearchPath = 'index' | 'walk';
export const FEW_MATCHES = 1000;

/** The path of a page of `search` with `counted` matches (a list without a search walks its order). */
export function searchPath(search: string, { count, estimate }: ListCount): SearchPath {
  return search && !estimate && count <= FEW_MATCHES ? 'index' : 'walk';
}

/**
 * A sort key for the path: the column for `'walk'`; for `'index'` the column behind a no-op the
 * order index does not serve (`+ 0`, `+ interval '0'`), so the planner does not walk it instead.
 */
export function orderKeyFor(path: SearchPath, column: SQLWrapper, noOp: '0' | "interval '0'"): SQL {
  return path === 'walk' ? sql`${column}` : sql`(${column} + ${sql.raw(noOp)})`;
}

/** The rows of a raw `execute`, whichever driver answered (PGlite `{ rows }`, postgres.js an array). */
export function rowsOf<T>(result: unknown): T[] {
  if (Array.isArray(result)) return result as T[];
  return ((result as { rows?: T[] }).rows ?? []) as T[];
}

/**
 * Counts the rows `matching` returns, reading at most EXACT_COUNT_LIMIT + 1 of them: exact up to
 * the limit, past it the planner's estimate of the uncapped query. `matching` must select from
 * the list's table with its conditions (the selected columns do not matter).
 */
export async function cappedCount(db: Database, matching: () => PgSelect): Promise<ListCount> {
  const capped = matching()
    .limit(EXACT_COUNT_LIMIT + 1)
    .as('capped');
  const [row] = await db.select({ n: count() }).from(capped);
  const exact = Number(row?.n ?? 0);
  if (exact <= EXACT_COUNT_LIMIT) return { count: exact, estimate: false };
  return { count: Math.max(await plannedRows(db, matching()), EXACT_COUNT_LIMIT + 1), estimate: true };
}

/** How many rows the planner expects `query` to return (EXPLAIN, nothing is executed). */
export async function plannedRows(db: Database, query: SQLWrapper): Promise<number> {
  const result = await db.execute(sql`explain (format json) ${query}`);
  const [row] = rowsOf<Record<string, unknown>>(result);
  const raw = row ? Object.values(row)[0] : undefined;
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: { 'Plan Rows': number } }];
  return Math.round(plan?.[0]?.Plan?.['Plan Rows'] ?? 0);
}
