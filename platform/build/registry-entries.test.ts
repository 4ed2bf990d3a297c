import { describe, expect, it } from 'vitest';
import { withoutKeywords, withoutLazyImports } from './registry-entries';

describe('withoutKeywords', () => {
  it("empties a manifest's keywords, however they are written, and leaves the rest as it was", () => {
    const manifest = `import { defineTool } from '@toolbox/sdk';
export default defineTool({
  slug: 'bytes',
  label: 'Bytes',
  description: 'Find keywords: none here are touched.',
  keywords: 'KB MB GB'.split(' '),
  view: () => import('./view'),
});`;
    expect(withoutKeywords(manifest)).toBe(
      manifest.replace("keywords: 'KB MB GB'.split(' ')", 'keywords: []'),
    );
    const listed = "export default defineTool({ slug: 'a', keywords: ['x', 'y'], label: 'A' });";
    expect(withoutKeywords(listed)).toBe(
      "export default defineTool({ slug: 'a', keywords: [], label: 'A' });",
    );
  });

  it('empties keywords named once (`{ keywords }`) or kept in a constant', () => {
    const shorthand = "const keywords = ['x'];\nexport default defineTool({ slug: 'a', keywords });";
    expect(withoutKeywords(shorthand)).toBe(
      "const keywords = ['x'];\nexport default defineTool({ slug: 'a', keywords: [] });",
    );
    const named = "const WORDS = ['x'];\nexport default defineTool({ slug: 'a', keywords: WORDS });";
    expect(withoutKeywords(named)).toBe(
      "const WORDS = ['x'];\nexport default defineTool({ slug: 'a', keywords: [] });",
    );
  });

  it('leaves a manifest without keywords as it is', () => {
    const manifest = "export default defineTool({ slug: 'a', label: 'A', description: 'keywords: no' });";
    expect(withoutKeywords(manifest)).toBe(manifest);
  });
});

describe('withoutLazyImports', () => {
  it("replaces a manifest's dynamic imports (views, slots) by null, and nothing else", () => {
    const manifest = `import { definePages } from '@toolbox/sdk';
export default definePages({
  id: 'account',
  routes: [{ path: '/login', title: 'Login', view: () => import('./login-view') }],
  slots: { 'home-aside': () => import('./login-aside').then((module) => module.default) },
});`;
    expect(withoutLazyImports(manifest)).toBe(
      manifest.replace("import('./login-view')", 'null').replace("import('./login-aside')", 'null'),
    );
  });
});
