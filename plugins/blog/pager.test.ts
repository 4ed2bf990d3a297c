import { describe, expect, it } from 'vitest';
import { clampPage, ELLIPSIS as E, PAGE_SIZES, pageItems, pageSizeValue, totalPages } from './pager';

describe('pageItems: a window of three plus first and last', () => {
  it.each([
    [1, 1, [1]],
    [1, 2, [1, 2]],
    [2, 2, [1, 2]],
    [1, 3, [1, 2, 3]],
    [3, 3, [1, 2, 3]],
    [1, 4, [1, 2, 3, 4]],
    [1, 10, [1, 2, 3, E, 10]],
    [2, 10, [1, 2, 3, E, 10]],
    [3, 10, [1, 2, 3, 4, E, 10]],
    // A gap of one page shows the page itself.
    [4, 10, [1, 2, 3, 4, 5, E, 10]],
    [5, 10, [1, E, 4, 5, 6, E, 10]],
    [7, 10, [1, E, 6, 7, 8, 9, 10]],
    [8, 10, [1, E, 7, 8, 9, 10]],
    [9, 10, [1, E, 8, 9, 10]],
    [10, 10, [1, E, 8, 9, 10]],
  ] as const)('page %d of %d', (current, total, expected) => {
    expect(pageItems(current, total)).toEqual(expected);
  });

  it('always shows three consecutive pages holding the current one', () => {
    for (let total = 3; total <= 30; total++) {
      for (let current = 1; current <= total; current++) {
        const numbers = pageItems(current, total).filter((item): item is number => item !== E);
        expect(numbers).toEqual([...new Set(numbers)].sort((a, b) => a - b));
        expect(numbers).toContain(1);
        expect(numbers).toContain(total);
        const first = Math.min(Math.max(1, current - 1), total - 2);
        const window = [first, first + 1, first + 2];
        expect(window).toContain(current);
        for (const n of window) expect(numbers).toContain(n);
        expect(pageItems(current, total).length).toBeLessThanOrEqual(7);
      }
    }
  });

  it('clamps a page outside 1..total and has nothing for no pages', () => {
    expect(pageItems(0, 6)).toEqual([1, 2, 3, E, 6]);
    expect(pageItems(99, 6)).toEqual([1, E, 4, 5, 6]);
    expect(pageItems(1, 0)).toEqual([]);
  });
});

describe('page sizes', () => {
  it('are 5, 10, 100 and All, which asks for 1000', () => {
    expect(PAGE_SIZES).toEqual(['5', '10', '100', 'All']);
    expect(PAGE_SIZES.map(pageSizeValue)).toEqual([5, 10, 100, 1000]);
  });

  it('give the pages as count ÷ size rounded up', () => {
    expect(totalPages(0, 5)).toBe(0);
    expect(totalPages(5, 5)).toBe(1);
    expect(totalPages(6, 5)).toBe(2);
    expect(totalPages(12, 1000)).toBe(1);
    expect(totalPages(1001, 1000)).toBe(2);
  });

  it('keep a page between 1 and the total', () => {
    expect(clampPage(0, 4)).toBe(1);
    expect(clampPage(5, 4)).toBe(4);
    expect(clampPage(3, 0)).toBe(1);
  });
});
