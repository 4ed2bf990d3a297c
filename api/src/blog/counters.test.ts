/**
 * The triggers of migration 0002: a post's number_of_likes and number_of_comments follow its rows
 * however they change, a deleted user's likes and comments included.
 */
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type OpenedDatabase, openDatabase } from '../db/client';
import { containsPattern } from '../db/lists';
import { comments, postLikes, posts, profiles, users } from '../db/schema';
import { createScratchDatabase, type ScratchDatabase } from '../db/testing';
import { deleteProfile, findProfile } from '../profiles/profiles';
import { addShare, findPost, listPosts, toggleLike } from './posts';

const backends: { name: string; adminUrl?: string }[] = [{ name: 'pglite' }];
if (process.env.TEST_DATABASE_URL)
  backends.push({ name: 'postgres', adminUrl: process.env.TEST_DATABASE_URL });

describe('containsPattern', () => {
  it('takes %, _ and \\ literally', () => {
    expect(containsPattern('50%_a\\b')).toBe('%50\\%\\_a\\\\b%');
    expect(containsPattern('plain')).toBe('%plain%');
  });
});

describe.each(backends)('post counters on $name', ({ name, adminUrl }) => {
  let database: OpenedDatabase;
  let scratch: ScratchDatabase | undefined;

  beforeAll(async () => {
    if (adminUrl) scratch = await createScratchDatabase(adminUrl);
    database = await openDatabase({ dataDir: 'memory://', databaseUrl: scratch?.url });
  });
  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });

  let serial = 0;
  const addUser = async () => {
    serial += 1;
    const [user] = await database.db
      .insert(users)
      .values({ username: `u${serial}`, email: `u${serial}@example.com`, passwordHash: 'x' })
      .returning();
    if (!user) throw new Error('no user');
    return user;
  };
  const addPost = async (status: 'Draft' | 'Published' = 'Published') => {
    const [post] = await database.db
      .insert(posts)
      .values({ title: `Post ${serial}`, description: 'd', status })
      .returning();
    if (!post) throw new Error('no post');
    return post;
  };
  const findProfileOf = async (userId: number) => {
    const [row] = await database.db
      .select({ id: profiles.id })
      .from(profiles)
      .where(eq(profiles.userId, userId));
    const profile = row && (await findProfile(database.db, row.id));
    if (!profile) throw new Error('no profile');
    return profile;
  };
  const waitingLocks = async () => {
    const [row] = await database.execute<{ waiting: number }>(
      'select count(*)::int as waiting from pg_locks where not granted',
    );
    return row?.waiting ?? 0;
  };
  const counters = async (id: number) => {
    const [row] = await database.db
      .select({ likes: posts.numberOfLikes, comments: posts.numberOfComments, shares: posts.numberOfShares })
      .from(posts)
      .where(eq(posts.id, id));
    return row;
  };

  it('counts likes and comments as rows come and go', async () => {
    const [a, b] = [await addUser(), await addUser()];
    const post = await addPost();
    await database.db.insert(postLikes).values([
      { postId: post.id, userId: a.id },
      { postId: post.id, userId: b.id },
    ]);
    await database.db.insert(comments).values([
      { postId: post.id, authorId: a.id, text: 'one' },
      { postId: post.id, authorId: a.id, text: 'two' },
      { postId: post.id, authorId: b.id, text: 'three' },
    ]);
    expect(await counters(post.id)).toEqual({ likes: 2, comments: 3, shares: 0 });
    await database.db.delete(postLikes).where(eq(postLikes.userId, b.id));
    expect(await counters(post.id)).toEqual({ likes: 1, comments: 3, shares: 0 });
  });

  it("follows a deleted user's likes and comments", async () => {
    const [stays, leaves] = [await addUser(), await addUser()];
    const post = await addPost();
    await database.db.insert(postLikes).values([
      { postId: post.id, userId: stays.id },
      { postId: post.id, userId: leaves.id },
    ]);
    await database.db.insert(comments).values([
      { postId: post.id, authorId: leaves.id, text: 'bye' },
      { postId: post.id, authorId: stays.id, text: 'hi' },
    ]);
    await database.db.delete(users).where(eq(users.id, leaves.id));
    expect(await counters(post.id)).toEqual({ likes: 1, comments: 1, shares: 0 });
  });

  // PGlite has one connection: a like held open while the delete runs needs PostgreSQL.
  if (name === 'postgres')
    it('deletes a user who liked two posts while another user is liking the second', async () => {
      const { db } = database;
      const [leaves, likes] = [await addUser(), await addUser()];
      const [first, second] = [await addPost(), await addPost()];
      await db.insert(profiles).values({ userId: leaves.id, fullName: 'Leaves' });
      await db.insert(postLikes).values({ postId: first.id, userId: leaves.id });
      await db.insert(postLikes).values({ postId: second.id, userId: leaves.id });
      const target = await findProfileOf(leaves.id);

      // The other like, as toggleLike makes it: the post locked first, then the like written.
      let written = () => {};
      let locked = () => {};
      const postLocked = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const liking = db.transaction(async (tx) => {
        await tx.select({ id: posts.id }).from(posts).where(eq(posts.id, second.id)).for('no key update');
        locked();
        await new Promise<void>((resolve) => {
          written = resolve;
        });
        await tx.insert(postLikes).values({ postId: second.id, userId: likes.id });
      });
      // The delete starts once the like holds the post: started at once, it could lock the post
      // first, and finish, on a busy machine, before the like's transaction had begun.
      await postLocked;
      const deleting = deleteProfile(db, target);
      // The delete now waits for the second post; then the like is written.
      await expect.poll(async () => (await waitingLocks()) > 0, { timeout: 5000 }).toBe(true);
      written();
      const outcomes = await Promise.allSettled([liking, deleting]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['fulfilled', 'fulfilled']);
      expect(await counters(first.id)).toEqual({ likes: 0, comments: 0, shares: 0 });
      expect(await counters(second.id)).toEqual({ likes: 1, comments: 0, shares: 0 });
    });

  it('lets a post be deleted with its likes and comments', async () => {
    const user = await addUser();
    const post = await addPost();
    await database.db.insert(postLikes).values({ postId: post.id, userId: user.id });
    await database.db.insert(comments).values({ postId: post.id, authorId: user.id, text: 'x' });
    await database.db.delete(posts).where(eq(posts.id, post.id));
    expect(await counters(post.id)).toBeUndefined();
  });

  it('toggles likes and counts shares for visible posts only', async () => {
    const user = await addUser();
    const viewer = { id: user.id, is_admin: false };
    const post = await addPost();
    expect(await toggleLike(database.db, viewer, post.id)).toEqual({ status: 'liked', number_of_likes: 1 });
    expect((await findPost(database.db, viewer, post.id))?.userHasLiked).toBe(true);
    expect((await findPost(database.db, null, post.id))?.userHasLiked).toBe(false);
    expect(await toggleLike(database.db, viewer, post.id)).toEqual({ status: 'unliked', number_of_likes: 0 });
    expect(await addShare(database.db, viewer, post.id)).toBe(1);

    const draft = await addPost('Draft');
    expect(await toggleLike(database.db, viewer, draft.id)).toBeNull();
    expect(await addShare(database.db, null, draft.id)).toBeNull();
    expect(await findPost(database.db, viewer, draft.id)).toBeNull();
    expect(await findPost(database.db, { id: user.id, is_admin: true }, draft.id)).not.toBeNull();
    const visible = await listPosts(database.db, viewer, '', { limit: 1000, offset: 0 });
    expect(visible.some((row) => row.post.id === draft.id)).toBe(false);
  });
});
