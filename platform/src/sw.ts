/**
 * The service worker. scripts/build-sw.mjs bundles it into one classic script with the Workbox
 * runtime inline, and workbox-build's `injectManifest` puts in the list of built files to precache
 * (`self.__WB_MANIFEST`), then writes it as dist/sw.js.
 *
 * Every built file up to 512 KB is precached, so every tool works offline after the first visit
 * (decision 007). A navigation is answered from the precache as the server would answer it
 * (decision 083, the rule of `@toolbox/sdk/page-files`): the page prerendered for its path, else,
 * for a path a route of the app matches, the page prerendered for the route's pattern or the shell,
 * else the prerendered not-found page with status 404. Each is the stored answer of that very file,
 * headers included: its content security policy allows the inline scripts of that file only. A
 * prerendered page at its own path the browser reads itself, from a copy stored under that path
 * (decision 097). A page the server renders with its data (a post's, the blog's first page) is asked
 * of the server first, for a short while, and the precached page goes when it does not come
 * (decision 165).
 */
import {
  type AppRouteOf,
  appRouteOf,
  isApiPath,
  namesAFile,
  PAGES_BY_PATH_CACHE_PREFIX,
  type PageAnswer,
  pageAnswer,
  prerenderedPath,
  type RenderedPageEntry,
  ROUTES_FILE,
  renderedPageOf,
} from '@toolbox/sdk/page-files';
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { cacheNames, clientsClaim } from 'workbox-core';
import { ExpirationPlugin } from 'workbox-expiration';
import {
  cleanupOutdatedCaches,
  PrecacheController,
  type PrecacheEntry,
  PrecacheRoute,
} from 'workbox-precaching';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, NetworkFirst } from 'workbox-strategies';

// The page's type library (DOM) has no service worker scope: what this file uses of it.
declare const self: typeof globalThis & {
  __WB_MANIFEST: (PrecacheEntry | string)[];
  skipWaiting(): Promise<void>;
};
/** The built files under /assets/ too large to precache (written in by scripts/build-sw.mjs). */
declare const NOT_PRECACHED_ASSETS: readonly string[];
/** The pages the server renders with their data (`pages/rendered.json`, written in by scripts/build-sw.mjs). */
declare const RENDERED_PAGES: readonly RenderedPageEntry[];
/** A digest of the prerendered pages' content (written in by scripts/build-sw.mjs). */
declare const PAGES_REVISION: string;

/** The browser's static routing (Chromium 123 on); elsewhere every request comes to the handler. */
interface RouterCondition {
  urlPattern?: { pathname: string; search?: string };
  requestMode?: RequestMode;
  or?: RouterCondition[];
}
/** An event whose handler's work the worker waits for (install, activate). */
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface InstallEventWithRoutes extends ExtendableEvent {
  addRoutes?(
    rules: { condition: RouterCondition; source: 'fetch-event' | { cacheName: string } }[],
  ): Promise<void>;
}

const manifest = self.__WB_MANIFEST;
/**
 * The precache, as workbox's `precacheAndRoute` would set it up, but with its install and activate
 * steps called here: installing also stores the pages by path (below), so that activating, which a
 * navigation arriving meanwhile waits for, has nothing left to copy.
 */
