/**
 * Paged lists (docs/api.md): `page` from 1, `page_size` 1..1000 (default 5), answers
 * `{ count, next, previous, results }` with absolute `next`/`previous` links, and a page past the
 * end is 404 `{ error: 'Invalid page.' }` (page 1 of an empty list is fine).
 *
 *   list.get('/', validateQuery(v.object({ ...pageQuery, search: v.optional(v.string(), '') })), async (c) => {
 *     const { page, page_size } = c.req.valid('query');
 *     const count = …;
 *     const bounds = pageBounds(page, page_size, count);
 *     if (!bounds) return c.json({ error: INVALID_PAGE }, 404);
 *     const rows = await …limit(bounds.limit).offset(bounds.offset);
 *     return c.json(pageBody(c.req.url, page, page_size, count, rows));
 *   });
 */
import type { Page } from '@toolbox/sdk/wire';
import * as v from 'valibot';

export const DEFAULT_PAGE_SIZE = 5;
export const MAX_PAGE_SIZE = 1000;
export const INVALID_PAGE = 'Invalid page.';

/**
 * A whole number written in digits, of any length: one past `Number.MAX_SAFE_INTEGER` reads as
 * that (a page that far lies past the end of any list, and is answered so). `once` is the message
 * for the parameter given more than once.
 */
const wholeNumber = (message: string, once: string, min: number, max: number) =>
  v.pipe(
    v.string(once),
    v.trim(),
    v.regex(/^\d+$/, message),
    v.transform((digits) => Math.min(Number(digits), Number.MAX_SAFE_INTEGER)),
    v.minValue(min, message),
    v.maxValue(max, message),
  );

/** Spread into a query schema: `v.object({ ...pageQuery, search: … })`. */
export const pageQuery = {
  page: v.optional(
    wholeNumber('Page must be a whole number from 1.', 'Send one page number.', 1, Number.MAX_SAFE_INTEGER),
    '1',
  ),
  page_size: v.optional(
    wholeNumber(
      `Page size must be a whole number from 1 to ${MAX_PAGE_SIZE}.`,
      'Send one page size.',
      1,
      MAX_PAGE_SIZE,
    ),
    String(DEFAULT_PAGE_SIZE),
  ),
};

/**
 * The slice to read, or null when the page lies past the end. With an estimated count (see
 * db/lists.ts) the end is not known: read one row more than the page (`limit`) and pass what came
 * back to `pageBody`, which answers whether there is a next page from that row.
 */
export function pageBounds(page: number, pageSize: number, count: number, estimate = false) {
  const offset = (page - 1) * pageSize;
  if (estimate) return { limit: pageSize + 1, offset };
  if (page > 1 && offset >= count) return null;
  return { limit: pageSize, offset };
}

/** The SDK's wire type of a page (one definition for the API and its clients). */
export type { Page };

/**
 * The answer for one page. With `estimate`, `results` may hold one row more than `pageSize` (read
 * by `pageBounds`): it only says that a next page exists and is not sent.
 */
export function pageBody<T>(
  requestUrl: string,
  page: number,
  pageSize: number,
  count: number,
  results: T[],
  estimate = false,
): Page<T> {
  const link = (target: number) => {
    const url = new URL(requestUrl);
    if (target === 1) url.searchParams.delete('page');
    else url.searchParams.set('page', String(target));
    return url.toString();
  };
  if (estimate) {
    return {
      count,
      count_is_estimate: true,
      next: results.length > pageSize ? link(page + 1) : null,
      previous: page > 1 ? link(page - 1) : null,
      results: results.slice(0, pageSize),
    };
  }
  return {
    count,
    next: page * pageSize < count ? link(page + 1) : null,
    previous: page > 1 ? link(page - 1) : null,
    results,
  };
}
