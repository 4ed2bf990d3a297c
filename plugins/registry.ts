import {
  byText,
  loginPathOf,
  type NavEntry,
  type NavPlace,
  navEntries,
  type PagesManifest,
  type ToolEntry,
  type ToolManifest,
} from '@toolbox/sdk';

/**
 * Every plugin: each folder's manifest.ts, found at build time. Adding a folder adds a tool (or a
 * built-in plugin of pages); nothing else is edited. Metadata only: views and computes stay lazy.
 * The build imports these copies without the tools' keywords (`?entry`, decision 147): the search
 * has them from `./search-words`.
 */
const manifests = import.meta.glob<{ default: ToolManifest | PagesManifest }>('./*/manifest.ts', {
  eager: true,
  query: '?entry',
});
const all = Object.values(manifests).map((module) => module.default);

export const tools: readonly ToolEntry[] = all
  .filter((manifest): manifest is ToolManifest => manifest.kind === 'tool')
  .sort((a, b) => byText(a.label, b.label));

/** Built-in plugins of pages (accounts, profiles, blog), with their routes and access rules. */
export const pagePlugins: readonly PagesManifest[] = all.filter(
  (manifest): manifest is PagesManifest => manifest.kind === 'pages',
);

export function findTool(slug: string): ToolEntry | undefined {
  return tools.find((tool) => tool.slug === slug);
}

/** The links page plugins declare for the top bar, the footer or the sidebar, in their order. */
export function navLinks(place: NavPlace): NavEntry[] {
  return navEntries(pagePlugins, place);
}

/** Where guards send visitors: the route a page plugin declares with role `login`. */
export const loginPath: string = loginPathOf(pagePlugins);