const precache = new PrecacheController();
precache.addToCacheList(manifest);
/** The precached files, as named in the built folder (`pages/about.html`). */
const precached = new Set(
  manifest.map((entry) => (typeof entry === 'string' ? entry : entry.url).replace(/^\//, '')),
);

/** Whether the server renders a path with its data (decision 161): the network is asked first. */
const renderedPage = renderedPageOf(RENDERED_PAGES);
/**
 * How long a page the server renders with its data may take before the page the precache holds goes
 * instead (decision 165): the precached one shows its data only once the app has started and read it.
 */
const RENDERED_PAGE_WAIT_MS = 2_000;

/** The prerendered pages the precache holds, each with the path it answers (`/about`). */
const prerenderedPages = [...precached].flatMap((file) => {
  const path = prerenderedPath(file);
  return path ? [{ path, file }] : [];
});

/**
 * The server's page for `request`, rendered with its data, when its answer is a success and begins
 * in time, or says in time that the path names nothing (a post no one has: the prerendered page as a
 * 404, decision 169); else undefined (offline, slow, or an error the precached page answers better).
 */
async function renderedInTime(request: Request): Promise<Response | undefined> {
  let timer: number | undefined;
  const late = new Promise<undefined>((resolve) => {
    timer = self.setTimeout(resolve, RENDERED_PAGE_WAIT_MS);
  });
  const sent = fetch(request).then(
    (response) => (response.ok || response.status === 404 ? response : undefined),
    () => undefined,
  );
  try {
    return await Promise.race([sent, late]);
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The prerendered pages again, stored under the path each answers, for the browser to read itself
 * (below): one cache per deployment's pages, so that the worker still in charge while a new one
 * installs keeps reading its own. A page the browser does not find there it asks the network for.
 */
const pagesCache = `${PAGES_BY_PATH_CACHE_PREFIX}${PAGES_REVISION}`;

// A new deployment takes over open pages at once; the page offers a reload (src/register-sw.tsx).
void self.skipWaiting();
clientsClaim();

/** The app's routes, from the precached `pages/routes.json`; read once each time the worker starts. */
let routeTest: Promise<AppRouteOf> | undefined;
const appRoutes = () => {
  routeTest ??= precache
    .matchPrecache(`/${ROUTES_FILE}`)
    .then((response) => response?.json())
    .then(appRouteOf, () => appRouteOf(undefined));
  return routeTest;
};

/** The stored answer of the file that answers a page; undefined when the precache lacks it. */
async function answerFromPrecache(page: PageAnswer): Promise<Response | undefined> {
  const stored = await precache.matchPrecache(`/${page.file}`);
  if (!stored || page.kind !== 'not-found') return stored;
  return new Response(stored.body, { status: 404, statusText: 'Not Found', headers: stored.headers });
}

// Before the precache's own route, which would answer `/` with index.html (its directory index).
// A path naming a file is left to the precache (or the network), as the server sends files.
registerRoute(
  ({ request, url, sameOrigin }) =>
    sameOrigin && request.mode === 'navigate' && !isApiPath(url.pathname) && !namesAFile(url.pathname),
  async ({ request, url }) => {
    if (renderedPage(url.pathname, url.search)) {
      const rendered = await renderedInTime(request);
      if (rendered) return rendered;
    }
    const stored = (file: string) => precached.has(file);
    // A prerendered page needs no route list (reading it would delay the page).
    const quick = pageAnswer(url.pathname, stored, () => true);
    const page = quick.kind === 'prerendered' ? quick : pageAnswer(url.pathname, stored, await appRoutes());
    return (await answerFromPrecache(page)) ?? fetch(request);
  },
);

registerRoute(new PrecacheRoute(precache));
cleanupOutdatedCaches();

// The hashed files the precache holds are read from it by the browser itself, as the precache's
// route would answer them, without this worker (which a returning visitor's phone may first have to
// start) running for each one (decision 094). Those too large to precache still come here (below).
// So are the prerendered pages, opened at their own path without a query (decision 097); any other
// navigation (a query, a trailing slash, the shell's routes, a page not found) comes here.
function addStaticRoutes(install: InstallEventWithRoutes): Promise<void> {
  if (!install.addRoutes) return Promise.resolve();
  const large = NOT_PRECACHED_ASSETS.map((pathname) => ({ urlPattern: { pathname } }));
  // A page the server renders with its data is asked of it first, by the handler above.
  const pages = prerenderedPages
    .filter(({ path }) => !renderedPage(path))
    .map(({ path }) => ({ urlPattern: { pathname: path, search: '' }, requestMode: 'navigate' as const }));
  const routes = install.addRoutes([
    ...(pages.length > 0 ? [{ condition: { or: pages }, source: { cacheName: pagesCache } }] : []),
    ...(large.length > 0 ? [{ condition: { or: large }, source: 'fetch-event' as const }] : []),
    { condition: { urlPattern: { pathname: '/assets/*' } }, source: { cacheName: cacheNames.precache } },
  ]);
  // Refused rules (a browser that reads them otherwise) leave every request to the handler, as before.
  return routes.catch((error: unknown) => console.warn('Static routes refused', error));
}

/** Stores each prerendered page under its path, from the precache (complete by then). */
async function storePagesByPath() {
  const cache = await caches.open(pagesCache);
  await Promise.all(
    prerenderedPages.map(async ({ path, file }) => {
      const stored = await precache.matchPrecache(`/${file}`);
      if (stored) await cache.put(path, stored);
    }),
  );
}

/** Drops the pages of earlier deployments, which the worker this one replaces was reading. */
async function dropEarlierPages() {
  const earlier = (await caches.keys()).filter(
    (name) => name.startsWith(PAGES_BY_PATH_CACHE_PREFIX) && name !== pagesCache,
  );
  await Promise.all(earlier.map((name) => caches.delete(name)));
}

// Installing fills the precache and then stores the pages by path from it. Activating only drops what
// is stale: a navigation that comes while this worker activates (a reload right after a first visit,
// the first page after a deployment) waits for it.
self.addEventListener('install', (event) => {
  const install = event as InstallEventWithRoutes;
  install.waitUntil(
    Promise.all([addStaticRoutes(install), precache.install(install).then(storePagesByPath)]),
  );
});
self.addEventListener('activate', (event) => {
  const activate = event as ExtendableEvent;
  activate.waitUntil(Promise.all([precache.activate(activate), dropEarlierPages()]));
});

// Files too large to precache (a library only a few pages use) are kept on first use.
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.pathname.startsWith('/assets/'),
  new CacheFirst({ cacheName: 'large-assets', plugins: [new ExpirationPlugin({ maxEntries: 20 })] }),
);
registerRoute(
  ({ url, request }) => request.method === 'GET' && url.pathname.startsWith('/api/data/'),
  new NetworkFirst({
    cacheName: 'api-data',
    networkTimeoutSeconds: 5,
    plugins: [
      new ExpirationPlugin({ maxEntries: 100, maxAgeSeconds: 7 * 24 * 60 * 60 }),
      new CacheableResponsePlugin({ statuses: [200] }),
    ],
  }),
);
