import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { searchCondition } from '../profiles/profiles';
import { migrationsFolder, type OpenedDatabase, openDatabase } from './client';
import { comments, postLikes, posts, profiles, sessions, users } from './schema';
import { createScratchDatabase, type ScratchDatabase } from './testing';

const backends: { name: string; adminUrl?: string }[] = [{ name: 'pglite' }];
if (process.env.TEST_DATABASE_URL)
  backends.push({ name: 'postgres', adminUrl: process.env.TEST_DATABASE_URL });

describe.each(backends)('database on $name', ({ name, adminUrl }) => {
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

  const addUser = async (username: string, email = `${username}@example.com`) => {
    const [user] = await database.db
      .insert(users)
      .values({ username, email, passwordHash: 'hash' })
      .returning();
    if (!user) throw new Error('no user returned');
    return user;
  };
  const errorOf = async (promise: Promise<unknown>) => {
    try {
      await promise;
    } catch (error) {
      // drizzle wraps the driver's error; the SQLSTATE code is on the cause.
      const cause = (error as { cause?: { code?: string } }).cause;
      return cause?.code ?? (error as { code?: string }).code ?? 'unknown';
    }
    return 'no error';
  };

  it(`opens the right driver (${name}) with the trigram extension and every table migrated`, async () => {
    expect(database.kind).toBe(name);
    const extensions = await database.execute<{ extname: string }>(sql`select extname from pg_extension`);
    expect(extensions.map((row) => row.extname)).toContain('pg_trgm');
    const tables = await database.execute<{ table_name: string }>(
      sql`select table_name from information_schema.tables where table_schema = 'public' order by table_name`,
    );
    expect(tables.map((row) => row.table_name)).toEqual([
      'comments',
      'contact_messages',
      'data_cache',
      'post_likes',
      'post_stats',
      'posts',
      'profiles',
      'rate_limit_events',
      'saved_calculations',
      'sessions',
      'user_tool_lists',
      'users',
    ]);
  });

  it('normalises raw rows to an array on either driver', async () => {
    expect(await database.execute('select 1 as one')).toEqual([{ one: 1 }]);
  });

  it('keeps usernames and emails unique regardless of case, and defaults the role to member', async () => {
    const ada = await addUser('Ada', 'ada@example.com');
    expect(ada.role).toBe('member');
    expect(await errorOf(addUser('ADA', 'other@example.com'))).toBe('23505');
    expect(await errorOf(addUser('someone', 'ADA@Example.com'))).toBe('23505');
  });

  it('refuses an unknown role or post status', async () => {
    expect(
      await errorOf(
        database.execute(sql`insert into users (username, email, password_hash, role)
      values ('x1', 'x1@example.com', 'h', 'owner')`),
      ),
    ).toBe('23514');
    expect(
      await errorOf(
        database.execute(sql`insert into posts (title, description, status)
      values ('t', 'd', 'Archived')`),
      ),
    ).toBe('23514');
  });

  it('deleting a user removes their profile, sessions, likes and comments, and keeps their posts', async () => {
    const author = await addUser('author');
    const reader = await addUser('reader');
    await database.db.insert(profiles).values({ userId: reader.id, fullName: 'Reader' });
    await database.db
      .insert(sessions)
      .values({ id: 'a'.repeat(64), userId: reader.id, expiresAt: new Date() });
    const [post] = await database.db
      .insert(posts)
      .values({ title: 'Hello', description: 'First', status: 'Published', authorId: author.id })
      .returning();
    if (!post) throw new Error('no post');
    await database.db.insert(postLikes).values({ postId: post.id, userId: reader.id });
    await database.db.insert(comments).values({ postId: post.id, authorId: reader.id, text: 'Nice' });

    await database.db.delete(users).where(eq(users.id, reader.id));
    expect(await database.db.select().from(profiles).where(eq(profiles.userId, reader.id))).toEqual([]);
    expect(await database.db.select().from(sessions).where(eq(sessions.userId, reader.id))).toEqual([]);
    expect(await database.db.select().from(postLikes).where(eq(postLikes.postId, post.id))).toEqual([]);
    expect(await database.db.select().from(comments).where(eq(comments.postId, post.id))).toEqual([]);

    await database.db.delete(users).where(eq(users.id, author.id));
    const [orphan] = await database.db.select().from(posts).where(eq(posts.id, post.id));
    expect(orphan).toMatchObject({
      authorId: null,
      numberOfLikes: 0,
      numberOfShares: 0,
      numberOfComments: 0,
    });
  });

  it('answers substring searches from the trigram index of the profiles search column', async () => {
    const user = await addUser('searcher');
    await database.db
      .insert(profiles)
      .values({ userId: user.id, fullName: 'Grace Hopper', address: 'Arlington' });
    // With so few rows the planner would rather scan; forbid that to prove an index can answer.
    const plan = await database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      return tx.execute(sql`explain select id from profiles where ${searchCondition('HOPP')}`);
    });
    const rows = Array.isArray(plan) ? plan : (plan as unknown as { rows: unknown[] }).rows;
    expect(JSON.stringify(rows)).toContain('profiles_search_text_trgm_idx');
    const found = await database.db.select({ id: profiles.id }).from(profiles).where(searchCondition('HOPP'));
    expect(found).toHaveLength(1);
  });

  it('keeps its data and runs each migration once when opened again', async () => {
    const migrationCount = JSON.parse(readFileSync(join(migrationsFolder, 'meta/_journal.json'), 'utf8'))
      .entries.length;
    const dataDir = mkdtempSync(join(tmpdir(), 'toolbox-db-'));
    const target = { dataDir: join(dataDir, 'nested', 'data'), databaseUrl: scratch?.url };
    try {
      const first = await openDatabase(target);
      await first.db
        .insert(users)
        .values({ username: 'persisted', email: 'p@example.com', passwordHash: 'h' });
      await first.close();
      const again = await openDatabase(target);
      try {
        const applied = await again.execute<{ n: number }>(
          sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
        );
        expect(applied).toEqual([{ n: migrationCount }]);
        expect(
          await again.db
            .select({ username: users.username })
            .from(users)
            .where(eq(users.username, 'persisted')),
        ).toEqual([{ username: 'persisted' }]);
      } finally {
        await again.close();
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
