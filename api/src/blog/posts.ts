/**
 * Posts as the API shows them (API.md, Posts): the queries that read them for one viewer and the
 * JSON they turn into. Counters are the database's columns, kept by triggers (migration 0002).
 */
import { and, count, desc, eq, ilike, or, type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../auth/types';
import type { Database } from '../db/client';
import { type Post, postLikes, posts, profiles, users } from '../db/schema';

/** What the caller is allowed to see: admins see every post, everyone else Published ones only. */
export type Viewer = Pick<AuthUser, 'id' | 'is_admin'> | null;

export interface PostJson {
  id: number;
  title: string;
  subtitle: string;
  description: string;
  full_content: string;
  image: string | null;
  status: Post['status'];
  author_name: string;
  number_of_likes: number;
  number_of_shares: number;
  number_of_comments: number;
  user_has_liked: boolean;
  created_at: string;
  updated_at: string;
}

/** The path under which stored files are served (see routes/media.ts). */
export const MEDIA_PATH = '/api/media/';

export function mediaUrl(origin: string, key: string | null): string | null {
  return key ? `${origin}${MEDIA_PATH}${key}` : null;
}

/** A user's display name: the profile's full name, else the username ('' for a deleted user). */
export const authorNameSql = sql<string>`coalesce(nullif(${profiles.fullName}, ''), ${users.username}, '')`;

/** Null for every post (no condition) when the viewer is an admin. */
export function visibleTo(viewer: Viewer): SQL | undefined {
  return viewer?.is_admin ? undefined : eq(posts.status, 'Published');
}

/** `ILIKE` pattern matching `term` anywhere, with `%`, `_` and `\` taken literally. */
export function containsPattern(term: string): string {
  return `%${term.replace(/[\\%_]/g, (char) => `\\${char}`)}%`;
}

export function searchCondition(term: string): SQL | undefined {
  if (!term) return undefined;
  const pattern = containsPattern(term);
  return or(
    ilike(posts.title, pattern),
    ilike(posts.subtitle, pattern),
    ilike(posts.description, pattern),
    ilike(posts.fullContent, pattern),
  );
}

function selection(viewer: Viewer) {
  return {
    post: posts,
    authorName: authorNameSql,
    userHasLiked: viewer
      ? sql<boolean>`exists (select 1 from ${postLikes} where ${postLikes.postId} = ${posts.id} and ${postLikes.userId} = ${viewer.id})`.mapWith(
          Boolean,
        )
      : sql<boolean>`false`.mapWith(Boolean),
  };
}

type Row = { post: Post; authorName: string; userHasLiked: boolean };

function baseQuery(db: Database, viewer: Viewer) {
  return db
    .select(selection(viewer))
    .from(posts)
    .leftJoin(users, eq(users.id, posts.authorId))
    .leftJoin(profiles, eq(profiles.userId, posts.authorId));
}

export async function countPosts(db: Database, viewer: Viewer, search: string): Promise<number> {
  const [row] = await db
    .select({ count: count() })
    .from(posts)
    .where(and(visibleTo(viewer), searchCondition(search)));
  return Number(row?.count ?? 0);
}

/** Newest first (ties by id, newest first). */
export async function listPosts(
  db: Database,
  viewer: Viewer,
  search: string,
  { limit, offset }: { limit: number; offset: number },
): Promise<Row[]> {
  return baseQuery(db, viewer)
    .where(and(visibleTo(viewer), searchCondition(search)))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(limit)
    .offset(offset);
}

/** The post if it exists and the viewer may see it. */
export async function findPost(db: Database, viewer: Viewer, id: number): Promise<Row | null> {
  const [row] = await baseQuery(db, viewer)
    .where(and(eq(posts.id, id), visibleTo(viewer)))
    .limit(1);
  return row ?? null;
}

export function toPostJson(origin: string, { post, authorName, userHasLiked }: Row): PostJson {
  return {
    id: post.id,
    title: post.title,
    subtitle: post.subtitle,
    description: post.description,
    full_content: post.fullContent,
    image: mediaUrl(origin, post.image),
    status: post.status,
    author_name: authorName,
    number_of_likes: post.numberOfLikes,
    number_of_shares: post.numberOfShares,
    number_of_comments: post.numberOfComments,
    user_has_liked: userHasLiked,
    created_at: post.createdAt.toISOString(),
    updated_at: post.updatedAt.toISOString(),
  };
}

/**
 * Likes or unlikes the post for `userId`, whichever it is not yet. The post row is locked first,
 * so two toggles of one user apply one after the other, and the like row and the counter (kept by
 * the trigger) change in one transaction. Null when the viewer cannot see the post.
 */
export async function toggleLike(
  db: Database,
  viewer: NonNullable<Viewer>,
  postId: number,
): Promise<{ status: 'liked' | 'unliked'; number_of_likes: number } | null> {
  return db.transaction(async (tx) => {
    const [post] = await tx
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.id, postId), visibleTo(viewer)))
      .for('no key update');
    if (!post) return null;
    const inserted = await tx
      .insert(postLikes)
      .values({ postId, userId: viewer.id })
      .onConflictDoNothing()
      .returning({ postId: postLikes.postId });
    const liked = inserted.length > 0;
    if (!liked) {
      await tx.delete(postLikes).where(and(eq(postLikes.postId, postId), eq(postLikes.userId, viewer.id)));
    }
    const [counted] = await tx.select({ likes: posts.numberOfLikes }).from(posts).where(eq(posts.id, postId));
    return { status: liked ? 'liked' : 'unliked', number_of_likes: counted?.likes ?? 0 };
  });
}

/** Adds one share; the new count, or null when the viewer cannot see the post. */
export async function addShare(db: Database, viewer: Viewer, postId: number): Promise<number | null> {
  const [row] = await db
    .update(posts)
    // Naming updated_at keeps drizzle's $onUpdate from touching it: a share is not an edit.
    .set({ numberOfShares: sql`${posts.numberOfShares} + 1`, updatedAt: sql`${posts.updatedAt}` })
    .where(and(eq(posts.id, postId), visibleTo(viewer)))
    .returning({ shares: posts.numberOfShares });
  return row ? row.shares : null;
}
