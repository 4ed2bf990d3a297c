import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app';
import type { Database } from '../db/client';
import { createLogger } from '../logger';
import { createMemoryStorage, newKey, type Storage, sizedKey } from '../storage/storage';
import { MEDIA_CACHE_CONTROL } from './media';

describe('GET /api/media/{key}', () => {
  const storage = createMemoryStorage();
  /** Stores a PNG of one colour; its key. */
  const storedPng = async (width: number, height: number) => {
    const key = newKey('png');
    const png = await sharp({ create: { width, height, channels: 3, background: '#3366aa' } })
      .png()
      .toBuffer();
    await storage.put(key, new Uint8Array(png), 'image/png');
    return key;
  };
  const app = createApp({ db: {} as Database, logger: createLogger('silent'), storage });

  it('serves a stored file with its type and a year of caching', async () => {
    const key = newKey('webp');
    await storage.put(key, new Uint8Array([1, 2, 3]), 'image/webp');
    const res = await app.request(`/api/media/${key}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe(MEDIA_CACHE_CONTROL);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
  });

  it('answers 404 for unknown and malformed keys without asking the storage about them', async () => {
    for (const path of [newKey('png'), 'x.png', '..%2Fsecret.png', `${newKey('png')}.exe`]) {
      const res = await app.request(`/api/media/${path}`);
      expect(res.status, path).toBe(404);
      expect(await res.json()).toEqual({ error: 'Not found.' });
    }
  });

  it('answers ?width=400 with a WebP copy 400 px wide, made once and kept beside the original', async () => {
    const key = await storedPng(1200, 600);
    const res = await app.request(`/api/media/${key}?width=400`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe(MEDIA_CACHE_CONTROL);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(await sharp(bytes).metadata()).toMatchObject({ format: 'webp', width: 400, height: 200 });
    expect(storage.keys()).toContain(sizedKey(key, 400));
    const again = await app.request(`/api/media/${key}?width=400`);
    expect(new Uint8Array(await again.arrayBuffer())).toEqual(bytes);
  });

  it('keeps no copy of an image deleted while the copy was being made', async () => {
    const key = await storedPng(800, 400);
    // The deletion (the original, then its copies) comes after the original was read for resizing.
    const deleting: Storage = {
      ...storage,
      async put(stored, bytes, contentType) {
        if (stored === sizedKey(key, 400)) {
          await storage.delete(key);
          await storage.delete(stored);
        }
        await storage.put(stored, bytes, contentType);
      },
    };
    const racing = createApp({ db: {} as Database, logger: createLogger('silent'), storage: deleting });
    const res = await racing.request(`/api/media/${key}?width=400`);
    expect(res.status).toBe(404);
    expect(storage.keys()).not.toContain(sizedKey(key, 400));
  });

  it('never enlarges: a copy of a small image keeps its size', async () => {
    const key = newKey('jpg');
    const jpeg = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    await storage.put(key, new Uint8Array(jpeg), 'image/jpeg');
    const res = await app.request(`/api/media/${key}?width=800`);
    expect(await sharp(new Uint8Array(await res.arrayBuffer())).metadata()).toMatchObject({ width: 300 });
  });

  it('refuses other widths with 400 and a message, and answers 404 for a copy of a missing image', async () => {
    const key = newKey('png');
    await storage.put(key, new Uint8Array([1]), 'image/png');
    for (const width of ['300', 'abc', '4000']) {
      const res = await app.request(`/api/media/${key}?width=${width}`);
      expect(res.status, width).toBe(400);
      expect(await res.json(), width).toEqual({ width: ['Width must be one of 400, 800.'] });
    }
    const missing = await app.request(`/api/media/${newKey('png')}?width=400`);
    expect(missing.status).toBe(404);
  });

  it('serves the original when a copy cannot be made', async () => {
    const key = newKey('png');
    await storage.put(key, new Uint8Array([1, 2, 3]), 'image/png');
    const res = await app.request(`/api/media/${key}?width=400`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array([1, 2, 3]));
  });
});
