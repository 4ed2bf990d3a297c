/**
 * The build-time renderer (scripts/prerender.mjs builds it for Node and calls it): the HTML of a
 * public page, rendered from the app's own tree (app.tsx) for a visitor, after every lazy part of
 * the page (the tool's view, a page plugin's view) has loaded. The browser hydrates it (main.tsx).
 */
import { localStorageColorSchemeManager } from '@mantine/core';
import { createMemoryHistory } from '@tanstack/react-router';
import { pagePlugins, tools } from '@toolbox/plugins/registry';
import { type ApiClient, createApiClient, withQuery } from '@toolbox/sdk';
import {
  NOT_FOUND_FILE,
  patternPageFile,
  prerenderedFile,
  type RouteEntry,
  routeEntry,
} from '@toolbox/sdk/page-files';
import { noteOpeningData, noteOpeningQueries } from '@toolbox/sdk/react';
import { prerender } from 'react-dom/static';
import { App } from './app';
import { NOT_FOUND_MARK } from './not-found-mark';
import { createAppRouter } from './router';
import { createSessionStore } from './session';

export interface PrerenderedPage {
  /** The path rendered. */
  path: string;
  title: string;
  description?: string;
  /**
   * The page's lazy view loader (`() => import(…)`): the build script reads the chunk it names to
   * name the view's scripts with the app's, preloaded with the entry or listed for the app to
   * preload when it starts (scripts/prerender.mjs).
   */
  view?: () => Promise<unknown>;
  /**
   * What `#root`'s data-prerendered holds when the page answers more paths than the one rendered:
   * a route's pattern (`/things/$id`), or NOT_FOUND_MARK. The page then preloads none of the rendered
   * path's API reads as they are (a pattern's page asks for them with its path's values in:
   * pattern-reads.ts). The path rendered by default.
   */
  mark?: string;
  /** Where the build writes it, in the built folder (`pages/about.html`). */
  file: string;
}

const SITE = 'Toolbox';

/**
 * The page the server sends, with status 404, for a path no route of the app matches. Prerendered
 * from the path below (which matches none); `#root` is marked with NOT_FOUND_MARK, not a path, so
 * the browser hydrates it at whatever unknown path it was sent for (main.tsx).
 */
export const NOT_FOUND_PAGE: PrerenderedPage = {
  path: '/404',
  title: `Page Not Found · ${SITE}`,
  mark: NOT_FOUND_MARK,
  file: NOT_FOUND_FILE,
};
export { EARLY_COMPUTES, EARLY_FORM } from '@toolbox/sdk';
export { withCompileHint } from '../build/compile-hints';
/** What the build needs to inline each page's critical CSS and leave the rest to the app. */
export { COMPUTE_CHUNKS_FILE } from '../build/compute-chunks-file';
export { criticalCss } from '../build/critical-css';
export { APP_SCRIPTS, DEFERRED_STYLES } from './app-files';
export { PATTERN_READS, patternRead } from './pattern-reads';

/**
 * Every path pattern the client router knows (`/posts/$id` included), with the forms of its
 * parameters where a page route declares them: the server answers any other path with the
 * prerendered 404 page (the build writes them to dist/pages/routes.json).
 */
export function routePatterns(): RouteEntry[] {
  const router = createAppRouter(
    createSessionStore(undefined),
    createMemoryHistory({ initialEntries: ['/'] }),
  );
  const forms = new Map(
    pagePlugins.flatMap((plugin) => plugin.routes).map((route) => [route.path, route.params]),
  );
  return Object.keys(router.routesByPath).map((path) => routeEntry(path, forms.get(path)));
}

/**
 * Home, every tool, every public page plugin path open to anyone that has no parameter, and once
 * each such route with a parameter that names where to prerender it (`prerenderAt`, decision 140).
 */
export function pagesToPrerender(): PrerenderedPage[] {
  const pages: PrerenderedPage[] = [ownPage({ path: '/', title: SITE })];
  for (const tool of tools) {
    pages.push(
      ownPage({
        path: tool.route,
        title: `${tool.label} · ${SITE}`,
        description: tool.description,
        view: tool.view,
      }),
    );
  }
  for (const route of pagePlugins.flatMap((plugin) => plugin.routes)) {
    if (route.layout !== 'public' || route.access !== 'anyone') continue;
    const page = { title: `${route.title} · ${SITE}`, view: route.view };
    if (!route.path.includes('$')) pages.push(ownPage({ ...page, path: route.path }));
    else if (route.prerenderAt) {
      const file = patternPageFile(route.path);
      pages.push({ ...page, path: route.prerenderAt, mark: route.path, file });
    }
  }
  return pages;
}

/** A page prerendered for its own path, written where the server looks for that path. */
function ownPage(page: Omit<PrerenderedPage, 'file'>): PrerenderedPage {
  const file = prerenderedFile(page.path);
  if (!file) throw new Error(`${page.path} cannot be the path of a prerendered page`);
  return { ...page, file };
}

/** A rendered page: the HTML inside #root, and the API reads its views make as they open. */
export interface RenderedPage {
  html: string;
  /** Paths with their query (`/api/data/rates/?base=USD`): the build preloads them with the page. */
  data: string[];
}

/**
 * The HTML inside #root for `path`, once everything the page loads lazily has rendered, and the data
 * its views ask for as they open, through `useCachedData` or TanStack Query (decisions 133 and 134).
 * A part that fails to render fails the page (the build reports it and the shell answers for that
 * path).
 */
export async function renderPage(path: string): Promise<RenderedPage> {
  const errors: unknown[] = [];
  // Nothing is fetched at build time: a page renders its data's loading state.
  const openingQueries = noteOpeningQueries();
  const session = createSessionStore(undefined);
  const router = createAppRouter(session, createMemoryHistory({ initialEntries: [path] }));
  await router.load();
  // The reads a view's data would make are written down, never sent.
  const data = new Set<string>();
  const api: ApiClient = {
    ...createApiClient({ getToken: () => null }),
    get: (requested, query) => {
      const url = withQuery(new URL(requested, 'http://prerender.invalid'), query);
      data.add(`${url.pathname}${url.search}`);
      return new Promise(() => {});
    },
  };
  const { rendered, fetchers } = await noteOpeningData(() =>
    prerender(
      <App
        router={router}
        api={api}
        session={session}
        compute={{
          run: () => Promise.reject(new Error('No computing while prerendering.')),
          prepare: async () => {},
        }}
        colorSchemeManager={localStorageColorSchemeManager()}
      />,
      {
        onError: (error) => void errors.push(error),
        // Every part inline, in place: a part sent apart would wait, hidden, for a script to show it.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
      },
    ),
  );
  if (errors.length > 0) throw errors[0];
  for (const fetcher of [...fetchers, ...openingQueries()]) void fetcher();
  return { html: await new Response(rendered.prelude).text(), data: [...data] };
}
