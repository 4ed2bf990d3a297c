/**
 * Serves the built platform. Hashed files under /assets are cached for a year, everything else
 * (HTML, sw.js, the manifest) is revalidated on every load. Every text file has a brotli and a gzip
 * copy written at build time (platform/scripts/compress.mjs): the one the request accepts is sent,
 * with `Content-Encoding` and `Vary: Accept-Encoding`; nothing is compressed per request.
 *
 * A page: the HTML prerendered at build time for its path (`pages/<path>.html`, `pages/index.html`
 * for `/`) when there is one, else, for a path one of the app's routes matches (`pages/routes.json`),
 * the page prerendered once for that route's pattern (`pages/posts/$id.html`) or the app shell
 * (index.html) that the client router renders (pages behind a sign-in), else
 * the prerendered not-found page (`pages/404.html`) with status 404: the rule of
 * `@toolbox/sdk/page-files`, which the service worker follows too. A path whose last segment has an
 * extension names a file, and a missing one is 404, never the shell. Every HTML answer carries the
 * content security policy (./csp.ts), and a prerendered page answered 200 its canonical address
 * (./canonical.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import {
  type AppRouteOf,
  appRouteOf,
  isApiPath,
  namesAFile,
  pageAnswer,
  RENDERER_DIR,
  ROUTES_FILE,
  SHELL_FILE,
} from '@toolbox/sdk/page-files';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { builtFile } from './built-file';
import { canonicalLink } from './canonical';
import { htmlSecurityHeaders } from './csp';
import { AS_PRERENDERED, pagesWithData, type ReadInProcess } from './pages-with-data';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
/** While index.html is missing (a deployment replacing the build), app routes say so instead of failing. */
const NOT_READY = 'The app is being updated. Try again in a moment.';

/** `response`, its body as it is (a compressed file stays compressed), with `status` and `headers` added. */
function withStatus(response: Response, status: number, headers: Readonly<Record<string, string>> = {}) {
  if (response.status === status && Object.keys(headers).length === 0) return response;
  const merged = new Headers(response.headers);
  for (const [name, value] of Object.entries(headers)) merged.set(name, value);
  return new Response(response.body, { status, headers: merged });
}

/**
 * Which route of the app matches `path`, by the patterns the build wrote (read again when the file
 * changes, as a new build replaces it). Without the file every path counts as known.
 */
function routeMatcher(staticDir: string): AppRouteOf {
  const routes = builtFile(join(staticDir, ROUTES_FILE), (file) =>
    appRouteOf(JSON.parse(readFileSync(file, 'utf8'))),
  );
  return (path) => routes()?.(path) ?? true;
}

/**
 * `readInProcess` answers the API reads of the pages rendered with their data (./pages-with-data.ts);
 * without it every page is sent as prerendered.
 */
export function serveApp(staticDir: string, readInProcess?: ReadInProcess): MiddlewareHandler<AppEnv> {
  // serveStatic builds its response before `onFound` runs, so headers set there are lost:
  // remember which file was found and set the headers on the response afterwards.
  const found = new WeakMap<Context, string>();
  const onFound = (path: string, c: Context) => {
    found.set(c, path);
  };
  const options = { root: staticDir, onFound, precompressed: true };
  const files = serveStatic<AppEnv>(options);
  const indexHtml = serveStatic<AppEnv>({ ...options, path: SHELL_FILE });
  const routeOf = routeMatcher(staticDir);
  const withData = readInProcess ? pagesWithData(staticDir, readInProcess) : async () => AS_PRERENDERED;
  const pages = new Map<string, MiddlewareHandler<AppEnv>>();
  const servePage = (file: string) => {
    let serve = pages.get(file);
    if (!serve) {
      serve = serveStatic<AppEnv>({ ...options, path: file });
      pages.set(file, serve);
    }
    return serve;
  };

  const withHeaders = (c: Context, response: Response | undefined) => {
    const path = found.get(c);
    if (!response || path === undefined) return response;
    const file = relative(staticDir, path).split(sep).join('/');
    response.headers.set('Cache-Control', file.startsWith('assets/') ? IMMUTABLE : REVALIDATE);
    // Set whether or not this answer is compressed: a cache must not hand it to another client.
    if (/\.(?:br|gz)$/.test(path) || existsSync(`${path}.br`) || existsSync(`${path}.gz`)) {
      response.headers.set('Vary', 'Accept-Encoding');
    }
    if (response.headers.get('Content-Type')?.startsWith('text/html')) {
      const headers = htmlSecurityHeaders(path.replace(/\.(?:br|gz)$/, ''));
      for (const [name, value] of Object.entries(headers)) response.headers.set(name, value);
    }
    return response;
  };

  return async (c, next) => {
    const path = c.req.path;
    if (isApiPath(path) || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return next();
    // The server's own files, never sent.
    if (path === `/${RENDERER_DIR}` || path.startsWith(`/${RENDERER_DIR}/`)) return next();
    if (path.startsWith('/assets/') || namesAFile(path)) {
      return withHeaders(c, (await files(c, next)) ?? undefined);
    }
    // A page: the HTML prerendered for its path or its route's pattern when the build made one, else
    // the shell for the client router, else (no route matches) the prerendered not-found page, as a 404.
    const page = pageAnswer(path, (file) => existsSync(join(staticDir, file)), routeOf);
    if (page.kind === 'prerendered') {
      const rendered = await withData(c, path);
      let answer = rendered instanceof Response ? rendered : undefined;
      if (!(rendered instanceof Response)) {
        // As built, with the status its reads gave: a page of nothing, or not readable now, says so
        // in the browser, and its status to everyone else.
        const built = withHeaders(c, (await servePage(page.file)(c, next)) ?? undefined);
        answer = built && withStatus(built, rendered.status, rendered.headers);
      }
      if (answer && answer.status < 400) answer.headers.set('Link', canonicalLink(c));
      return answer;
    }
    if (!existsSync(join(staticDir, SHELL_FILE))) {
      return c.json({ error: NOT_READY }, 503, { 'Cache-Control': 'no-store', 'Retry-After': '5' });
    }
    if (page.kind === 'not-found') {
      const notFound = withHeaders(c, (await servePage(page.file)(c, next)) ?? undefined);
      if (notFound) return withStatus(notFound, 404);
    }
    return withHeaders(c, (await indexHtml(c, next)) ?? undefined);
  };
}
