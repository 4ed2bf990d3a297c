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
  it('matches every word of a query against label and keywords', () => {
    const tool = defineTool({ ...base, slug: 'unit-converter', keywords: ['metre', 'inch'] });
    expect(matchesTool(tool, 'UNIT')).toBe(true);
    expect(matchesTool(tool, 'inch conv')).toBe(true);
    expect(matchesTool(tool, 'pizza')).toBe(false);
  });
  it('groups by category in the spec order', () => {
    const groups = groupByCategory([defineTool({ ...base, slug: 'a' })]);
    expect(groups.map((g) => g.category)[0]).toBe('Media');
    expect(groups.find((g) => g.category === 'Science')?.tools).toHaveLength(1);
  });
});
