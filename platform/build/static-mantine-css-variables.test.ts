import type { Plugin } from 'vite';
import { describe, expect, it } from 'vitest';
import {
  NO_CSS_VARIABLES_COMPONENT,
  staticMantineCssVariables,
  themeVariablesStyle,
} from './static-mantine-css-variables';

const MODULE =
  '/app/node_modules/@mantine/core/esm/core/MantineProvider/MantineCssVariables/MantineCssVariables.mjs';

/** A hook of the plugin, called as Vite calls it (no plugin context needed by these two). */
const hook = <K extends 'load' | 'transformIndexHtml'>(plugin: Plugin, name: K) =>
  plugin[name] as unknown as (...args: unknown[]) => unknown;

describe('themeVariablesStyle', () => {
  it("holds the app theme's own variables in both schemes, as Mantine's provider writes them", () => {
    const style = themeVariablesStyle();
    expect(style.startsWith('<style data-mantine-styles="true">')).toBe(true);
    // theme.ts: shade 8 as the primary shade, stronger dimmed and error colours.
    expect(style).toContain('--mantine-color-blue-filled: var(--mantine-color-blue-8)');
    expect(style).toMatch(/data-mantine-color-scheme="dark"[^{]*\{[^}]*--mantine-color-error: #ff8787/);
    expect(style).toMatch(/data-mantine-color-scheme="light"[^{]*\{[^}]*--mantine-color-error: #c92a2a/);
  });
});

describe('staticMantineCssVariables', () => {
  const plugin = staticMantineCssVariables();

  it("replaces the provider's variables component, and no other module", () => {
    expect(hook(plugin, 'load')(MODULE)).toBe(NO_CSS_VARIABLES_COMPONENT);
    expect(hook(plugin, 'load')(MODULE.replace('MantineCssVariables.mjs', 'default-colors.mjs'))).toBeNull();
  });

  it('writes the style first in the body, after every stylesheet of the head', () => {
    const html = hook(
      plugin,
      'transformIndexHtml',
    )(
      '<html><head><link rel="stylesheet" href="/a.css"></head><body><div id="root"></div></body></html>',
    ) as string;
    const body = html.slice(html.indexOf('<body>') + '<body>'.length).trimStart();
    expect(body.startsWith(themeVariablesStyle())).toBe(true);
    expect(html.indexOf('/a.css')).toBeLessThan(html.indexOf('data-mantine-styles'));
  });
});
