import type { PagesManifest, ToolManifest } from '@toolbox/sdk';

/**
 * Each tool's keywords, by slug: what the tool search matches beyond what the registry holds. The
 * registry the first page loads has no keywords (decision 147); this module imports the manifests
 * whole and loads with the search.
 */
const manifests = import.meta.glob<{ default: ToolManifest | PagesManifest }>('./*/manifest.ts', {
  eager: true,
});

export const searchWords: ReadonlyMap<string, readonly string[]> = new Map(
  Object.values(manifests).flatMap(({ default: manifest }) =>
    manifest.kind === 'tool' ? [[manifest.slug, manifest.keywords] as const] : [],
  ),
);
