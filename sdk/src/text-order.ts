/**
 * Orders and counts read by people, without the browser's locale machinery on the page's start-up
 * path: the first `localeCompare` or `toLocaleString` of a page builds the locale's collator or
 * number format, tens of milliseconds of one task on a slow phone. The labels and numbers here are
 * English (tool names, dates as ISO text, counts), for which these give the same answer.
 */

/** Alphabetical, ignoring case (then by the text itself, so the order is total): a sort comparator. */
export function byText(a: string, b: string): number {
  const x = a.toLowerCase();
  const y = b.toLowerCase();
  if (x !== y) return x < y ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/** A whole number with its thousands grouped by commas: 10000 → "10,000", -1234567 → "-1,234,567". */
export function withThousands(n: number): string {
  if (!Number.isSafeInteger(n)) return String(n);
  return String(n).replace(/\B(?=(\d{3})+$)/g, ',');
}
