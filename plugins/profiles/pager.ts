import { clampPage, ELLIPSIS, type PageItem, withGaps } from '../_shared/lists/pager/page-items';

export { clampPage, ELLIPSIS, type PageItem };

/** The spec's page sizes (section 9); `All` lists every matching profile on one page. */
export const PAGE_SIZES = [5, 10, 50, 100, 'All'] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 5;

/** Total pages = count ÷ page size, rounded up (0 for no rows); `All` is one page. */
export function totalPages(count: number, pageSize: PageSize): number {
  if (count <= 0) return 0;
  if (pageSize === 'All') return 1;
  return Math.ceil(count / pageSize);
}

/**
 * The numbered buttons of the pager: the first and last page and the current page plus or minus
 * one, with an ellipsis wherever pages are left out. A gap of exactly one page shows that page
 * instead of an ellipsis (an ellipsis would hide no more than the number itself).
 *
 *   pageItems(5, 10) → [1, '…', 4, 5, 6, '…', 10]
 */
export function pageItems(current: number, total: number): PageItem[] {
  if (total < 1) return [];
  const page = clampPage(current, total);
  const shown = new Set([1, total, page - 1, page, page + 1].filter((n) => n >= 1 && n <= total));
  return withGaps(shown);
}
