import { describe, expect, it } from 'vitest';
import { createApp } from '../app';
import type { Database } from '../db/client';
import { createLogger } from '../logger';
import { createMemoryStorage, newKey } from '../storage/storage';
import { MEDIA_CACHE_CONTROL } from './media';

describe('GET /api/media/{key}', () => {
  const storage = createMemoryStorage();
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
});
