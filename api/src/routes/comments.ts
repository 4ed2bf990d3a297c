/**
 * /api/comments (docs/api.md, Comments): anyone lists a visible post's comments (5 a page, newest
 * first); signed-in users comment, always as themselves; a comment's author or an admin deletes it.
 * number_of_comments on the post follows through a trigger (migration 0002).
 */
import type { Comment } from '@toolbox/sdk/wire';
import { and, desc, eq } from 'drizzle-orm';
import { type Context, Hono } from 'hono';
import * as v from 'valibot';
import { currentUser, forbidden, requireUser } from '../auth/middleware';
import { authorNameSql, visibleTo } from '../blog/posts';
import type { Database } from '../db/client';
import { cappedCount } from '../db/lists';
import {
  type Comment as CommentRow,
  comments as commentsTable,
  LIMITS,
  posts,
  profiles,
  users,
} from '../db/schema';
import type { AppEnv } from '../env';
import { conditionalReads } from '../http/caching';
import { notFound, parseId } from '../http/ids';
import { INVALID_PAGE, pageBody, pageBounds, pageQuery } from '../http/pagination';
import { textField } from '../http/text';
import { validateBody, validateQuery } from '../http/validation';

export const COMMENT_REQUIRED = 'Please enter a comment';

/** A comment as answered: the SDK's wire type. */
export type CommentJson = Comment;

const CHOOSE_A_POST = 'Choose a post (blog_post).';
const NOT_A_POST_ID = 'blog_post must be the id of a post.';

/**
 * The post a comment belongs to, a number or numeric text: none (missing, `null`, blank) is "choose
 * a post", more than one (a list, a repeated query key) "one post", anything else "the id of a post".
 */
const postId = v.config(
  v.pipe(
    v.unknown(),
    v.check((value) => value !== null && (typeof value !== 'string' || value.trim() !== ''), CHOOSE_A_POST),
    v.check((value) => !Array.isArray(value), 'Send one post (blog_post).'),
    v.check((value) => typeof value === 'number' || typeof value === 'string', NOT_A_POST_ID),
    v.transform((value) => parseId(String(value).trim())),
    v.check((id) => id !== null, NOT_A_POST_ID),
    v.transform((id) => id as number),
  ),
  { abortPipeEarly: true },
);

export const CommentListQuery = v.object({
  ...pageQuery,
  blog_post: v.optional(postId, ''),
});

export const NewComment = v.object({
  blog_post: v.optional(postId, ''),
  text: v.optional(textField(LIMITS.commentText, { required: true, requiredMessage: COMMENT_REQUIRED }), ''),
});

function commentsQuery(db: Database) {
  return db
    .select({ comment: commentsTable, authorName: authorNameSql })
    .from(commentsTable)
    .innerJoin(users, eq(users.id, commentsTable.authorId))
    .leftJoin(profiles, eq(profiles.userId, commentsTable.authorId));
}

function toCommentJson({ comment, authorName }: { comment: CommentRow; authorName: string }): CommentJson {
  return {
    id: comment.id,
    blog_post: comment.postId,
    author: comment.authorId,
    author_name: authorName,
    text: comment.text,
    created_at: comment.createdAt.toISOString(),
  };
}

async function isVisible(c: Context<AppEnv>, id: number) {
  const [post] = await c
    .get('db')
    .select({ id: posts.id })
    .from(posts)
    .where(and(eq(posts.id, id), visibleTo(c.get('user'))));
  return Boolean(post);
}

/** /api/comments/: a post's comments, adding and deleting one. */
export function commentsRoutes() {
  const routes = new Hono<AppEnv>();

  routes.use(conditionalReads());

  routes.get('/', validateQuery(CommentListQuery), async (c) => {
    const { page, page_size, blog_post } = c.req.valid('query');
    if (!(await isVisible(c, blog_post))) return notFound(c);
    const where = eq(commentsTable.postId, blog_post);
    const counted = await cappedCount(c.get('db'), () =>
      c.get('db').select({ id: commentsTable.id }).from(commentsTable).where(where).$dynamic(),
    );
    const bounds = pageBounds(page, page_size, counted.count, counted.estimate);
    if (!bounds) return c.json({ error: INVALID_PAGE }, 404);
    const rows = await commentsQuery(c.get('db'))
      .where(where)
      .orderBy(desc(commentsTable.createdAt), desc(commentsTable.id))
      .limit(bounds.limit)
      .offset(bounds.offset);
    if (page > 1 && rows.length === 0) return c.json({ error: INVALID_PAGE }, 404);
    return c.json(
      pageBody(c.req.url, page, page_size, counted.count, rows.map(toCommentJson), counted.estimate),
    );
  });

  routes.post('/', requireUser, validateBody(NewComment), async (c) => {
    const { blog_post, text } = c.req.valid('json');
    const user = currentUser(c);
    const id = await c.get('db').transaction(async (tx) => {
      // Locking the post keeps it from being deleted between the check and the insert.
      const [post] = await tx
        .select({ id: posts.id })
        .from(posts)
        .where(and(eq(posts.id, blog_post), visibleTo(user)))
        .for('no key update');
      if (!post) return null;
      const [row] = await tx
        .insert(commentsTable)
        .values({ postId: blog_post, authorId: user.id, text })
        .returning({ id: commentsTable.id });
      return row?.id ?? null;
    });
    if (id === null) return notFound(c);
    const [row] = await commentsQuery(c.get('db')).where(eq(commentsTable.id, id));
    if (!row) return notFound(c);
    return c.json(toCommentJson(row), 201);
  });

  routes.delete('/:id', requireUser, async (c) => {
    const id = parseId(c.req.param('id'));
    if (id === null) return notFound(c);
    const user = currentUser(c);
    // Deleting and checking in one statement: of two deletes arriving together only one finds the row.
    const [deleted] = await c
      .get('db')
      .delete(commentsTable)
      .where(and(eq(commentsTable.id, id), user.is_admin ? undefined : eq(commentsTable.authorId, user.id)))
      .returning({ id: commentsTable.id });
    if (deleted) return c.body(null, 204);
    const [existing] = await c
      .get('db')
      .select({ id: commentsTable.id })
      .from(commentsTable)
      .where(eq(commentsTable.id, id));
    if (!existing) return notFound(c);
    return forbidden(c, 'Only the author of a comment or an admin may delete it.');
  });

  return routes;
}
