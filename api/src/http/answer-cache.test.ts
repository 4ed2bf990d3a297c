import { describe, expect, it } from 'vitest';
import { AnswerCache } from './answer-cache';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('AnswerCache', () => {
  it('answers only for the version an answer was kept under', () => {
    const cache = new AnswerCache(10);
    cache.set('/api/posts/', 3, bytes('{"count":1}'), 'application/json');
    expect(cache.get('/api/posts/', 3)?.body).toEqual(bytes('{"count":1}'));
    expect(cache.get('/api/posts/', 4)).toBeUndefined();
    // A stale answer is dropped, not kept for an older version.
    expect(cache.get('/api/posts/', 3)).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('gives each answer the ETag of its bytes', () => {
    const cache = new AnswerCache(10);
    const a = cache.set('a', 1, bytes('same'), 'application/json');
    const b = cache.set('b', 1, bytes('same'), 'application/json');
    const c = cache.set('c', 1, bytes('other'), 'application/json');
    expect(a.etag).toMatch(/^"[0-9a-f]{40}"$/);
    expect(b.etag).toBe(a.etag);
    expect(c.etag).not.toBe(a.etag);
  });

  it('drops the least recently used answer past its number of entries', () => {
    const cache = new AnswerCache(2);
    cache.set('a', 1, bytes('a'), 'application/json');
    cache.set('b', 1, bytes('b'), 'application/json');
    cache.get('a', 1);
    cache.set('c', 1, bytes('c'), 'application/json');
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('a', 1)).toBeDefined();
    expect(cache.get('c', 1)).toBeDefined();
  });

  it('drops answers past its bytes, and keeps none larger than them', () => {
    const cache = new AnswerCache(100, 10);
    cache.set('a', 1, bytes('123456'), 'application/json');
    cache.set('b', 1, bytes('123456'), 'application/json');
    expect(cache.get('a', 1)).toBeUndefined();
    expect(cache.get('b', 1)).toBeDefined();
    cache.set('huge', 1, bytes('12345678901'), 'application/json');
    expect(cache.get('huge', 1)).toBeUndefined();
    expect(cache.get('b', 1)).toBeDefined();
  });

  it('keeps nothing with no entries', () => {
    const cache = new AnswerCache(0);
    expect(cache.enabled).toBe(false);
    cache.set('a', 1, bytes('a'), 'application/json');
    expect(cache.get('a', 1)).toBeUndefined();
  });
});
