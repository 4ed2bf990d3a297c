import { describe, expect, it } from 'vitest';
import { classesIn, criticalCss } from './critical-css';

const squash = (css: string) => css.replace(/\s+/g, ' ').replace(/\s*}/g, ' }').trim();
const critical = (html: string, ...sheets: string[]) => squash(criticalCss(html, sheets));

describe('classesIn', () => {
  it('reads every class of every element', () => {
    expect([...classesIn('<div class="a b"><p class=" c  a ">x</p><span>y</span></div>')]).toEqual([
      'a',
      'b',
      'c',
    ]);
  });
});

describe('criticalCss', () => {
  it('keeps the rules whose classes are on the page and drops the others', () => {
    expect(critical('<div class="m_1"></div>', '.m_1 { color: red } .m_2 { color: blue }')).toBe(
      '.m_1 { color: red }',
    );
  });

  it('keeps a rule whatever its states, attributes and colour scheme, when its classes are there', () => {
    const css =
      '.m_1:hover { color: red } .m_1[data-disabled] { opacity: .5 } [data-mantine-color-scheme=dark] .m_1 { color: white }';
    expect(critical('<button class="m_1"></button>', css)).toBe(squash(css));
  });

  it('drops a rule needing two classes when one is missing, and a selector of a list', () => {
    expect(critical('<i class="a"></i>', '.a .b { margin: 0 } .a, .b { padding: 0 }')).toBe(
      '.a { padding: 0 }',
    );
  });

  it('keeps rules naming no class, and media blocks that still hold a rule', () => {
    const css =
      'body { margin: 0 } [data-early-outcome] > p { font-weight: 600 } @media (min-width: 48em) { .a { gap: 1px } .b { gap: 2px } }';
    expect(critical('<i class="a"></i>', css)).toBe(
      'body { margin: 0 } [data-early-outcome] > p { font-weight: 600 } @media (min-width: 48em) { .a { gap: 1px } }',
    );
  });

  it('removes media blocks left empty', () => {
    expect(
      critical('<i class="b"></i>', '@media (hover: hover) { .a:hover { color: red } } .b { margin: 0 }'),
    ).toBe('.b { margin: 0 }');
  });

  it('keeps the keyframes a kept rule or the page names, and drops the others', () => {
    const frames = '@keyframes spin { from { rotate: 0 } } @keyframes spin-fast { to { rotate: 1turn } }';
    expect(
      critical(
        '<i class="a"></i>',
        `.a { animation: spin 1s linear } .b { animation: spin-fast 1s } ${frames}`,
      ),
    ).toBe('.a { animation: spin 1s linear } @keyframes spin { from { rotate: 0 } }');
    expect(critical('<i style="animation-name: spin-fast"></i>', frames)).toBe(
      '@keyframes spin-fast { to { rotate: 1turn } }',
    );
    expect(critical('<i></i>', frames)).toBe('');
  });

  it('keeps only the custom properties used by kept rules, the page or another used property', () => {
    const css =
      ':root { --used: 1px; --chain: var(--end); --end: red; --inline: 2px; --unused: 3px; --only-dropped: 4px } .a { margin: var(--used); color: var(--chain) } .b { margin: var(--only-dropped) }';
    expect(critical('<i class="a" style="padding: var(--inline)"></i>', css)).toBe(
      ':root { --used: 1px; --chain: var(--end); --end: red; --inline: 2px } .a { margin: var(--used); color: var(--chain) }',
    );
  });

  it('counts the properties used by <style> elements of the page, and rules left empty go', () => {
    expect(
      critical(
        '<style>.x { color: var(--from-style) }</style>',
        ':root { --from-style: red; --other: blue }',
      ),
    ).toBe(':root { --from-style: red }');
    expect(critical('<i></i>', ':root { --other: blue }')).toBe('');
  });

  it('joins the stylesheets in the order given', () => {
    expect(critical('<i class="a"></i>', '.a { color: red }', '.a { color: blue }')).toBe(
      '.a { color: red } .a { color: blue }',
    );
  });
});
