/**
 * Anonymous answers about posts are kept in memory (decision 034) and must never be stale: every
 * change a visitor could see — a new post, a like, a share, an author's new name, a change made
 * outside this API process — shows in the very next answer. Each case reads the answer twice first,
 * so the second read is the kept one (the same ETag), then changes something and reads again.
 */
import postgres from 'postgres';
import { beforeAll, expect, it } from 'vitest';
import { type Account, adminToken, authHeader, createAccount } from '../support/accounts';
import { createPost, type PageBody, type PostBody } from '../support/blog';
import { describeEachDatabase } from '../support/server';

describeEachDatabase('public answers kept in memory', (api) => {
  let admin: string;
  let member: Account;

  beforeAll(async () => {
    admin = await adminToken(api);
    member = await createAccount(api);
  });

  /** Reads `path` anonymously twice; the second answer is the kept one. */
  async function readTwice<T>(path: string) {
    const first = await api.json<T>(path);
    const second = await api.json<T>(path);
    expect(second.status).toBe(200);
    expect(second.headers.get('etag')).toBe(first.headers.get('etag'));
    expect(second.body).toEqual(first.body);
    return second;
  }

  it('shows a new post to visitors at once', async () => {
    await createPost(api, admin, { title: 'The first one' });
    const before = await readTwice<PageBody<PostBody>>('/api/posts/?page_size=5');
    const created = await createPost(api, admin, { title: 'Fresh from the oven' });
    const after = await api.json<PageBody<PostBody>>('/api/posts/?page_size=5');
    expect(after.body.count).toBe(before.body.count + 1);
    expect(after.body.results[0]?.id).toBe(created.id);
    expect(after.headers.get('etag')).not.toBe(before.headers.get('etag'));
  });

  it('shows a like and a share to visitors at once, and signed-in callers their own state', async () => {
    const post = await createPost(api, admin, { title: 'Liked soon' });
    const path = `/api/posts/${post.id}/`;
    expect((await readTwice<PostBody>(path)).body.number_of_likes).toBe(0);
    const liked = await api.json(`/api/posts/${post.id}/like/`, {
      method: 'POST',
      headers: authHeader(member.token),
    });
    expect(liked.status).toBe(200);
    const seen = await api.json<PostBody>(path);
    expect(seen.body.number_of_likes).toBe(1);
    expect(seen.body.user_has_liked).toBe(false);
    const mine = await api.json<PostBody>(path, { headers: authHeader(member.token) });
    expect(mine.body.user_has_liked).toBe(true);
    expect(mine.headers.get('cache-control')).toContain('private');

    await readTwice<PostBody>(path);
    const shared = await api.json(`/api/posts/${post.id}/share/`, {
      method: 'POST',
      headers: authHeader(member.token),
    });
    expect(shared.status).toBe(200);
    expect((await api.json<PostBody>(path)).body.number_of_shares).toBe(1);
  });

  it("shows an author's new name at once", async () => {
    const author = await createAccount(api, { role: 'admin', full_name: 'Ada Before' });
    const post = await createPost(api, author.token, { title: 'Signed by Ada' });
    const list = `/api/posts/?search=${encodeURIComponent('Signed by Ada')}`;
    expect((await readTwice<PageBody<PostBody>>(list)).body.results[0]?.author_name).toBe('Ada Before');
    const renamed = await api.json(`/api/profiles/${author.id}/`, {
      method: 'PATCH',
      headers: authHeader(admin),
      body: { full_name: 'Ada After' },
    });
    expect(renamed.status).toBe(200);
    expect((await api.json<PageBody<PostBody>>(list)).body.results[0]?.author_name).toBe('Ada After');
    expect((await api.json<PostBody>(`/api/posts/${post.id}/`)).body.author_name).toBe('Ada After');
  });

  it('hides a post from visitors at once when it becomes a draft', async () => {
    const post = await createPost(api, admin, { title: 'Soon a draft' });
    const path = `/api/posts/${post.id}/`;
    await readTwice<PostBody>(path);
    const drafted = await api.json(path, {
      method: 'PATCH',
      headers: authHeader(admin),
      body: { status: 'Draft' },
    });
    expect(drafted.status).toBe(200);
    expect((await api.json(path)).status).toBe(404);
    expect((await api.json(path, { headers: authHeader(admin) })).status).toBe(200);
  });

  it('answers a kept page compressed when asked, with the same weak ETag, and 304 when it has not changed', async () => {
    for (let i = 0; i < 6; i += 1)
      await createPost(api, admin, { full_content: `Long text ${'x'.repeat(400)}` });
    const path = '/api/posts/?page_size=6';
    const kept = await readTwice<PageBody<PostBody>>(path);
    const etag = kept.headers.get('etag') ?? '';
    // The same tag for the identity and brotli bodies: a weak one, as HTTP asks of such a tag.
    expect(etag).toMatch(/^W\/"[0-9a-f]{40}"$/);
    const compressed = await api.request(path, { headers: { 'Accept-Encoding': 'br' } });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(compressed.headers.get('etag')).toBe(etag);
    expect(compressed.headers.get('vary')).toMatch(/Accept-Encoding/i);
    expect(await compressed.json()).toEqual(kept.body);
    const unchanged = await api.request(path, { headers: { 'If-None-Match': etag } });
    expect(unchanged.status).toBe(304);
    expect(unchanged.headers.get('cache-control')).toBe('no-cache');
    expect(unchanged.headers.get('vary')).toBe(compressed.headers.get('vary'));
  });

  it('tags a signed-in read (not kept, compressed on its way out) alike: one weak ETag for every encoding, 304 when unchanged', async () => {
    for (let i = 0; i < 6; i += 1)
      await createPost(api, admin, { full_content: `Signed-in text ${'y'.repeat(400)}` });
    const path = '/api/posts/?page_size=6';
    const asked = (encoding: string, more: Record<string, string> = {}) =>
      api.request(path, { headers: { ...authHeader(admin), 'Accept-Encoding': encoding, ...more } });
    const plain = await asked('identity');
    const brotli = await asked('br');
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(brotli.headers.get('content-encoding')).toBe('br');
    const etag = plain.headers.get('etag') ?? '';
    expect(etag).toMatch(/^W\/"[0-9a-f]{40}"$/);
    expect(brotli.headers.get('etag')).toBe(etag);
    expect((await asked('br', { 'If-None-Match': etag })).status).toBe(304);
  });

  // Only PostgreSQL can be changed by another process while the API runs (PGlite is embedded).
  if (api.database === 'postgres') {
    it('sees a change made outside this API process at once (another API process, a console)', async () => {
      const post = await createPost(api, admin, { title: 'Before the console' });
      const path = `/api/posts/${post.id}/`;
      await readTwice<PostBody>(path);
      const sql = postgres(api.databaseUrl ?? '', { max: 1, onnotice: () => {} });
      try {
        await sql`update posts set title = 'Changed in a console' where id = ${post.id}`;
      } finally {
        await sql.end();
      }
      expect((await api.json<PostBody>(path)).body.title).toBe('Changed in a console');
    });
  }
});
