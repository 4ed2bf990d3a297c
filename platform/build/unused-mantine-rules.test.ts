import postcss from 'postcss';
import { describe, expect, it } from 'vitest';
import { mantineClassesIn, unusedMantineRules } from './unused-mantine-rules';

const MANTINE_FILE = '/app/node_modules/@mantine/core/styles.css';

async function trim(css: string, used: string[], from = MANTINE_FILE) {
  const result = await postcss([unusedMantineRules({ used: new Set(used) })]).process(css, { from });
  return result.css.replace(/\s+/g, ' ').trim();
}

describe('unusedMantineRules', () => {
  it('drops a rule whose class no script names and keeps one whose class is used', async () => {
    expect(await trim('.m_77c9d27d { color: red } .m_1b7284a3 { color: blue }', ['m_1b7284a3'])).toBe(
      '.m_1b7284a3 { color: blue }',
    );
  });

  it('drops a selector that needs two classes when one of them is unused', async () => {
    expect(await trim('.m_aaaaaaa1 .m_bbbbbbb2 { margin: 0 }', ['m_aaaaaaa1'])).toBe('');
  });

  it('keeps the selectors of a list that can still match', async () => {
    expect(await trim('.m_aaaaaaa1, .m_bbbbbbb2:hover { margin: 0 }', ['m_bbbbbbb2'])).toBe(
      '.m_bbbbbbb2:hover { margin: 0 }',
    );
  });

  it('keeps rules without a Mantine class: variables, element rules, its shared helper classes', async () => {
    const css = ':root { --x: 1 } body { margin: 0 } .mantine-focus-auto:focus-visible { outline: 1px }';
    expect(await trim(css, [])).toBe(css);
  });

  it('removes a media block left empty and keeps keyframes', async () => {
    const css =
      '@media (hover: hover) { .m_aaaaaaa1:hover { color: red } } @keyframes spin { from { rotate: 0 } }';
    expect(await trim(css, [])).toBe('@keyframes spin { from { rotate: 0 } }');
  });

  it('leaves stylesheets of the app itself alone', async () => {
    const css = '.m_aaaaaaa1 { color: red }';
    expect(await trim(css, [], '/app/platform/src/global.css')).toBe(css);
  });
});

describe('mantineClassesIn', () => {
  it('finds each class name once, whatever its length of hash', () => {
    const code = 'var c={root:"m_77c9d27d",inner:"m_fee9c77"};x("m_77c9d27d");const y = "mm_123"';
    expect(mantineClassesIn(code).sort()).toEqual(['m_77c9d27d', 'm_fee9c77']);
  });
});
