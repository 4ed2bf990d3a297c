/**
 * The tool registry on Node (the API and the command line). The platform finds plugins with Vite's
 * `import.meta.glob`; here every folder of `plugins/` holding a `manifest.ts` is read at start
 * (a folder whose name starts with `_` is shared code, not a plugin). A tool added with
 * `npm run new-tool` is listed, served and described with no edit outside its folder.
 *
 * Manifests import their views lazily (`view: () => import('./view')`), which is never called here.
 */
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { ComputeModule, ToolManifest } from '@toolbox/sdk';
import { REPO_ROOT } from '../config';

/** `plugins/` of this repository. */
export const PLUGINS_DIR = join(REPO_ROOT, 'plugins');

export interface DiscoveredTool {
  manifest: ToolManifest;
  /** Absolute path of the tool's compute.ts (what the compute workers import). */
  computeFile: string;
  /** The compute module, loaded in this thread for its schema and its `gather`. */
  module: ComputeModule;
}

/** Every tool plugin under `dirs` (default: this repository's plugins), sorted by label. */
export async function discoverTools(dirs: readonly string[] = [PLUGINS_DIR]): Promise<DiscoveredTool[]> {
  const found: DiscoveredTool[] = [];
  for (const dir of dirs) {
    const entries = await readdir(dir, { withFileTypes: true });
    for (const entry of entries) {
      if (!entry.isDirectory() || entry.name.startsWith('_') || entry.name.startsWith('.')) continue;
      const manifestFile = join(dir, entry.name, 'manifest.ts');
      const computeFile = join(dir, entry.name, 'compute.ts');
      if (!existsSync(manifestFile) || !existsSync(computeFile)) continue;
      const { default: manifest } = (await import(pathToFileURL(manifestFile).href)) as {
        default: { kind?: string } & ToolManifest;
      };
      if (manifest?.kind !== 'tool') continue;
      if (manifest.slug !== entry.name) {
        throw new Error(
          `plugins/${entry.name}: the manifest's slug "${manifest.slug}" is not the folder's name`,
        );
      }
      const module = (await import(pathToFileURL(computeFile).href)) as ComputeModule;
      found.push({ manifest, computeFile, module });
    }
  }
  const slugs = new Set<string>();
  for (const { manifest } of found) {
    if (slugs.has(manifest.slug)) throw new Error(`Two tools have the slug "${manifest.slug}"`);
    slugs.add(manifest.slug);
  }
  return found.sort((a, b) => a.manifest.label.localeCompare(b.manifest.label));
}
