/**
 * /api/posts (docs/api.md, Posts). Anyone reads Published posts; admins read every post and are the only
 * ones to create, change and delete them (multipart, with an optional image); signed-in users like
 * (a toggle) and share. Counters come from the database.
 */
import { IMAGE_WIDTHS, SEARCH_MAX } from '@toolbox/sdk/wire';
import { eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import { currentUser, requireRole, requireUser } from '../auth/middleware';
import { type ImageChange, readPostInput } from '../blog/post-input';
import {
  addShare,
  countPosts,
  findPost,
  listPosts,
  postAnswersVersion,
  toggleLike,
  toPostJson,
} from '../blog/posts';
import { searchPath } from '../db/lists';
import { posts as postsTable } from '../db/schema';
import type { AppEnv } from '../env';
import { publicAnswers } from '../http/answer-cache';
import { conditionalReads } from '../http/caching';
import { notFound, parseId } from '../http/ids';
import { requestOrigin } from '../http/origin';
import { INVALID_PAGE, pageBody, pageBounds, pageQuery } from '../http/pagination';
import { atMostCharacters, storableText } from '../http/text';
import { validateQuery } from '../http/validation';
import { IMAGE_TOO_LARGE, ImageError, MAX_IMAGE_BYTES, processImage } from '../storage/images';
import { newKey, sizedKey } from '../storage/storage';

export const PostListQuery = v.object({
  ...pageQuery,
  search: v.optional(
    v.pipe(v.string('Search must be text.'), v.trim(), ...storableText, atMostCharacters(SEARCH_MAX)),
    '',
  ),
});

/** A post's image columns: the stored key and its size, all null without an image. */
type ImageColumns = Pick<typeof postsTable.$inferInsert, 'image' | 'imageWidth' | 'imageHeight'>;

const NO_IMAGE: ImageColumns = { image: null, imageWidth: null, imageHeight: null };

/**
 * Checks and stores a new image: the post's new image columns (none to keep its image), or the
 * refusal to answer with.
 */
async function storeImage(
  c: Context<AppEnv>,
  change: ImageChange,
): Promise<{ columns?: ImageColumns; refusal?: Response }> {
  if (change.kind === 'keep') return {};
  if (change.kind === 'remove') return { columns: NO_IMAGE };
  if (change.file.size > MAX_IMAGE_BYTES) return { refusal: c.json({ error: IMAGE_TOO_LARGE }, 413) };
  try {
    const image = await processImage(new Uint8Array(await change.file.arrayBuffer()));
    const key = newKey(image.extension);
    await c.get('storage').put(key, image.bytes, image.contentType);
    return { columns: { image: key, imageWidth: image.width, imageHeight: image.height } };
  } catch (error) {
    if (error instanceof ImageError) return { refusal: c.json({ error: error.message }, error.status) };
    throw error;
  }
}

/**
 * Deletes a stored image that is no longer used, and its copies at each width; a failure is logged,
 * never the caller's problem.
 */
async function discard(c: Context<AppEnv>, key: string | null | undefined) {
  if (!key) return;
  for (const file of [key, ...IMAGE_WIDTHS.map((width) => sizedKey(key, width))]) {
    try {
      await c.get('storage').delete(file);
    } catch (error) {
      c.get('logger').error(`Could not delete the stored file ${file}`, error);
    }
  }
}

const update = (partial: boolean) => async (c: Context<AppEnv>) => {
  const id = parseId(c.req.param('id'));
  if (id === null) return notFound(c);
  const [existing] = await c
    .get('db')
    .select({ image: postsTable.image })
    .from(postsTable)
    .where(eq(postsTable.id, id));
  if (!existing) return notFound(c);
  const input = await readPostInput(c, partial);
  if (!input.ok) return c.json(input.body, input.status);
  const stored = await storeImage(c, input.image);
  if (stored.refusal) return stored.refusal;

  const { full_content, ...rest } = input.fields;
  const changes = {
    ...rest,
    ...(full_content === undefined ? {} : { fullContent: full_content }),
    ...stored.columns,
  };
  let previousImage: string | null = existing.image;
  if (Object.keys(changes).length > 0) {
    try {
      const updated = await c.get('db').transaction(async (tx) => {
        // Lock the row and read its image again: another update may have replaced it meanwhile.
        const [locked] = await tx
          .select({ image: postsTable.image })
          .from(postsTable)
          .where(eq(postsTable.id, id))
          .for('update');
        if (!locked) return false;
        previousImage = locked.image;
        await tx.update(postsTable).set(changes).where(eq(postsTable.id, id));
        return true;
      });
      if (!updated) {
        await discard(c, stored.columns?.image);
        return notFound(c);
      }
    } catch (error) {
      await discard(c, stored.columns?.image);
      throw error;
    }
    if (stored.columns && previousImage !== stored.columns.image) await discard(c, previousImage);
  }
  const row = await findPost(c.get('db'), currentUser(c), id);
  if (!row) return notFound(c);
  return c.json(toPostJson(requestOrigin(c), row));
};

/** /api/posts/: the list, one post, creating, changing and deleting, likes and shares. */
export function postsRoutes() {
  const routes = new Hono<AppEnv>();

  routes.use(conditionalReads());
  // A page of posts or a post, as an anonymous visitor reads it: kept while no post changes.
  routes.use(publicAnswers(postAnswersVersion));

  routes.get('/', validateQuery(PostListQuery), async (c) => {
    const { page, page_size, search } = c.req.valid('query');
    const viewer = c.get('user');
    const counted = await countPosts(c.get('db'), viewer, search);
    const bounds = pageBounds(page, page_size, counted.count, counted.estimate);
    if (!bounds) return c.json({ error: INVALID_PAGE }, 404);
    const rows = await listPosts(c.get('db'), viewer, search, bounds, searchPath(search, counted));
    if (page > 1 && rows.length === 0) return c.json({ error: INVALID_PAGE }, 404);
    const origin = requestOrigin(c);
    const results = rows.map((row) => toPostJson(origin, row));
    return c.json(pageBody(c.req.url, page, page_size, counted.count, results, counted.estimate));
  });

  routes.get('/:id', async (c) => {
    const id = parseId(c.req.param('id'));
    const row = id === null ? null : await findPost(c.get('db'), c.get('user'), id);
    if (!row) return notFound(c);
    return c.json(toPostJson(requestOrigin(c), row));
  });

  routes.post('/', requireRole('admin'), async (c) => {
    const input = await readPostInput(c, false);
    if (!input.ok) return c.json(input.body, input.status);
    const stored = await storeImage(c, input.image);
    if (stored.refusal) return stored.refusal;
    const { title = '', description = '', status = 'Draft', subtitle = '', full_content = '' } = input.fields;
    let id: number;
    try {
      const [row] = await c
        .get('db')
        .insert(postsTable)
        .values({
          title,
          subtitle,
          description,
          fullContent: full_content,
          status,
          ...(stored.columns ?? NO_IMAGE),
          authorId: currentUser(c).id,
        })
        .returning({ id: postsTable.id });
      if (!row) throw new Error('The post was not stored.');
      id = row.id;
    } catch (error) {
      await discard(c, stored.columns?.image);
      throw error;
    }
    const created = await findPost(c.get('db'), currentUser(c), id);
    if (!created) return notFound(c);
    return c.json(toPostJson(requestOrigin(c), created), 201);
  });

  routes.put('/:id', requireRole('admin'), update(false));

  routes.patch('/:id', requireRole('admin'), update(true));

  routes.delete('/:id', requireRole('admin'), async (c) => {
    const id = parseId(c.req.param('id'));
    if (id === null) return notFound(c);
    const [deleted] = await c
      .get('db')
      .delete(postsTable)
      .where(eq(postsTable.id, id))
      .returning({ image: postsTable.image });
    if (!deleted) return notFound(c);
    await discard(c, deleted.image);
    return c.body(null, 204);
  });

  routes.post('/:id/like', requireUser, async (c) => {
    const id = parseId(c.req.param('id'));
    const result = id === null ? null : await toggleLike(c.get('db'), currentUser(c), id);
    if (!result) return notFound(c);
    return c.json(result);
  });

  routes.post('/:id/share', requireUser, async (c) => {
    const id = parseId(c.req.param('id'));
    const shares = id === null ? null : await addShare(c.get('db'), currentUser(c), id);
    if (shares === null) return notFound(c);
    return c.json({ status: 'shared', number_of_shares: shares, url: `${requestOrigin(c)}/posts/${id}` });
  });

  return routes;
}
