import { describe, expect, it } from 'vitest';
import { defineTool, groupByCategory, matchesTool } from './tool';

const base = {
  label: 'Unit Converter',
  category: 'Science' as const,
  description: 'Convert lengths',
  view: async () => ({ default: () => null }),
};

describe('defineTool', () => {
  it('derives the route from the slug', () => {
    const tool = defineTool({ ...base, slug: 'unit-converter', keywords: ['metre'] });
    expect(tool.route).toBe('/unit-converter');
  });
  it('refuses a slug that is not kebab-case and an unknown category', () => {
    expect(() => defineTool({ ...base, slug: 'Unit Converter' })).toThrow(/kebab-case/);
    expect(() => defineTool({ ...base, slug: 'x', category: 'Cars' as never })).toThrow(/unknown category/);
  });
  it('matches every word of a query against label and the keywords it is given', () => {
    const tool = defineTool({ ...base, slug: 'unit-converter', keywords: ['metre', 'inch'] });
    expect(matchesTool(tool, 'UNIT')).toBe(true);
    expect(matchesTool(tool, 'inch conv', tool.keywords)).toBe(true);
    expect(matchesTool(tool, 'pizza', tool.keywords)).toBe(false);
    // The registry's entry has no keywords: a query that only they match waits for them.
    expect(matchesTool(tool, 'inch conv')).toBe(false);
  });
  it('groups by category in the spec order', () => {
    const groups = groupByCategory([defineTool({ ...base, slug: 'a' })]);
    expect(groups.map((g) => g.category)[0]).toBe('Media');
    expect(groups.find((g) => g.category === 'Science')?.tools).toHaveLength(1);
  });
});
