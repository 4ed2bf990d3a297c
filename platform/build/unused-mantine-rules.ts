import type { PluginCreator, Rule } from 'postcss';

/**
 * Mantine's stylesheet holds every component's rules (about 250 KB), and the page cannot paint
 * before it has read them. Its components' classes are static names (`m_` and a hash) that only
 * their own scripts put on elements, so a rule that needs a class no script of the app names can
 * never match: it is dropped from the stylesheets of `@mantine/*` packages.
 */
const MANTINE_CLASS = /\bm_[0-9a-f]{5,10}\b/g;

/** The Mantine class names written in `code` (a bundled script). */
export function mantineClassesIn(code: string): string[] {
  return [...new Set(code.match(MANTINE_CLASS) ?? [])];
}

const fromMantine = (file: string | undefined) => /[\\/]node_modules[\\/]@mantine[\\/]/.test(file ?? '');

/** A rule's selectors that can still match: every Mantine class they need is `used`. */
function liveSelectors(rule: Rule, used: ReadonlySet<string>): string[] {
  return rule.selectors.filter((selector) =>
    (selector.match(MANTINE_CLASS) ?? []).every((name) => used.has(name)),
  );
}

/** The PostCSS plugin: in Mantine's stylesheets, drops what needs a class outside `used`. */
export const unusedMantineRules: PluginCreator<{ used: ReadonlySet<string> }> = (options) => {
  const used = options?.used ?? new Set<string>();
  return {
    postcssPlugin: 'toolbox-unused-mantine-rules',
    Once(root, { result }) {
      if (!fromMantine(result.opts.from)) return;
      root.walkRules((rule) => {
        const live = liveSelectors(rule, used);
        if (live.length === 0) rule.remove();
        else if (live.length < rule.selectors.length) rule.selectors = live;
      });
      // @media and @supports blocks left with nothing inside.
      root.walkAtRules((atRule) => {
        if (atRule.nodes?.length === 0) atRule.remove();
      });
    },
  };
};
unusedMantineRules.postcss = true;
