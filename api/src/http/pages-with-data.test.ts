import { describe, expect, it } from 'vitest';
import { AS_PRERENDERED, keepLatest, prerenderedAfter } from './pages-with-data';

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

describe('prerenderedAfter', () => {
  const answer = (status: number, headers: Record<string, string> = {}) =>
    new Response(null, { status, headers });

  it('sends the prerendered page as not found when a read was not found, whatever the others said', () => {
    expect(prerenderedAfter([answer(200), answer(404)])).toEqual({ status: 404, headers: {} });
    expect(prerenderedAfter([answer(503, { 'Retry-After': '5' }), answer(404)])).toEqual({
      status: 404,
      headers: {},
    });
  });

  it("sends it as unavailable, with the failed read's Retry-After, when a read failed on the server", () => {
    expect(prerenderedAfter([answer(200), answer(503, { 'Retry-After': '5' })])).toEqual({
      status: 503,
      headers: { 'Retry-After': '5' },
    });
    expect(prerenderedAfter([answer(500)])).toEqual({ status: 503, headers: {} });
  });

  it('sends it as a success otherwise: the page reads its data again in the browser', () => {
    expect(prerenderedAfter([answer(200), answer(400)])).toBe(AS_PRERENDERED);
    expect(prerenderedAfter([answer(304)])).toBe(AS_PRERENDERED);
  });
});
