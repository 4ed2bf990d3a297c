import type { PagesManifest, ToolManifest } from '@toolbox/sdk';

/**
 * Each tool's keywords, by slug: what the tool search matches beyond what the registry holds. The
 * registry the first page loads has no keywords (decision 147); this module loads with the search
 * and imports the manifests with them, in copies that import nothing lazily (`?words`: the build
 * leaves out their views' and slots' imports, which it never opens).
 */
const manifests = import.meta.glob<{ default: ToolManifest | PagesManifest }>('./*/manifest.ts', {
  eager: true,
  query: '?words',
});

export const searchWords: ReadonlyMap<string, readonly string[]> = new Map(
  Object.values(manifests).flatMap(({ default: manifest }) =>
    manifest.kind === 'tool' ? [[manifest.slug, manifest.keywords] as const] : [],
  ),
);
