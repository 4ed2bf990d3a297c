/** The spec's page sizes (section 9); `All` lists every matching profile on one page. */
export const PAGE_SIZES = [5, 10, 50, 100, 'All'] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 5;

/** A gap between page numbers. */
export const ELLIPSIS = '…';
export type PageItem = number | typeof ELLIPSIS;

/** Total pages = count ÷ page size, rounded up (0 for no rows); `All` is one page. */
export function totalPages(count: number, pageSize: PageSize): number {
  if (count <= 0) return 0;
  if (pageSize === 'All') return 1;
  return Math.ceil(count / pageSize);
}

/** Keeps a page number between 1 and `total` (1 when there are no pages). */
export function clampPage(page: number, total: number): number {
  return Math.min(Math.max(1, Math.trunc(page) || 1), Math.max(1, total));
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
  const numbers = [...shown].sort((a, b) => a - b);
  const items: PageItem[] = [];
  let previous = 0;
  for (const n of numbers) {
    if (n - previous === 2) items.push(previous + 1);
    else if (n - previous > 2) items.push(ELLIPSIS);
    items.push(n);
    previous = n;
  }
  return items;
}
