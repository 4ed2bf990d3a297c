import { SEARCH_MAX } from '@toolbox/sdk/wire';
import { describe, expect, it } from 'vitest';
import { LIST_PLACE_KEYS } from './list-place';
import { placeOf, queryOf } from './paged-search';

const SIZES = ['5', '10', '100', 'All'] as const;
const NUMBER_SIZES = [5, 10, 50, 100, 'All'] as const;

describe('placeOf', () => {
  it('reads the page, size and search of an address', () => {
    expect(placeOf({ page: 3, size: 10, search: ' cat ' }, SIZES, '5')).toEqual({
      page: 3,
      size: '10',
      search: 'cat',
    });
    expect(placeOf({ size: 'All' }, NUMBER_SIZES, 5)).toEqual({ page: 1, size: 'All', search: '' });
    expect(placeOf({ size: 50 }, NUMBER_SIZES, 5).size).toBe(50);
  });

  it('reads a search the router took for a number as its text', () => {
    expect(placeOf({ search: 10 }, SIZES, '5').search).toBe('10');
  });

  it('cuts a search longer than the API takes to its first characters, an emoji counting as one', () => {
    expect(placeOf({ search: `${'a'.repeat(SEARCH_MAX)}bcd` }, SIZES, '5').search).toBe(
      'a'.repeat(SEARCH_MAX),
    );
    expect(placeOf({ search: '😀'.repeat(SEARCH_MAX + 1) }, SIZES, '5').search).toBe('😀'.repeat(SEARCH_MAX));
    expect(placeOf({ search: `${'a'.repeat(SEARCH_MAX - 1)} b` }, SIZES, '5').search).toBe(
      'a'.repeat(SEARCH_MAX - 1),
    );
  });

  it('reads what is missing or not offered as the start of the list', () => {
    for (const query of [{}, { page: 0 }, { page: -2 }, { page: 2.5 }, { page: 'x' }, { page: 1e300 }])
      expect(placeOf(query, SIZES, '5').page, JSON.stringify(query)).toBe(1);
    expect(placeOf({ size: 7 }, SIZES, '5').size).toBe('5');
    expect(placeOf({ search: { a: 1 } }, SIZES, '5').search).toBe('');
  });
});

describe('queryOf', () => {
  it('leaves the defaults out, so the start of a list has a bare address', () => {
    expect(queryOf({ page: 1, size: '5', search: '' }, '5')).toEqual({
      page: undefined,
      size: undefined,
      search: undefined,
    });
    expect(queryOf({ page: 2, size: 'All', search: 'cat' }, '5')).toEqual({
      page: 2,
      size: 'All',
      search: 'cat',
    });
  });

  it('writes what placeOf reads back', () => {
    const place = { page: 4, size: 100, search: 'jo' } as const;
    expect(placeOf(queryOf(place, 5), NUMBER_SIZES, 5)).toEqual(place);
  });

  it('writes only the keys a page rendered with its data names as the ones the list reads', () => {
    const written = queryOf({ page: 2, size: 'All', search: 'cat' }, '5');
    expect(Object.keys(written).sort()).toEqual([...LIST_PLACE_KEYS].sort());
  });
});
