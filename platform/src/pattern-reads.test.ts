import { describe, expect, it } from 'vitest';
import { patternRead } from './pattern-reads';

describe('patternRead', () => {
  it("puts the route's parameter where the rendered path's value is a segment of the read", () => {
    expect(patternRead('/api/posts/1/', '/posts/$id', '/posts/1')).toBe('/api/posts/$id/');
    expect(patternRead('/api/posts/1/comments/', '/posts/$id', '/posts/1')).toBe('/api/posts/$id/comments/');
    expect(patternRead('/api/posts/12/', '/posts/$id', '/posts/1')).toBe('/api/posts/12/');
  });

  it('keeps a read with no value in it as it is', () => {
    expect(patternRead('/api/data/currencies/', '/posts/$id', '/posts/1')).toBe('/api/data/currencies/');
    expect(patternRead('/api/posts/?page=2', '/posts/$id', '/posts/1')).toBe('/api/posts/?page=2');
  });

  it('leaves out a read whose query holds a value: it may be the same by chance', () => {
    expect(patternRead('/api/comments/?post=1', '/posts/$id', '/posts/1')).toBeNull();
    expect(patternRead('/api/posts/1/?page=1', '/posts/$id', '/posts/1')).toBeNull();
  });

  it('puts in every parameter of a pattern with several', () => {
    expect(patternRead('/api/users/ann/posts/7/', '/users/$name/posts/$id', '/users/ann/posts/7')).toBe(
      '/api/users/$name/posts/$id/',
    );
  });
});
