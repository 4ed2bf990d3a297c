import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { AnswerCache, sharedReads } from './answer-cache';

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
    expect(a.etag).toMatch(/^W\/"[0-9a-f]{40}"$/);
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

describe('sharedReads', () => {
  const db = {} as Database;

  it('makes one read for the requests that come while it is under way, and a new one after', async () => {
    let reads = 0;
    let version = 7;
    const current = sharedReads(async () => {
      reads += 1;
      await new Promise((resolve) => setTimeout(resolve, 5));
      return version;
    });
    const answers = await Promise.all(Array.from({ length: 50 }, () => current(db)));
    expect(answers).toEqual(Array(50).fill(7));
    expect(reads).toBe(1);
    version = 8;
    expect(await current(db)).toBe(8);
    expect(reads).toBe(2);
  });

  it('passes a failed read to every request that shared it, and tries again on the next', async () => {
    let fail = true;
    const current = sharedReads(async () => {
      if (fail) throw new Error('database down');
      return 1;
    });
    const both = await Promise.allSettled([current(db), current(db)]);
    expect(both.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected']);
    fail = false;
    expect(await current(db)).toBe(1);
  });
});
