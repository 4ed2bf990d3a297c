import { describe, expect, it } from 'vitest';
import { keepLatest } from './pages-with-data';

describe('keepLatest', () => {
  it('drops the least recently used beyond the limit, a value used again counting as latest', () => {
    const kept = new Map<string, number>();
    keepLatest(kept, 'a', 1, 2);
    keepLatest(kept, 'b', 2, 2);
    expect(keepLatest(kept, 'a', 1, 2)).toBe(1);
    keepLatest(kept, 'c', 3, 2);
    expect([...kept]).toEqual([
      ['a', 1],
      ['c', 3],
    ]);
  });

  it('replaces the value kept under a key', () => {
    const kept = new Map([['a', 1]]);
    keepLatest(kept, 'a', 5, 1);
    expect([...kept]).toEqual([['a', 5]]);
  });
});
