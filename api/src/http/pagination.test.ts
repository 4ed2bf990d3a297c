import { Hono } from 'hono';
import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { INVALID_PAGE, pageBody, pageBounds, pageQuery } from './pagination';
import { validateQuery } from './validation';

const items = Array.from({ length: 12 }, (_, i) => i + 1);
const app = new Hono().get('/api/items', validateQuery(v.object({ ...pageQuery })), (c) => {
  const { page, page_size } = c.req.valid('query');
  const bounds = pageBounds(page, page_size, items.length);
  if (!bounds) return c.json({ error: INVALID_PAGE }, 404);
  const results = items.slice(bounds.offset, bounds.offset + bounds.limit);
  return c.json(pageBody(c.req.url, page, page_size, items.length, results));
});
const get = async (query: string) => {
  const res = await app.request(`http://toolbox.test/api/items${query}`);
  return { status: res.status, body: await res.json() };
};

describe('paged lists', () => {
  it('defaults to page 1 of 5', async () => {
    expect(await get('')).toEqual({
      status: 200,
      body: {
        count: 12,
        next: 'http://toolbox.test/api/items?page=2',
        previous: null,
        results: [1, 2, 3, 4, 5],
      },
    });
  });

  it('links back and forth, keeping the other parameters', async () => {
    const { body } = await get('?page=2&page_size=5&search=x');
    expect(body.results).toEqual([6, 7, 8, 9, 10]);
    expect(body.next).toBe('http://toolbox.test/api/items?page=3&page_size=5&search=x');
    expect(body.previous).toBe('http://toolbox.test/api/items?page_size=5&search=x');
    const last = await get('?page=3');
    expect(last.body).toMatchObject({ next: null, results: [11, 12] });
  });

  it('answers 404 Invalid page. past the end', async () => {
    expect(await get('?page=4')).toEqual({ status: 404, body: { error: 'Invalid page.' } });
  });

  it('accepts page sizes 1 to 1000 and refuses others with a field error', async () => {
    expect((await get('?page_size=1000')).body.results).toHaveLength(12);
    expect((await get('?page_size=1')).body.results).toEqual([1]);
    for (const size of ['0', '1001', 'abc', '2.5', '-3']) {
      const { status, body } = await get(`?page_size=${size}`);
      expect(status, size).toBe(400);
      expect(Object.keys(body), size).toEqual(['page_size']);
    }
    const bad = await get('?page=0');
    expect(bad.status).toBe(400);
    expect(Object.keys(bad.body)).toEqual(['page']);
  });

  it('treats page 1 of an empty list as a page, and page 2 as past the end', () => {
    expect(pageBounds(1, 5, 0)).toEqual({ limit: 5, offset: 0 });
    expect(pageBounds(2, 5, 0)).toBeNull();
    expect(pageBounds(2, 5, 6)).toEqual({ limit: 5, offset: 5 });
    expect(pageBounds(2, 5, 5)).toBeNull();
  });
});
