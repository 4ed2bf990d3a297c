/** Decision 148: the images stored before the API kept their size are measured once, at start. */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { asc, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenedDatabase, openDatabase } from '../db/client';
import { posts } from '../db/schema';
import { createScratchDatabase, type ScratchDatabase } from '../db/testing';
import { createLogger } from '../logger';
import { startServer } from '../server';
import { processImage } from '../storage/images';
import { createDiskStorage, newKey, type Storage } from '../storage/storage';
import { measureStoredImages } from './measure-stored-images';

const backends: { name: string; adminUrl?: string }[] = [{ name: 'pglite' }];
if (process.env.TEST_DATABASE_URL)
  backends.push({ name: 'postgres', adminUrl: process.env.TEST_DATABASE_URL });

/** A picture of `width` × `height` as the API stores an upload of it. */
async function stored(storage: Storage, width: number, height: number, format: 'jpeg' | 'gif' = 'jpeg') {
  const frame = () => sharp({ create: { width, height, channels: 3, background: '#3366cc' } });
  const upload =
    format === 'gif'
      ? await sharp([await frame().png().toBuffer(), await frame().png().toBuffer()], {
          join: { animated: true },
        })
          .gif()
          .toBuffer()
      : await frame().jpeg().toBuffer();
  const image = await processImage(new Uint8Array(upload));
  const key = newKey(image.extension);
  await storage.put(key, image.bytes, image.contentType);
  return key;
}

describe.each(backends)('measureStoredImages on $name', ({ adminUrl }) => {
  let database: OpenedDatabase;
  let scratch: ScratchDatabase | undefined;
  let folder: string;
  let storage: Storage;

  beforeAll(async () => {
    if (adminUrl) scratch = await createScratchDatabase(adminUrl);
    database = await openDatabase({ dataDir: 'memory://', databaseUrl: scratch?.url });
    folder = await mkdtemp(join(tmpdir(), 'measure-images-'));
    storage = createDiskStorage(folder);
  });
  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
    await rm(folder, { recursive: true, force: true });
  });

  const addPost = async (image: string | null, size?: { imageWidth: number; imageHeight: number }) => {
    const [post] = await database.db
      .insert(posts)
      .values({ title: 't', description: 'd', status: 'Published', image, ...size })
      .returning({ id: posts.id, updatedAt: posts.updatedAt });
    if (!post) throw new Error('no post');
    return post;
  };
  const sizeOf = async (id: number) => {
    const [row] = await database.db
      .select({ width: posts.imageWidth, height: posts.imageHeight, updatedAt: posts.updatedAt })
      .from(posts)
      .where(eq(posts.id, id));
    return row;
  };

  it('gives each image without a size its stored size, and touches nothing else', async () => {
    const wide = await addPost(await stored(storage, 1200, 800));
    // Larger than the API keeps: stored 1600 px at most on its longer side.
    const tall = await addPost(await stored(storage, 1000, 2000));
    const animated = await addPost(await stored(storage, 30, 20, 'gif'));
    const known = await addPost(await stored(storage, 600, 400), { imageWidth: 3, imageHeight: 2 });
    const none = await addPost(null);
    const missing = await addPost(newKey('jpg'));

    expect(await measureStoredImages(database.db, storage)).toBe(3);
    expect(await sizeOf(wide.id)).toEqual({ width: 1200, height: 800, updatedAt: wide.updatedAt });
    expect(await sizeOf(tall.id)).toMatchObject({ width: 800, height: 1600 });
    expect(await sizeOf(animated.id)).toMatchObject({ width: 30, height: 20 });
    // A size already kept is the API's own; a post without an image, or whose file is gone, has none.
    expect(await sizeOf(known.id)).toMatchObject({ width: 3, height: 2 });
    expect(await sizeOf(none.id)).toMatchObject({ width: null, height: null });
    expect(await sizeOf(missing.id)).toMatchObject({ width: null, height: null });

    // Once done, a second start has nothing to measure.
    expect(await measureStoredImages(database.db, storage)).toBe(0);
  });

  it('goes through more posts than one read holds, and stops when told to', async () => {
    const key = await stored(storage, 300, 200);
    const added = [];
    for (let n = 0; n < 120; n += 1) added.push(await addPost(key));
    const stop = new AbortController();
    stop.abort();
    expect(await measureStoredImages(database.db, storage, { signal: stop.signal })).toBe(0);
    expect(await measureStoredImages(database.db, storage)).toBe(120);
    const rows = await database.db
      .select({ width: posts.imageWidth })
      .from(posts)
      .where(eq(posts.image, key))
      .orderBy(asc(posts.id));
    expect(rows.map((row) => row.width)).toEqual(added.map(() => 300));
  });
});

describe('the server', () => {
  it('measures the images stored without a size once it listens', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'measure-images-server-'));
    try {
      // A data folder as an API from before migration 0007 left it: a post whose image has no size.
      const storage = createDiskStorage(join(dataDir, 'uploads'));
      const key = await stored(storage, 800, 1200);
      const before = await openDatabase({ dataDir });
      const [post] = await before.db
        .insert(posts)
        .values({ title: 'Old', description: 'd', status: 'Published', image: key })
        .returning({ id: posts.id });
      await before.close();

      const server = await startServer({
        port: 0,
        hostname: '127.0.0.1',
        dataDir,
        logger: createLogger('silent'),
      });
      try {
        const read = async () =>
          (
            (await (await fetch(`${server.url}/api/posts/${post?.id}/`)).json()) as {
              image_width: number | null;
            }
          ).image_width;
        await expect.poll(read).toBe(800);
      } finally {
        await server.close();
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
