import { describe, expect, it } from 'vitest';
import { patternRead } from './pattern-reads';

describe('patternRead', () => {
  it("puts the route's parameter where the rendered path's value is a segment of the read", () => {
    expect(patternRead('/api/things/1/', '/things/$id', '/things/1')).toBe('/api/things/$id/');
    expect(patternRead('/api/things/1/notes/', '/things/$id', '/things/1')).toBe('/api/things/$id/notes/');
    expect(patternRead('/api/things/12/', '/things/$id', '/things/1')).toBe('/api/things/12/');
  });

  it('keeps a read with no value in it as it is', () => {
    expect(patternRead('/api/data/currencies/', '/things/$id', '/things/1')).toBe('/api/data/currencies/');
    expect(patternRead('/api/things/?page=2', '/things/$id', '/things/1')).toBe('/api/things/?page=2');
  });

  it('leaves out a read whose query holds a value: it may be the same by chance', () => {
    expect(patternRead('/api/notes/?thing=1', '/things/$id', '/things/1')).toBeNull();
    expect(patternRead('/api/things/1/?page=1', '/things/$id', '/things/1')).toBeNull();
  });

  it('puts in every parameter of a pattern with several', () => {
    expect(patternRead('/api/users/ann/things/7/', '/users/$name/things/$id', '/users/ann/things/7')).toBe(
      '/api/users/$name/things/$id/',
    );
  });
});
