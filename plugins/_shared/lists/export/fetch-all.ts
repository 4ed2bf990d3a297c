/** A paged list answer of the API (docs/api.md: `{ count, next, previous, results }`). */
export interface Paged<T> {
  count: number;
  results: T[];
}

/** The API's largest page (docs/api.md, Lists, counts and conditional reads): exports and "All" read every page of this size. */
export const MAX_PAGE_SIZE = 1000;

/** Reads one page: page numbers from 1. */
export type PageReader<T> = (page: number, pageSize: number, signal?: AbortSignal) => Promise<Paged<T>>;

export interface FetchAllOptions {
  pageSize?: number;
  signal?: AbortSignal;
  /** After each page: the records read so far and the list's count. */
  onProgress?: (fetched: number, count: number) => void;
}

/** A page past the end: the API answers 404 (rows deleted while reading). */
function isPastTheEnd(error: unknown): boolean {
  return (
    typeof error === 'object' &&
    error !== null &&
    'status' in error &&
    (error as { status: unknown }).status === 404
  );
}

/**
 * Every record of a paged list, read page by page (one request after another, so the server is
 * never flooded). Stops at the count, at an empty page, or when a later page answers 404 (rows
 * deleted meanwhile).
 */
export async function fetchAllPages<T>(
  readPage: PageReader<T>,
  { pageSize = MAX_PAGE_SIZE, signal, onProgress }: FetchAllOptions = {},
): Promise<Paged<T>> {
  const results: T[] = [];
  let count = 0;
  for (let page = 1; ; page++) {
    let answer: Paged<T>;
    try {
      answer = await readPage(page, pageSize, signal);
    } catch (error) {
      if (page > 1 && isPastTheEnd(error)) break;
      throw error;
    }
    count = answer.count;
    results.push(...answer.results);
    onProgress?.(results.length, count);
    if (answer.results.length === 0 || results.length >= count) break;
  }
  return { count: Math.max(count, results.length), results };
}
