import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { pageBounds, pageQuery } from './pagination';

const Query = v.object(pageQuery);
const read = (query: Record<string, unknown>) => v.safeParse(Query, query);
const messages = (query: Record<string, unknown>) => read(query).issues?.map((issue) => issue.message);

describe('pageQuery', () => {
  it('reads a page and a size written in digits, with their defaults', () => {
    expect(read({}).output).toEqual({ page: 1, page_size: 5 });
    expect(read({ page: ' 3 ', page_size: '1000' }).output).toEqual({ page: 3, page_size: 1000 });
  });

  it('reads a page of any length: one far past the end is a page past the end, not a malformed one', () => {
    expect(read({ page: '2147483647' }).output).toMatchObject({ page: 2_147_483_647 });
    expect(read({ page: '9'.repeat(40) }).output).toMatchObject({ page: Number.MAX_SAFE_INTEGER });
    expect(pageBounds(Number.MAX_SAFE_INTEGER, 1000, 12)).toBeNull();
  });

  it('refuses what is not a whole number from 1, and a size over 1000, saying so', () => {
    for (const page of ['0', '-1', '2.5', '1e3', 'abc', ''])
      expect(messages({ page }), page).toEqual(['Page must be a whole number from 1.']);
    for (const page_size of ['0', '1001', '9'.repeat(40)])
      expect(messages({ page_size }), page_size).toEqual([
        'Page size must be a whole number from 1 to 1000.',
      ]);
  });

  it('asks for one value when a parameter is repeated', () => {
    expect(messages({ page: ['1', '1'] })).toEqual(['Send one page number.']);
    expect(messages({ page_size: ['5', '10'] })).toEqual(['Send one page size.']);
  });
});
