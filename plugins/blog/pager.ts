import { clampPage, ELLIPSIS, type PageItem, withGaps } from '../_shared/lists/pager/page-items';

export { clampPage, ELLIPSIS, type PageItem };

/** The blog's page sizes (spec 9): All asks for the API's largest page, 1000. */
export const PAGE_SIZES = ['5', '10', '100', 'All'] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = '5';
export const ALL_PAGE_SIZE = 1000;

/** The `page_size` sent for a choice. */
export function pageSizeValue(size: PageSize): number {
  return size === 'All' ? ALL_PAGE_SIZE : Number(size);
}

/** Total pages = count ÷ page size, rounded up (0 for no rows). */
export function totalPages(count: number, pageSize: number): number {
  if (count <= 0 || pageSize <= 0) return 0;
  return Math.ceil(count / pageSize);
}

/** How many consecutive page numbers the pager shows around the current page. */
export const WINDOW = 3;

/**
 * The numbered buttons (spec 2.8): a window of three consecutive pages holding the current one
 * (centred where it can be, slid inwards at either end), plus the first and the last page, with an
 * ellipsis for the pages left out. A gap of exactly one page shows that page instead: an ellipsis
 * would hide nothing.
 *
 *   pageItems(1, 10) → [1, 2, 3, '…', 10]
 *   pageItems(5, 10) → [1, '…', 4, 5, 6, '…', 10]
 */
export function pageItems(current: number, total: number): PageItem[] {
  if (total < 1) return [];
  const page = clampPage(current, total);
  const start = Math.max(1, Math.min(page - Math.floor(WINDOW / 2), total - WINDOW + 1));
  const shown = new Set([1, total]);
  for (let n = start; n < start + WINDOW && n <= total; n++) shown.add(n);
  return withGaps(shown);
}
