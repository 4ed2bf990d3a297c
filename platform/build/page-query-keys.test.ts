import { describe, expect, it } from 'vitest';
import { pageQueryKeys } from './page-query-keys';

describe('pageQueryKeys', () => {
  it("takes a route's keys, when its views read no other", () => {
    expect(pageQueryKeys({ path: '/about', readsQuery: [] }, [])).toEqual([]);
    const list = { path: '/news', readsQuery: ['page', 'size', 'search'] };
    expect(pageQueryKeys(list, ['page', 'size', 'search'])).toEqual(['page', 'size', 'search']);
    expect(pageQueryKeys({ path: '/login', readsQuery: ['redirect'] }, [])).toEqual(['redirect']);
  });

  it('refuses a route whose views read a key it does not name', () => {
    expect(() => pageQueryKeys({ path: '/about', readsQuery: [] }, ['tab'])).toThrow(
      "/about: its views read tab of the query, which its route's readsQuery does not name",
    );
  });

  it("takes a tool's fields as its form said them, once each, and any key when it said none", () => {
    const tool = { path: '/bmi-calculator', keysFromForm: true };
    expect(pageQueryKeys(tool, ['system', 'weight', 'height', 'feet', 'weight'])).toEqual([
      'system',
      'weight',
      'height',
      'feet',
    ]);
    expect(pageQueryKeys(tool, [])).toBeUndefined();
  });

  it('says nothing for a page that neither names its keys nor is a tool', () => {
    expect(pageQueryKeys({ path: '/saved/compare' }, ['ids'])).toBeUndefined();
  });

  it("refuses a field named as a link's tracking tag (decision 171), on any page", () => {
    const tool = { path: '/tip-calculator', keysFromForm: true };
    expect(() => pageQueryKeys(tool, ['amount', 'utm_source', 'ref'])).toThrow(
      "/tip-calculator: a field is named as a link's tracking tag, which no page reads: utm_source, ref",
    );
    expect(() => pageQueryKeys({ path: '/x', readsQuery: ['ref'] }, ['ref'])).toThrow(/tracking tag/);
  });
});
