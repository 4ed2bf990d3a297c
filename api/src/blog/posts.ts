/**
 * Posts as the API shows them (docs/api.md, Posts): the queries that read them for one viewer and the
 * JSON they turn into. Counters are the database's columns, kept by triggers (migration 0002).
 */

import type { Post as WirePost } from '@toolbox/sdk/wire';
import { and, desc, eq, getTableColumns, or, type SQL, sql } from 'drizzle-orm';
import type { AuthUser } from '../auth/types';
import type { Database } from '../db/client';
import {
  cappedCount,
  containsPattern,
  ilikeContains,
  type ListCount,
  orderKeyFor,
  type SearchPath,
} from '../db/lists';
import { type Post, postLikes, postStats, posts, profiles, users } from '../db/schema';

/** What the caller is allowed to see: admins see every post, everyone else Published ones only. */
export type Viewer = Pick<AuthUser, 'id' | 'is_admin'> | null;

/** A post as answered: the SDK's wire type (one definition for the API and its clients). */
export type PostJson = WirePost;

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

/** Joins the searched fields in `search_text` (schema.ts); a term holding it could match across two. */
const FIELD_SEPARATOR = '\u001f';

/**
 * Posts with `term` (case-insensitive, literally) in the title, subtitle, description or full
 * text: one LIKE over the lower-cased `search_text`, which its trigram index serves for a rare
 * term, while for a common one the planner walks the newest-first index until the page is full
 * (the count tells which: `SearchPath` in db/lists.ts).
 */
export function searchCondition(term: string): SQL | undefined {
  if (!term) return undefined;
  if (term.includes(FIELD_SEPARATOR)) {
    return or(
      ...[posts.title, posts.subtitle, posts.description, posts.fullContent].map((column) =>
        ilikeContains(column, term),
      ),
    );
  }
  return sql`${posts.searchText} like lower(${containsPattern(term)}) escape '\\'`;
}

/** Every column but `search_text`, which no answer needs (it doubles the text read). */
const { searchText: _searchText, ...postColumns } = getTableColumns(posts);
type PostRow = Omit<Post, 'searchText'>;

function selection(viewer: Viewer) {
  return {
    post: postColumns,
    authorName: authorNameSql,
    userHasLiked: viewer
      ? sql<boolean>`exists (select 1 from ${postLikes} where ${postLikes.postId} = ${posts.id} and ${postLikes.userId} = ${viewer.id})`.mapWith(
          Boolean,
        )
      : sql<boolean>`false`.mapWith(Boolean),
  };
}

type Row = { post: PostRow; authorName: string; userHasLiked: boolean };

function baseQuery(db: Database, viewer: Viewer) {
  return db
    .select(selection(viewer))
    .from(posts)
    .leftJoin(users, eq(users.id, posts.authorId))
    .leftJoin(profiles, eq(profiles.userId, posts.authorId));
}

/** The version anonymous answers about posts are kept under (http/answer-cache.ts); null if unknown. */
export async function postAnswersVersion(db: Database): Promise<number | null> {
  const [stats] = await db.select({ version: postStats.answersVersion }).from(postStats).limit(1);
  return stats?.version ?? null;
}

/** Search counts by viewer scope and term, valid while post_stats.version stays the same. */
const searchCounts = new Map<string, { version: number; counted: Promise<ListCount> }>();
const SEARCH_COUNTS_KEPT = 1000;

/**
 * The number of posts the viewer sees (matching `search`). Without a search it is post_stats'
 * exact total. A search count is exact up to 10 000 matches (else an estimate, db/lists.ts) and
 * is kept in this process until post_stats.version moves, i.e. until a post is added, removed, or
 * has its status or text changed: a common word then costs one count per change, not one per page.
 */
export async function countPosts(db: Database, viewer: Viewer, search: string): Promise<ListCount> {
  const [stats] = await db.select().from(postStats).limit(1);
  const where = and(visibleTo(viewer), searchCondition(search));
  const count = () => cappedCount(db, () => db.select({ id: posts.id }).from(posts).where(where).$dynamic());
  if (!stats) return count();
  if (!search) return { count: viewer?.is_admin ? stats.total : stats.published, estimate: false };
  const key = `${viewer?.is_admin ? 'all' : 'published'}\u0000${search}`;
  const kept = searchCounts.get(key);
  if (kept && kept.version === stats.version) {
    // Most recently used last: the first key is the one to drop when the map is full.
    searchCounts.delete(key);
    searchCounts.set(key, kept);
    return kept.counted;
  }
  const counted = count();
  searchCounts.set(key, { version: stats.version, counted });
  counted.catch(() => {
    if (searchCounts.get(key)?.counted === counted) searchCounts.delete(key);
  });
  if (searchCounts.size > SEARCH_COUNTS_KEPT) {
    const oldest = searchCounts.keys().next().value;
    if (oldest !== undefined) searchCounts.delete(oldest);
  }
  return counted;
}

/**
 * The query of one page, newest first (ties by id, newest first); `listPosts` runs it, EXPLAIN
 * shows it. A search reads its matches by `path` (db/lists.ts): `searchPath` of its count.
 */
export function listPostsQuery(
  db: Database,
  viewer: Viewer,
  search: string,
  { limit, offset }: { limit: number; offset: number },
  path: SearchPath = 'walk',
) {
  return baseQuery(db, viewer)
    .where(and(visibleTo(viewer), searchCondition(search)))
    .orderBy(desc(orderKeyFor(path, posts.createdAt, "interval '0'")), desc(posts.id))
    .limit(limit)
    .offset(offset);
}

export async function listPosts(
  db: Database,
  viewer: Viewer,
  search: string,
  bounds: { limit: number; offset: number },
  path: SearchPath = 'walk',
): Promise<Row[]> {
  return listPostsQuery(db, viewer, search, bounds, path);
}

/** The post if it exists and the viewer may see it. */
export async function findPost(db: Database, viewer: Viewer, id: number): Promise<Row | null> {
  const [row] = await baseQuery(db, viewer)
    .where(and(eq(posts.id, id), visibleTo(viewer)))
    .limit(1);
  return row ?? null;
}

/**
 * The newest `limit` posts anyone may read, newest first, with when each last changed: what the
 * sitemap lists (http/sitemap.ts). Read by the newest-first index of published posts.
 */
export async function publishedPostDates(
  db: Database,
  limit: number,
): Promise<{ id: number; updatedAt: Date }[]> {
  return db
    .select({ id: posts.id, updatedAt: posts.updatedAt })
    .from(posts)
    .where(visibleTo(null))
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(limit);
}

export function toPostJson(origin: string, { post, authorName, userHasLiked }: Row): PostJson {
  return {
    id: post.id,
    title: post.title,
    subtitle: post.subtitle,
    description: post.description,
    full_content: post.fullContent,
    image: mediaUrl(origin, post.image),
    image_width: post.imageWidth,
    image_height: post.imageHeight,
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
