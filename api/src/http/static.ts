/**
 * Serves the built platform (a single-page app): hashed files under /assets are cached for a year,
 * everything else (index.html, sw.js, the manifest) is revalidated on every load, and any other
 * GET that names no file falls back to index.html so the client router can answer it.
 */
import { existsSync } from 'node:fs';
import { join, relative, sep } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Context, MiddlewareHandler } from 'hono';
import type { AppEnv } from '../env';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
/** While index.html is missing (a deployment replacing the build), app routes say so instead of failing. */
const NOT_READY = 'The app is being updated. Try again in a moment.';

const isApiPath = (path: string) => path === '/api' || path.startsWith('/api/');

/** A path whose last segment has an extension names a file: a missing one is 404, not the app. */
const namesAFile = (path: string) => /\.[^/]+$/.test(path);

export function serveApp(staticDir: string): MiddlewareHandler<AppEnv> {
  // serveStatic builds its response before `onFound` runs, so headers set there are lost:
  // remember which file was found and set Cache-Control on the response afterwards.
  const found = new WeakMap<Context, string>();
  const onFound = (path: string, c: Context) => {
    found.set(c, path);
  };
  const files = serveStatic<AppEnv>({ root: staticDir, onFound });
  const indexHtml = serveStatic<AppEnv>({ root: staticDir, path: 'index.html', onFound });

  const withCaching = (c: Context, response: Response | undefined) => {
    const path = found.get(c);
    if (!response || path === undefined) return response;
    const file = relative(staticDir, path).split(sep).join('/');
    response.headers.set('Cache-Control', file.startsWith('assets/') ? IMMUTABLE : REVALIDATE);
    return response;
  };

  return async (c, next) => {
    const path = c.req.path;
    if (isApiPath(path) || (c.req.method !== 'GET' && c.req.method !== 'HEAD')) return next();
    // A file first; when there is none, the SPA's index.html for app routes only.
    const response = await files(c, async () => {
      if (path.startsWith('/assets/') || namesAFile(path)) return next();
      if (!existsSync(join(staticDir, 'index.html'))) {
        c.res = c.json({ error: NOT_READY }, 503, { 'Cache-Control': 'no-store', 'Retry-After': '5' });
        return;
      }
      const page = await indexHtml(c, next);
      if (page) c.res = withCaching(c, page) ?? page;
    });
    return withCaching(c, response ?? undefined);
  };
}
