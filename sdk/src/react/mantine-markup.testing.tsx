import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { expect } from 'vitest';

/** Mantine's markup without its per-component static classes (the app does not style by them). */
const markup = (element: ReactNode) =>
  renderToStaticMarkup(<MantineProvider withStaticClasses={false}>{element}</MantineProvider>).replace(
    /<style[\s\S]*?<\/style>/g,
    '',
  );

interface Node {
  tag: string;
  attributes: Record<string, unknown>;
  children: (Node | string)[];
}

/**
 * Markup as a tree that compares what the browser sees: attributes in any order, classes and style
 * declarations as sets, and made-up ids by the order they first appear in.
 */
function tree(html: string): (Node | string)[] {
  const host = document.createElement('div');
  host.innerHTML = html;
  const ids = new Map<string, string>();
  const idsIn = (value: string) =>
    value
      .split(/\s+/)
      .filter(Boolean)
      .map((token) => {
        const base = token.replace(/-(label|description|error)$/, '');
        if (!ids.has(base)) ids.set(base, `id${ids.size}`);
        return token.replace(base, ids.get(base) as string);
      })
      .join(' ');
  const read = (node: ChildNode): Node | string => {
    if (!(node instanceof Element)) return node.textContent ?? '';
    const attributes: Record<string, unknown> = {};
    for (const { name, value } of [...node.attributes].sort((a, b) => a.name.localeCompare(b.name))) {
      // Mantine's Button also leaks its `justify` prop onto the element, where it means nothing.
      if (name === 'justify') continue;
      if (name === 'class') attributes[name] = value.split(/\s+/).filter(Boolean).sort();
      else if (name === 'style')
        attributes[name] = value
          .split(';')
          .map((declaration) => declaration.trim().replace(/\s*:\s*/, ':'))
          .filter(Boolean)
          .sort();
      else if (['id', 'for', 'aria-describedby', 'aria-labelledby'].includes(name))
        attributes[name] = idsIn(value);
      else attributes[name] = value;
    }
    return { tag: node.tagName.toLowerCase(), attributes, children: [...node.childNodes].map(read) };
  };
  return [...host.childNodes].map(read);
}

/** Our light component's markup is Mantine's own component's. */
export const sameMarkup = (ours: ReactNode, mantines: ReactNode) =>
  expect(tree(markup(ours))).toEqual(tree(markup(mantines)));
