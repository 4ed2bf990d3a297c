/**
 * GET /api/media/{key}: stored uploads (post images). Keys are immutable (a replaced image gets a
 * new key), so answers may be cached for a year by browsers and CDNs.
 */
import { Hono } from 'hono';
import type { AppEnv } from '../env';
import { notFound } from '../http/ids';
import { isValidKey } from '../storage/storage';

export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/** /api/media/{key}. */
export function mediaRoutes() {
  const routes = new Hono<AppEnv>();

  routes.get('/:key', async (c) => {
    const key = c.req.param('key');
    const file = isValidKey(key) ? await c.get('storage').get(key) : null;
    if (!file) return notFound(c);
    return c.body(file.bytes as Uint8Array<ArrayBuffer>, 200, {
      'Content-Type': file.contentType,
      'Content-Length': String(file.bytes.byteLength),
      'Cache-Control': MEDIA_CACHE_CONTROL,
      // An image is never a page: nothing in it may run, even if a browser were asked to render it.
      'Content-Security-Policy': "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox",
    });
  });

  return routes;
}
