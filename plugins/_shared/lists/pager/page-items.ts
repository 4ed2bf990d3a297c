/** A gap between page numbers. */
export const ELLIPSIS = '…';
export type PageItem = number | typeof ELLIPSIS;

/** Keeps a page number between 1 and `total` (1 when there are no pages). */
export function clampPage(page: number, total: number): number {
  return Math.min(Math.max(1, Math.trunc(page) || 1), Math.max(1, total));
}

/**
 * The page numbers to show, in order, with an ellipsis wherever pages are left out. A gap of exactly
 * one page shows that page instead: an ellipsis would hide nothing.
 */
export function withGaps(shown: Iterable<number>): PageItem[] {
  const items: PageItem[] = [];
  let previous = 0;
  for (const n of [...new Set(shown)].sort((a, b) => a - b)) {
    if (n - previous === 2) items.push(previous + 1);
    else if (n - previous > 2) items.push(ELLIPSIS);
    items.push(n);
    previous = n;
  }
  return items;
}
