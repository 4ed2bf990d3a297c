import { MantineProvider } from '@mantine/core';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Plugin } from 'vite';
import { cssVariablesResolver, theme } from '../src/theme';

/** The component MantineProvider renders its theme's CSS variables with. */
const MANTINE_CSS_VARIABLES =
  /[\\/]@mantine[\\/]core[\\/]esm[\\/]core[\\/]MantineProvider[\\/]MantineCssVariables[\\/]MantineCssVariables\.mjs$/;

/** In its place: nothing, in the browser and in the prerender alike (the page holds the style). */
export const NO_CSS_VARIABLES_COMPONENT = `export function MantineCssVariables() {
  return null;
}
`;

/**
 * The `<style>` Mantine's provider renders for the app's theme (src/theme.ts), rendered once here
 * by Mantine itself, exactly as the app would render it.
 */
export function themeVariablesStyle(): string {
  const markup = renderToStaticMarkup(createElement(MantineProvider, { theme, cssVariablesResolver }, null));
  const style = /<style data-mantine-styles="true">[\s\S]*?<\/style>/.exec(markup)?.[0];
  if (!style) throw new Error("Mantine's provider rendered no CSS variables for the theme");
  return style;
}

/**
 * The theme's CSS variables are a fact of the build, not of the visit: MantineProvider computes
 * them on every render (its colour functions and resolvers are about 1.5 KB of the first page's
 * script, and work at hydration) and writes them into the page as a `<style>`. The build writes that
 * `<style>` into index.html instead, first in `<body>` (after every stylesheet in `<head>`, the
 * deferred ones too, as the provider's was), and the provider's component renders nothing.
 */
export function staticMantineCssVariables(): Plugin {
  return {
    name: 'toolbox:static-mantine-css-variables',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      return MANTINE_CSS_VARIABLES.test(id.split('?')[0] ?? id) ? NO_CSS_VARIABLES_COMPONENT : null;
    },
    transformIndexHtml(html) {
      return html.replace('<body>', `<body>\n    ${themeVariablesStyle()}`);
    },
  };
}
