import { describe, expect, it } from 'vitest';
import { clampPage, ELLIPSIS as E, pageItems, totalPages } from './pager';

describe('pageItems', () => {
  it.each([
    [1, 1, [1]],
    [1, 2, [1, 2]],
    [2, 2, [1, 2]],
    [1, 3, [1, 2, 3]],
    [2, 3, [1, 2, 3]],
    [1, 10, [1, 2, E, 10]],
    [2, 10, [1, 2, 3, E, 10]],
    [3, 10, [1, 2, 3, 4, E, 10]],
    // Page 2 is shown, not an ellipsis: a gap of one page is the page itself.
    [4, 10, [1, 2, 3, 4, 5, E, 10]],
    [5, 10, [1, E, 4, 5, 6, E, 10]],
    [8, 10, [1, E, 7, 8, 9, 10]],
    [9, 10, [1, E, 8, 9, 10]],
    [10, 10, [1, E, 9, 10]],
  ] as const)('page %d of %d', (current, total, expected) => {
    expect(pageItems(current, total)).toEqual(expected);
  });

  it('shows first, last and current ± 1 with ellipses for the issue example', () => {
    expect(pageItems(5, 10)).toEqual([1, '…', 4, 5, 6, '…', 10]);
  });

  it('fills a one-page gap with the page instead of an ellipsis', () => {
    expect(pageItems(4, 7)).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(pageItems(3, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it('clamps a current page outside 1..total', () => {
    expect(pageItems(0, 5)).toEqual([1, 2, E, 5]);
    expect(pageItems(99, 5)).toEqual([1, E, 4, 5]);
  });

  it('has no items for no pages', () => {
    expect(pageItems(1, 0)).toEqual([]);
  });

  it('never repeats a page and keeps them in order', () => {
    for (let total = 1; total <= 30; total++) {
      for (let current = 1; current <= total; current++) {
        const numbers = pageItems(current, total).filter((item): item is number => item !== E);
        expect(numbers).toEqual([...new Set(numbers)].sort((a, b) => a - b));
        expect(numbers).toContain(1);
        expect(numbers).toContain(total);
        expect(numbers).toContain(current);
        expect(pageItems(current, total).length).toBeLessThanOrEqual(7);
      }
    }
  });
});

describe('totalPages and clampPage', () => {
  it('rounds count ÷ page size up; All is one page', () => {
    expect(totalPages(0, 5)).toBe(0);
    expect(totalPages(5, 5)).toBe(1);
    expect(totalPages(6, 5)).toBe(2);
    expect(totalPages(101, 100)).toBe(2);
    expect(totalPages(10_000, 'All')).toBe(1);
  });

  it('keeps a page between 1 and the total', () => {
    expect(clampPage(0, 4)).toBe(1);
    expect(clampPage(5, 4)).toBe(4);
    expect(clampPage(3, 4)).toBe(3);
    expect(clampPage(3, 0)).toBe(1);
  });
});
