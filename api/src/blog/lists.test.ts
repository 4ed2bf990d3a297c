/**
 * Counting and searching at scale (decisions 031 and 057) on 10 050 seeded posts and as many
 * profiles, on PGlite and (with TEST_DATABASE_URL) PostgreSQL: exact counts from post_stats, an
 * estimate past 10 000 search matches, the plans of a rare and a common word for posts and for
 * profiles, the profiles' search column kept by its triggers, and conditional reads (decision 032).
 */
import { eq, type SQLWrapper, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../app';
import { type Database, type OpenedDatabase, openDatabase } from '../db/client';
import { cappedCount, EXACT_COUNT_LIMIT, rowsOf, searchPath } from '../db/lists';
import { postStats, posts, profiles, users } from '../db/schema';
import { RARE_WORDS, seedPosts } from '../db/seed-posts';
import { createScratchDatabase, type ScratchDatabase } from '../db/testing';
import { silentLogger } from '../logger';
import { countProfiles, listProfilesQuery } from '../profiles/profiles';
import { countPosts, listPostsQuery } from './posts';

const backends: { name: string; adminUrl?: string }[] = [{ name: 'pglite' }];
if (process.env.TEST_DATABASE_URL)
  backends.push({ name: 'postgres', adminUrl: process.env.TEST_DATABASE_URL });

const SEEDED = EXACT_COUNT_LIMIT + 50;
/** In every seeded post's text: the separator of sentences. */
const EVERYWHERE = '.';
const RARE = RARE_WORDS[0] ?? 'quokka';
/** In every seeded profile's address; the rare word in one profile's only. */
const EVERY_PROFILE = 'kampala';
const RARE_PROFILE_WORD = 'numbat';

const PROFILE_INDEX = 'profiles_search_text_trgm_idx';

/**
 * SEEDED members with their profiles, written by the database (the triggers fill search_text).
 * The index takes the API's writes one at a time (fastupdate off); a bulk load goes faster through
 * GIN's pending list, merged once at the end, after which the index is as the schema made it.
 */
async function seedProfiles(db: Database): Promise<string[] | null> {
  const [index] = rowsOf<{ options: string[] | null }>(
    await db.execute(sql`select reloptions as options from pg_class where relname = ${PROFILE_INDEX}`),
  );
  await db.execute(sql.raw(`alter index ${PROFILE_INDEX} set (fastupdate = on)`));
  await db.execute(sql`insert into users (username, email, password_hash, role)
    select 'person' || g, 'person' || g || '@example.com', 'x', 'member' from generate_series(1, ${SEEDED}) as g`);
  await db.execute(sql`insert into profiles (user_id, full_name, phone_number, address)
    select id, 'Person ' || substr(username, 7), '+256 700 ' || lpad(id::text, 6, '0'),
      case when username = 'person5000' then 'Numbat Lane, Kampala' else 'Kampala Road' end
    from users where username like 'person%'`);
  await db.execute(sql`select gin_clean_pending_list(${PROFILE_INDEX}::regclass)`);
  await db.execute(sql.raw(`alter index ${PROFILE_INDEX} set (fastupdate = off)`));
  await db.execute(sql`analyze users`);
  await db.execute(sql`analyze profiles`);
  return index?.options ?? null;
}

describe.each(backends)('lists at scale on $name', ({ adminUrl }) => {
  let database: OpenedDatabase;
  let scratch: ScratchDatabase | undefined;
  let app: ReturnType<typeof createApp>;
  /** The profile search index's options as the migrations left them. */
  let profileIndexOptions: string[] | null = null;

  beforeAll(async () => {
    if (adminUrl) scratch = await createScratchDatabase(adminUrl);
    database = await openDatabase({ dataDir: 'memory://', databaseUrl: scratch?.url });
    const [author] = await database.db
      .insert(users)
      .values({ username: 'author', email: 'author@example.com', passwordHash: 'x', role: 'admin' })
      .returning({ id: users.id });
    await seedPosts(database.db, SEEDED, author?.id ?? 1, { short: true });
    profileIndexOptions = await seedProfiles(database.db);
    app = createApp({ db: database.db, logger: silentLogger });
  }, 600_000);
  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });

  const stats = async () => (await database.db.select().from(postStats))[0];

  it('keeps post_stats exact through inserts, status changes and deletes', async () => {
    expect(await stats()).toMatchObject({ total: SEEDED, published: SEEDED });
    const before = (await stats())?.version ?? 0;
    const [draft] = await database.db
      .insert(posts)
      .values({ title: 'A draft', description: 'd', status: 'Draft' })
      .returning({ id: posts.id });
    const id = draft?.id ?? 0;
    expect(await stats()).toMatchObject({ total: SEEDED + 1, published: SEEDED });
    await database.db.update(posts).set({ numberOfShares: 3 }).where(eq(posts.id, id));
    const afterShare = await stats();
    expect(afterShare?.version).toBe(before + 1);
    await database.db.update(posts).set({ status: 'Published' }).where(eq(posts.id, id));
    expect(await stats()).toMatchObject({ total: SEEDED + 1, published: SEEDED + 1, version: before + 2 });
    await database.db.delete(posts).where(eq(posts.id, id));
    expect(await stats()).toMatchObject({ total: SEEDED, published: SEEDED, version: before + 3 });
  });

  it('counts a list without a search exactly, past 10 000 too', async () => {
    expect(await countPosts(database.db, null, '')).toEqual({ count: SEEDED, estimate: false });
    const { status, body } = await getJson('/api/posts/?page_size=10');
    expect(status).toBe(200);
    expect(body).toMatchObject({ count: SEEDED });
    expect(body).not.toHaveProperty('count_is_estimate');
  });

  it('answers an estimate past 10 000 search matches, and says so', async () => {
    const counted = await countPosts(database.db, null, EVERYWHERE);
    expect(counted.estimate).toBe(true);
    expect(counted.count).toBeGreaterThan(EXACT_COUNT_LIMIT);
    const { status, body } = await getJson(`/api/posts/?search=${EVERYWHERE}&page_size=10&page=3`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ count_is_estimate: true, count: counted.count });
    expect(body.results).toHaveLength(10);
    expect(body.next).toContain('page=4');
    expect(body.previous).toContain('page=2');
  });

  it('counts up to 10 000 matches exactly', async () => {
    expect(await countPosts(database.db, null, RARE)).toEqual({ count: 1, estimate: false });
    const capped = await cappedCount(database.db, () =>
      database.db
        .select({ id: posts.id })
        .from(posts)
        .where(sql`${posts.id} <= ${EXACT_COUNT_LIMIT}`)
        .$dynamic(),
    );
    expect(capped).toEqual({ count: EXACT_COUNT_LIMIT, estimate: false });
  });

  it('answers a search count changed by an edit, not the one kept before it', async () => {
    const word = 'zzyzxnewword';
    expect((await countPosts(database.db, null, word)).count).toBe(0);
    const [edited] = await database.db
      .update(posts)
      .set({ subtitle: `Now with ${word.toUpperCase()}` })
      .where(eq(posts.id, 7))
      .returning({ id: posts.id });
    expect(edited?.id).toBe(7);
    expect(await countPosts(database.db, null, word)).toEqual({ count: 1, estimate: false });
  });

  it('plans a rare word through the trigram index and a common one along the newest-first index', async () => {
    const plan = async (term: string) => {
      const path = searchPath(term, await countPosts(database.db, null, term));
      return explain(listPostsQuery(database.db, null, term, { limit: 10, offset: 0 }, path));
    };
    const rare = await plan(RARE);
    expect(rare).toContain('posts_search_text_trgm_idx');
    const common = await plan('harbor');
    expect(common).toMatch(/Index Scan Backward using posts_(status_)?created_at_idx/);
    expect(common).not.toContain('posts_search_text_trgm_idx');
  });

  it('answers 304 to a matching If-None-Match on a post, a list and comments, with Cache-Control', async () => {
    for (const path of ['/api/posts/5/', '/api/posts/?page_size=3', '/api/comments/?blog_post=5']) {
      const first = await app.request(path);
      expect(first.status, path).toBe(200);
      const tag = first.headers.get('ETag');
      expect(tag, path).toMatch(/^W\/"[0-9a-f]+"$/);
      expect(first.headers.get('Cache-Control'), path).toBe('no-cache');
      expect(first.headers.get('Vary'), path).toContain('Authorization');
      const again = await app.request(path, { headers: { 'If-None-Match': tag ?? '' } });
      expect(again.status, path).toBe(304);
      expect(await again.text(), path).toBe('');
      expect(again.headers.get('ETag'), path).toBe(tag);
      const other = await app.request(path, { headers: { 'If-None-Match': '"something-else"' } });
      expect(other.status, path).toBe(200);
    }
  });

  it('changes the ETag when the post changes', async () => {
    const first = await app.request('/api/posts/5/');
    await database.db.update(posts).set({ numberOfShares: 42 }).where(eq(posts.id, 5));
    const again = await app.request('/api/posts/5/', {
      headers: { 'If-None-Match': first.headers.get('ETag') ?? '' },
    });
    expect(again.status).toBe(200);
    expect(again.headers.get('ETag')).not.toBe(first.headers.get('ETag'));
  });

  const explain = async (query: SQLWrapper) => {
    const rows = rowsOf<Record<string, string>>(await database.db.execute(sql`explain ${query}`));
    return rows.map((row) => Object.values(row)[0]).join('\n');
  };

  it('plans a rare profile search through the trigram index and a common one along the id order', async () => {
    const plan = async (term: string) => {
      const path = searchPath(term, await countProfiles(database.db, term));
      return explain(listProfilesQuery(database.db, term, { limit: 10, offset: 0 }, path));
    };
    expect(await plan(RARE_PROFILE_WORD)).toContain(PROFILE_INDEX);
    const common = await plan(EVERY_PROFILE);
    expect(common).toMatch(/Index Scan using profiles_pkey/);
    expect(common).not.toContain(PROFILE_INDEX);
    // As the migration made it: no pending list for searches to read (PGlite never vacuums by itself).
    expect(profileIndexOptions).toEqual(['fastupdate=false']);
  });

  it('counts profile matches exactly up to 10 000, and estimates past that', async () => {
    expect(await countProfiles(database.db, RARE_PROFILE_WORD.toUpperCase())).toEqual({
      count: 1,
      estimate: false,
    });
    const common = await countProfiles(database.db, EVERY_PROFILE);
    expect(common.estimate).toBe(true);
    expect(common.count).toBeGreaterThan(EXACT_COUNT_LIMIT);
  });

  it("keeps a profile's search text with its own fields and its user's", async () => {
    const [person] = await database.db
      .select({ id: profiles.id, userId: profiles.userId })
      .from(profiles)
      .where(sql`${profiles.fullName} = 'Person 7'`);
    const found = async (term: string) =>
      (await listProfilesQuery(database.db, term, { limit: 5, offset: 0 })).map((row) => row.id);
    expect(await found('person7@example.com')).toEqual([person?.id]);
    await database.db
      .update(users)
      .set({ email: 'Renamed.Person@Example.COM', role: 'manager' })
      .where(eq(users.id, person?.userId ?? 0));
    expect(await found('person7@example.com')).toEqual([]);
    expect(await found('renamed.person@')).toEqual([person?.id]);
    await database.db
      .update(profiles)
      .set({ address: 'Wombat Way' })
      .where(eq(profiles.id, person?.id ?? 0));
    expect(await found('WOMBAT')).toEqual([person?.id]);
    expect(await found('renamed.person@')).toEqual([person?.id]);
    expect((await found('manager')).includes(person?.id ?? 0)).toBe(true);
  });

  const getJson = async (path: string) => {
    const response = await app.request(path);
    return {
      status: response.status,
      body: (await response.json()) as Record<string, unknown> & { results: unknown[] },
    };
  };
});
