import postcss, { type AtRule, type Declaration, type Root } from 'postcss';

/**
 * The rules a prerendered page needs for its first paint, to inline in its `<head>` so that the
 * page paints without waiting for a stylesheet (decision 084). Decided by class names, as the
 * build's other trimming (unused-mantine-rules.ts): a rule is kept when every class its selector
 * names is on the page, whatever its attributes, states and media, so the page looks the same in
 * either colour scheme, at any width, hovered, focused or disabled. Rules naming no class (`:root`,
 * `body`, `[data-early-outcome] …`) are kept. Custom properties are kept only where the kept rules,
 * the page's own `style` attributes and `<style>` elements use them, following `var()` chains, and
 * `@keyframes` only where those name them.
 * The full stylesheets still load, without blocking the paint, for what the page shows later.
 */
const CLASS_IN_SELECTOR = /\.(-?[_a-zA-Z][\w-]*)/g;
const CLASS_ATTRIBUTE = /\bclass="([^"]*)"/g;
const VAR_USE = /var\(\s*(--[\w-]+)/g;

/** The class names on the elements of `html`. */
export function classesIn(html: string): Set<string> {
  const classes = new Set<string>();
  for (const [, list = ''] of html.matchAll(CLASS_ATTRIBUTE)) {
    for (const name of list.split(/\s+/)) if (name) classes.add(name);
  }
  return classes;
}

const insideKeyframes = (node: { parent?: unknown }) => {
  const parent = node.parent as AtRule | undefined;
  return parent?.type === 'atrule' && /keyframes$/i.test(parent.name);
};

/** Drops the rules (and selectors of a list) that name a class outside `classes`. */
function keepRulesOf(root: Root, classes: ReadonlySet<string>) {
  root.walkRules((rule) => {
    if (insideKeyframes(rule)) return;
    const live = rule.selectors.filter((selector) =>
      [...selector.matchAll(CLASS_IN_SELECTOR)].every(([, name = '']) => classes.has(name)),
    );
    if (live.length === 0) rule.remove();
    else if (live.length < rule.selectors.length) rule.selectors = live;
  });
}

const isCustomProperty = (decl: Declaration) => decl.prop.startsWith('--');

/** Drops custom property declarations nothing uses: not the kept rules, nor `pageText`, nor a used property. */
function keepUsedProperties(roots: Root[], pageText: string) {
  const used = new Set<string>();
  const definitions = new Map<string, string[]>();
  const note = (text: string, into: Set<string>) => {
    for (const [, name = ''] of text.matchAll(VAR_USE)) into.add(name);
  };
  note(pageText, used);
  for (const root of roots) {
    root.walkDecls((decl) => {
      if (!isCustomProperty(decl)) note(decl.value, used);
      else definitions.set(decl.prop, [...(definitions.get(decl.prop) ?? []), decl.value]);
    });
  }
  // A used property's value may use others: follow the chains.
  const pending = [...used];
  while (pending.length > 0) {
    const name = pending.pop() as string;
    for (const value of definitions.get(name) ?? []) {
      const next = new Set<string>();
      note(value, next);
      for (const other of next) {
        if (used.has(other)) continue;
        used.add(other);
        pending.push(other);
      }
    }
  }
  for (const root of roots) {
    root.walkDecls((decl) => {
      if (isCustomProperty(decl) && !used.has(decl.prop)) decl.remove();
    });
  }
}

/**
 * Drops the `@keyframes` that nothing names: no kept declaration (outside keyframes) and not
 * `pageText` (the page's own `style` attributes and `<style>` elements).
 */
function keepUsedKeyframes(roots: Root[], pageText: string) {
  const values: string[] = [pageText];
  for (const root of roots) {
    root.walkDecls((decl) => {
      if (!insideKeyframes(decl.parent as { parent?: unknown })) values.push(decl.value);
    });
  }
  const named = (name: string) => {
    const word = new RegExp(`(?:^|[^\\w-])${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![\\w-])`);
    return values.some((value) => word.test(value));
  };
  for (const root of roots) {
    root.walkAtRules(/keyframes$/i, (atRule) => {
      if (!named(atRule.params.trim())) atRule.remove();
    });
  }
}

/** Removes rules left without declarations and at-rules left without content (not `@font-face`). */
function dropEmpty(root: Root) {
  root.walkRules((rule) => {
    if (rule.nodes.length === 0) rule.remove();
  });
  let removed = true;
  while (removed) {
    removed = false;
    root.walkAtRules((atRule) => {
      if (atRule.nodes !== undefined && atRule.nodes.length === 0) {
        atRule.remove();
        removed = true;
      }
    });
  }
}

/**
 * The CSS of `stylesheets` (in the order the page links them) that `html`, the whole page as
 * written, needs for its first paint.
 */
export function criticalCss(html: string, stylesheets: readonly string[]): string {
  const classes = classesIn(html);
  const roots = stylesheets.map((css) => postcss.parse(css));
  for (const root of roots) keepRulesOf(root, classes);
  keepUsedProperties(roots, html);
  keepUsedKeyframes(roots, html);
  for (const root of roots) dropEmpty(root);
  return roots
    .map((root) => root.toString().trim())
    .filter(Boolean)
    .join('\n');
}
