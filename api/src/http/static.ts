/**
 * Serves the built platform. Hashed files under /assets are cached for a year, everything else
 * (HTML, sw.js, the manifest) is revalidated on every load. Every text file has a brotli and a gzip
 * copy written at build time (platform/scripts/compress.mjs): the one the request accepts is sent,
 * with `Content-Encoding` and `Vary: Accept-Encoding`; nothing is compressed per request.
 *
 * A page: the HTML prerendered at build time for its path (`pages/<path>.html`, `pages/index.html`
 * for `/`) when there is one, else the app shell (index.html) that the client router renders (pages
 * behind a sign-in, a post) for a path one of the app's routes matches (`pages/routes.json`), else
 * the prerendered not-found page (`pages/404.html`) with status 404. A path whose last segment has an extension names a
 * file, and a missing one is 404, never the shell. Every HTML answer carries the content security
 * policy (./csp.ts).
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';
import { htmlSecurityHeaders } from './csp';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
/** While index.html is missing (a deployment replacing the build), app routes say so instead of failing. */
const NOT_READY = 'The app is being updated. Try again in a moment.';
/** Where the build writes prerendered pages, inside the static folder. */
export const PAGES_DIR = 'pages';

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/** A path whose last segment has an extension names a file: a missing one is 404, not the app. */
const namesAFile = (path: string) => /\.[^/]+$/.test(path);

/** The prerendered page of paths no route matches, and the list of the routes' patterns. */
const NOT_FOUND_FILE = `${PAGES_DIR}/404.html`;
const ROUTES_FILE = `${PAGES_DIR}/routes.json`;

/** `/` → pages/index.html, `/a/b/` → pages/a/b.html; null for a path that cannot name a page. */
function prerenderedFile(path: string): string | null {
  const trimmed = path.replace(/\/+$/, '');
  if (trimmed === '') return `${PAGES_DIR}/index.html`;
  if (!/^(?:\/[A-Za-z0-9_-]+)+$/.test(trimmed) || `${PAGES_DIR}${trimmed}.html` === NOT_FOUND_FILE)
    return null;
  return `${PAGES_DIR}${trimmed}.html`;
}

/** A router pattern (`/posts/$id`, `/files/$` for the rest of a path) as a regular expression. */
function patternToRegExp(pattern: string): RegExp {
  const segments = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment === '$') return '.*';
      if (segment.startsWith('$')) return '[^/]+';
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    });
  return new RegExp(`^/${segments.join('/')}/?$`);
}

/**
 * Whether a route of the app matches `path`, by the patterns the build wrote (read again when the
 * file changes, as a new build replaces it). Without the file every path counts as known.
 */
function routeMatcher(staticDir: string) {
  const file = join(staticDir, ROUTES_FILE);
  let cached: { mtimeMs: number; patterns: RegExp[] } | undefined;
  return (path: string): boolean => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return true;
    }
    if (cached?.mtimeMs !== mtimeMs) {
      try {
        const patterns = JSON.parse(readFileSync(file, 'utf8')) as unknown;
        if (!Array.isArray(patterns)) return true;
        cached = { mtimeMs, patterns: patterns.map((pattern) => patternToRegExp(String(pattern))) };
      } catch {
        return true;
      }
    }
    return cached.patterns.some((pattern) => pattern.test(path));
  };
}

export function serveApp(staticDir: string): MiddlewareHandler<AppEnv> {
  // serveStatic builds its response before `onFound` runs, so headers set there are lost:
  // remember which file was found and set the headers on the response afterwards.
  const found = new WeakMap<Context, string>();
  const onFound = (path: string, c: Context) => {
    found.set(c, path);
  };
  const options = { root: staticDir, onFound, precompressed: true };
  const files = serveStatic<AppEnv>(options);
  const indexHtml = serveStatic<AppEnv>({ ...options, path: 'index.html' });
  const notFoundHtml = serveStatic<AppEnv>({ ...options, path: NOT_FOUND_FILE });
  const isAppRoute = routeMatcher(staticDir);
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
    if (path.startsWith('/assets/') || namesAFile(path)) {
      return withHeaders(c, (await files(c, next)) ?? undefined);
    }
    // A page: its prerendered HTML when the build made one, else the shell for the client router.
    const prerendered = prerenderedFile(path);
    if (prerendered && existsSync(join(staticDir, prerendered))) {
      const page = await servePage(prerendered)(c, next);
      return withHeaders(c, page ?? undefined);
    }
    if (!existsSync(join(staticDir, 'index.html'))) {
      return c.json({ error: NOT_READY }, 503, { 'Cache-Control': 'no-store', 'Retry-After': '5' });
    }
    // A path no route matches: the prerendered not-found page, as a 404.
    if (!isAppRoute(path) && existsSync(join(staticDir, NOT_FOUND_FILE))) {
      const page = withHeaders(c, (await notFoundHtml(c, next)) ?? undefined);
      if (page) return new Response(page.body, { status: 404, headers: page.headers });
    }
    return withHeaders(c, (await indexHtml(c, next)) ?? undefined);
  };
}
