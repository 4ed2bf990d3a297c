/**
 * The computes a prerendered page runs itself, before the app starts (decision 093).
 *
 * A page whose tool form the page answers (early-answer.ts) names, in a JSON `<script>` the build
 * writes into its `<head>` (EARLY_COMPUTES), the URL of that tool's compute module: the compute
 * worker's own chunk, preloaded with the page. The page's entry runs it here, on the main thread,
 * as a static page would run its few lines: the forms a page answers have plain, quick computes, and
 * starting a worker (a thread, its script, comlink) costs more than they take. Once the app has
 * started, it goes on running that tool here; other tools compute in the worker (decision 135).
 */
import { type ComputeLoaders, type ComputeModule, EARLY_COMPUTES } from '@toolbox/sdk';
import type { ComputeApi } from '@toolbox/sdk/react';
import { pageJson } from './app-files';

/** The loaders of the computes the page names (none on a page that names none, or names them badly). */
export function earlyComputeLoaders(): ComputeLoaders {
  const named = pageJson(EARLY_COMPUTES);
  if (typeof named !== 'object' || named === null || Array.isArray(named)) return {};
  const loaders: Record<string, () => Promise<ComputeModule>> = {};
  for (const [slug, url] of Object.entries(named)) {
    if (typeof url !== 'string' || !url.startsWith('/assets/')) continue;
    loaders[slug] = () => import(/* @vite-ignore */ url) as Promise<ComputeModule>;
  }
  return loaders;
}

/**
 * The app's compute on a page that answers its tool's form itself: the page's own tools (`ownTools`,
 * whose computes the page has loaded into `here`) go on computing on the main thread once the app
 * has started; every other tool computes in the worker (decision 135).
 */
export function computeOwnToolsHere(
  here: ComputeApi,
  ownTools: ReadonlySet<string>,
  worker: ComputeApi,
): ComputeApi {
  const runner = (slug: string) => (ownTools.has(slug) ? here : worker);
  return {
    run: (slug, input) => runner(slug).run(slug, input),
    prepare: (slug) => runner(slug).prepare(slug),
  };
}
