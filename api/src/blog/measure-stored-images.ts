/**
 * Posts whose image was stored before the API kept an upload's size (migration 0007, decision 143)
 * have none, so the page holds a 3 : 2 box for a photo of any shape. At start the server measures
 * those images once, in the background (decision 148): it reads each stored file's size and writes
 * it to the post, where the post still has that image and no size.
 */
import { and, asc, eq, gt, isNotNull, isNull, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import { posts } from '../db/schema';
import type { Logger } from '../logger';
import { storedImageSize } from '../storage/images';
import type { Storage } from '../storage/storage';

/** Posts read at a time. */
const BATCH = 50;

/**
 * Measures every post's image that has no size, `BATCH` posts at a time in the order of their ids,
 * until none is left or `signal` aborts. A file that is missing or unreadable is left as it is (its
 * post keeps the 3 : 2 box). Returns how many posts it gave a size.
 */
export async function measureStoredImages(
  db: Database,
  storage: Storage,
  { signal }: { signal?: AbortSignal } = {},
): Promise<number> {
  let measured = 0;
  let after = 0;
  while (!signal?.aborted) {
    const batch = await db
      .select({ id: posts.id, image: posts.image })
      .from(posts)
      .where(and(gt(posts.id, after), isNotNull(posts.image), isNull(posts.imageWidth)))
      .orderBy(asc(posts.id))
      .limit(BATCH);
    for (const { id, image } of batch) {
      if (signal?.aborted) break;
      after = id;
      // Never null (the query asks for an image); the type does not know it.
      if (image === null) continue;
      const file = await storage.get(image);
      const size = file && (await storedImageSize(file.bytes));
      if (!size) continue;
      const updated = await db
        .update(posts)
        // Its size, not an edit: the post's own updated_at stays.
        .set({ imageWidth: size.width, imageHeight: size.height, updatedAt: sql`${posts.updatedAt}` })
        .where(and(eq(posts.id, id), eq(posts.image, image), isNull(posts.imageWidth)))
        .returning({ id: posts.id });
      measured += updated.length;
    }
    if (batch.length < BATCH) break;
  }
  return measured;
}

/** `measureStoredImages` as the server runs it at start: logged, and never failing the server. */
export function measureStoredImagesInBackground(
  db: Database,
  storage: Storage,
  logger: Logger,
  signal: AbortSignal,
): Promise<void> {
  return measureStoredImages(db, storage, { signal }).then(
    (measured) => {
      if (measured > 0) logger.info(`Measured ${measured} stored post images that had no size.`);
    },
    (error: unknown) => {
      if (!signal.aborted) logger.warn(`Measuring stored post images stopped: ${String(error)}`);
    },
  );
}
