/**
 * GET /api/media/{key}: stored uploads (post images). Keys are immutable (a replaced image gets a
 * new key), so answers may be cached for a year by browsers and CDNs. `?width=400` or `800` answers
 * a WebP copy at that width, made on the first request and stored beside the original.
 */

import { IMAGE_WIDTHS, type ImageWidth } from '@toolbox/sdk/wire';
import { Hono } from 'hono';
import * as v from 'valibot';
import type { AppEnv } from '../env';
import { notFound } from '../http/ids';
import { validateQuery } from '../http/validation';
import { resizeImage } from '../storage/images';
import { isCopyKey, isValidKey, type Storage, type StoredFile, sizedKey } from '../storage/storage';

export const MEDIA_CACHE_CONTROL = 'public, max-age=31536000, immutable';

export const MediaQuery = v.object({
  width: v.optional(
    v.pipe(
      v.picklist(IMAGE_WIDTHS.map(String), `Width must be one of ${IMAGE_WIDTHS.join(', ')}.`),
      v.transform((width) => Number(width) as ImageWidth),
    ),
  ),
});

/** /api/media/{key}. */
export function mediaRoutes() {
  const routes = new Hono<AppEnv>();
  // Copies being made, so that requests arriving together make one.
  const making = new Map<string, Promise<StoredFile | null>>();

  routes.get('/:key', validateQuery(MediaQuery), async (c) => {
    const key = c.req.param('key');
    const { width } = c.req.valid('query');
    // A copy has no copies of its own: only an upload is made smaller.
    if (!isValidKey(key) || (width !== undefined && isCopyKey(key))) return notFound(c);
    const storage = c.get('storage');
    const file =
      width === undefined
        ? await storage.get(key)
        : await sized(storage, key, width, making).catch((error: unknown) => {
            // A copy that cannot be made: the original serves (it was checked at upload).
            c.get('logger').error(`Could not make the ${width} px copy of ${key}`, error);
            return storage.get(key);
          });
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

/** The stored copy of `key` at `width`, made and stored first if there is none; null without an original. */
async function sized(
  storage: Storage,
  key: string,
  width: ImageWidth,
  making: Map<string, Promise<StoredFile | null>>,
): Promise<StoredFile | null> {
  const copyKey = sizedKey(key, width);
  const stored = await storage.get(copyKey);
  if (stored) return stored;
  let made = making.get(copyKey);
  if (!made) {
    made = (async () => {
      const original = await storage.get(key);
      if (!original) return null;
      const copy = { bytes: await resizeImage(original.bytes, width), contentType: 'image/webp' };
      await storage.put(copyKey, copy.bytes, copy.contentType);
      // The image was deleted while its copy was being made (the deletion removes the original
      // first, then its copies): this copy must not outlive it.
      if (!(await storage.get(key))) {
        await storage.delete(copyKey);
        return null;
      }
      return copy;
    })().finally(() => making.delete(copyKey));
    making.set(copyKey, made);
  }
  return made;
}
