import { randomBytes } from 'node:crypto';
import { FIELD_MESSAGES } from '@toolbox/sdk/wire';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Account, authHeader, createAccount, login } from '../support/accounts';
import {
  createMembers,
  createPost,
  DEFAULT_POST,
  imageBytes,
  jpegWithExif,
  noisyPng,
  type PageBody,
  type PostBody,
  pathOf,
  postForm,
} from '../support/blog';
import { describeEachDatabase } from '../support/server';

const POST_KEYS = [
  'author_name',
  'created_at',
  'description',
  'full_content',
  'id',
  'image',
  'image_height',
  'image_width',
  'number_of_comments',
  'number_of_likes',
  'number_of_shares',
  'status',
  'subtitle',
  'title',
  'updated_at',
  'user_has_liked',
];

const MiB = 1024 * 1024;

/** A word no other post contains, to scope searches to one test. */
const marker = (prefix = 'mk') => `${prefix}${randomBytes(5).toString('hex')}`;

describeEachDatabase('posts', (api) => {
  let admin: { token: string; username: string };
  let member: Account;
  let manager: Account;

  beforeAll(async () => {
    admin = { token: await login(api, api.admin.username, api.admin.password), username: api.admin.username };
    member = await createAccount(api, { role: 'member' });
    manager = await createAccount(api, { role: 'manager' });
  });

  const as = (token?: string) => (token ? authHeader(token) : {});
  const get = (path: string, token?: string) => api.json<PostBody>(path, { headers: as(token) });
  const list = (query: string, token?: string) =>
    api.json<PageBody<PostBody>>(`/api/posts/?${query}`, { headers: as(token) });

  describe('creating', () => {
    it('answers 201 with the post in the API shape, counters at zero and the admin as author', async () => {
      const { status, body } = await api.json<PostBody>('/api/posts/', {
        method: 'POST',
        headers: authHeader(admin.token),
        body: postForm({ ...DEFAULT_POST, title: '  Spaced title  ' }),
      });
      expect(status).toBe(201);
      expect(Object.keys(body).sort()).toEqual(POST_KEYS);
      expect(body).toMatchObject({
        title: 'Spaced title',
        subtitle: DEFAULT_POST.subtitle,
        description: DEFAULT_POST.description,
        full_content: DEFAULT_POST.full_content,
        status: 'Published',
        image: null,
        image_width: null,
        image_height: null,
        author_name: admin.username,
        number_of_likes: 0,
        number_of_shares: 0,
        number_of_comments: 0,
        user_has_liked: false,
      });
      expect(Number.isInteger(body.id)).toBe(true);
      expect(new Date(body.created_at).toISOString()).toBe(body.created_at);
      expect((await get(`/api/posts/${body.id}/`)).body).toEqual(body);
    });

    it('uses the full name of the author when there is one', async () => {
      const other = await createAccount(api, { role: 'admin', full_name: 'Grace Hopper' });
      const post = await createPost(api, other.token);
      expect(post.author_name).toBe('Grace Hopper');
    });

    it('ignores counters the client sends', async () => {
      const post = await createPost(api, admin.token, {
        number_of_likes: '999',
        number_of_shares: '5',
        number_of_comments: '7',
        user_has_liked: 'true',
      });
      expect(post).toMatchObject({ number_of_likes: 0, number_of_shares: 0, number_of_comments: 0 });
      expect(post.user_has_liked).toBe(false);
    });

    it('needs only title, description and status', async () => {
      const { status, body } = await api.json<PostBody>('/api/posts/', {
        method: 'POST',
        headers: authHeader(admin.token),
        body: postForm({ title: 'Minimal', description: 'Short', status: 'Draft' }),
      });
      expect(status).toBe(201);
      expect(body).toMatchObject({ subtitle: '', full_content: '', status: 'Draft', image: null });
    });

    it('answers the field map for missing, blank and invalid fields', async () => {
      const missing = await api.json<Record<string, string[]>>('/api/posts/', {
        method: 'POST',
        headers: authHeader(admin.token),
        body: postForm({ subtitle: 'only this' }),
      });
      expect(missing.status).toBe(400);
      expect(Object.keys(missing.body).sort()).toEqual(['description', 'status', 'title']);
      expect(missing.body.title).toEqual([FIELD_MESSAGES.required]);

      const blank = await api.json<Record<string, string[]>>('/api/posts/', {
        method: 'POST',
        headers: authHeader(admin.token),
        body: postForm({ title: '   ', description: '\n', status: 'Archived' }),
      });
      expect(blank.status).toBe(400);
      expect(blank.body).toEqual({
        title: [FIELD_MESSAGES.required],
        description: [FIELD_MESSAGES.required],
        status: ['Status must be Draft or Published.'],
      });
    });

    it('enforces the field limits, counting characters rather than bytes', async () => {
      const cases: [string, number][] = [
        ['title', 200],
        ['subtitle', 300],
        ['description', 2000],
        ['full_content', 100_000],
      ];
      for (const [field, limit] of cases) {
        const tooLong = await api.json<Record<string, string[]>>('/api/posts/', {
          method: 'POST',
          headers: authHeader(admin.token),
          body: postForm({ ...DEFAULT_POST, [field]: 'x'.repeat(limit + 1) }),
        });
        expect(tooLong.status, field).toBe(400);
        expect(Object.keys(tooLong.body), field).toEqual([field]);
        // The limit itself is fine, even in characters that take two UTF-16 units.
        const atLimit = await createPost(api, admin.token, { [field]: '😀'.repeat(limit) });
        expect([...((atLimit as unknown as Record<string, string>)[field] ?? '')].length, field).toBe(limit);
      }
    });

    it('refuses a NUL character with 400, not a database error', async () => {
      const { status, body } = await api.json<Record<string, string[]>>('/api/posts/', {
        method: 'POST',
        headers: authHeader(admin.token),
        body: postForm({ ...DEFAULT_POST, title: 'a\u0000b' }),
      });
      expect(status).toBe(400);
      expect(body).toHaveProperty('title');
    });

    it('answers a JSON body that is not an object as every form does, on create and on update', async () => {
      const post = await createPost(api, admin.token);
      for (const [method, path] of [
        ['POST', '/api/posts/'],
        ['PATCH', `/api/posts/${post.id}/`],
        ['PUT', `/api/posts/${post.id}/`],
      ] as const) {
        for (const body of ['[]', '"x"', 'null', '12']) {
          const answer = await api.json(path, {
            method,
            headers: { ...authHeader(admin.token), 'Content-Type': 'application/json' },
            body,
          });
          expect(answer.status, `${method} ${body}`).toBe(400);
          expect(answer.body, `${method} ${body}`).toEqual({ non_field_errors: ['Expected a JSON object.'] });
        }
      }
    });

    it('stores the line breaks of a browser form (\\r\\n) as \\n, before the length checks', async () => {
      // A browser form sends a textarea's "a\nb" as "a\r\nb"; a lone \r becomes \n too.
      const created = await createPost(api, admin.token, {
        full_content: 'a\r\nb',
        description: 'one\rtwo\r\nthree',
        // 201 characters as sent, 200 (the limit) once the \r\n counts as one line break.
        title: `${'x'.repeat(99)}\r\n${'y'.repeat(100)}`,
      });
      expect(created.full_content).toBe('a\nb');
      expect(created.description).toBe('one\ntwo\nthree');
      expect(created.title).toBe(`${'x'.repeat(99)}\n${'y'.repeat(100)}`);
      const read = await get(`/api/posts/${created.id}/`);
      expect(read.status).toBe(200);
      expect(read.body.full_content).toBe('a\nb');

      const patched = await api.json<PostBody>(`/api/posts/${created.id}/`, {
        method: 'PATCH',
        headers: authHeader(admin.token),
        body: postForm({ full_content: 'c\r\n\r\nd\r' }),
      });
      expect(patched.status).toBe(200);
      expect(patched.body.full_content).toBe('c\n\nd\n');
    });

    it('accepts JSON without an image and refuses other media types with 415', async () => {
      const json = await api.json<PostBody>('/api/posts/', {
        method: 'POST',
        headers: authHeader(admin.token),
        body: { ...DEFAULT_POST, title: 'From JSON' },
      });
      expect(json.status).toBe(201);
      expect(json.body.title).toBe('From JSON');

      const text = await api.json('/api/posts/', {
        method: 'POST',
        headers: { ...authHeader(admin.token), 'Content-Type': 'text/plain' },
        body: 'title=x',
      });
      expect(text.status).toBe(415);
      expect(text.body).toHaveProperty('error');
    });

    it('answers 400, not 500, for a malformed multipart body', async () => {
      const { status, body } = await api.json('/api/posts/', {
        method: 'POST',
        headers: { ...authHeader(admin.token), 'Content-Type': 'multipart/form-data; boundary=nope' },
        body: 'this is not multipart',
      });
      expect(status).toBe(400);
      expect(body).toHaveProperty('error');
    });
  });

  describe('permissions', () => {
    let post: PostBody;
    beforeAll(async () => {
      post = await createPost(api, admin.token, { title: 'Guarded' });
    });

    it('refuses create, update and delete to anonymous callers (401), members and managers (403)', async () => {
      const callers: [string, string | undefined, number][] = [
        ['anonymous', undefined, 401],
        ['member', member.token, 403],
        ['manager', manager.token, 403],
        ['bad token', 'not-a-real-token', 401],
      ];
      for (const [who, token, expected] of callers) {
        const attempts = [
          api.json('/api/posts/', {
            method: 'POST',
            headers: as(token),
            body: postForm({ ...DEFAULT_POST }),
          }),
          api.json(`/api/posts/${post.id}/`, {
            method: 'PUT',
            headers: as(token),
            body: postForm({ ...DEFAULT_POST, title: 'Hijacked' }),
          }),
          api.json(`/api/posts/${post.id}/`, {
            method: 'PATCH',
            headers: as(token),
            body: postForm({ title: 'Hijacked' }),
          }),
          api.json(`/api/posts/${post.id}/`, { method: 'DELETE', headers: as(token) }),
        ];
        for (const answer of await Promise.all(attempts)) {
          expect(answer.status, who).toBe(expected);
          expect(answer.body, who).toHaveProperty('error');
        }
      }
      const after = await get(`/api/posts/${post.id}/`);
      expect(after.status).toBe(200);
      expect(after.body.title).toBe('Guarded');
    });

    it('lets anyone read, and only signed-in users like and share', async () => {
      expect((await get(`/api/posts/${post.id}/`)).status).toBe(200);
      expect((await api.json(`/api/posts/${post.id}/like/`, { method: 'POST' })).status).toBe(401);
      expect((await api.json(`/api/posts/${post.id}/share/`, { method: 'POST' })).status).toBe(401);
      expect((await get(`/api/posts/${post.id}/`)).body).toMatchObject({
        number_of_likes: 0,
        number_of_shares: 0,
      });
    });
  });

  describe('Draft visibility', () => {
    let draft: PostBody;
    let word: string;
    beforeAll(async () => {
      word = marker('draft');
      draft = await createPost(api, admin.token, { title: `Secret ${word}`, status: 'Draft' });
      await createPost(api, admin.token, { title: `Public ${word}`, status: 'Published' });
    });

    it('hides a Draft from the list for everyone but admins', async () => {
      for (const [who, token] of [
        ['anonymous', undefined],
        ['member', member.token],
        ['manager', manager.token],
      ] as const) {
        const { status, body } = await list(`search=${word}`, token);
        expect(status, who).toBe(200);
        expect(body.count, who).toBe(1);
        expect(
          body.results.map((post) => post.title),
          who,
        ).toEqual([`Public ${word}`]);
      }
      const asAdmin = await list(`search=${word}`, admin.token);
      expect(asAdmin.body.count).toBe(2);
      expect(asAdmin.body.results.map((post) => post.status).sort()).toEqual(['Draft', 'Published']);
    });

    it('answers 404 for a Draft to non-admins and 200 to admins', async () => {
      for (const token of [undefined, member.token, manager.token]) {
        const { status, body } = await get(`/api/posts/${draft.id}/`, token);
        expect(status).toBe(404);
        expect(body).toEqual({ error: 'Not found.' });
      }
      expect((await get(`/api/posts/${draft.id}/`, admin.token)).status).toBe(200);
    });

    it('lets no non-admin like or share a Draft', async () => {
      for (const action of ['like', 'share']) {
        const { status } = await api.json(`/api/posts/${draft.id}/${action}/`, {
          method: 'POST',
          headers: authHeader(member.token),
        });
        expect(status, action).toBe(404);
      }
      expect((await get(`/api/posts/${draft.id}/`, admin.token)).body).toMatchObject({
        number_of_likes: 0,
        number_of_shares: 0,
      });
    });

    it('shows a post once it is published', async () => {
      const { status } = await api.json(`/api/posts/${draft.id}/`, {
        method: 'PATCH',
        headers: authHeader(admin.token),
        body: postForm({ status: 'Published' }),
      });
      expect(status).toBe(200);
      expect((await get(`/api/posts/${draft.id}/`)).status).toBe(200);
      expect((await list(`search=${word}`)).body.count).toBe(2);
    });
  });

  describe('listing and search', () => {
    let word: string;
    let made: PostBody[];
    beforeAll(async () => {
      word = marker('list');
      made = [];
      for (let index = 1; index <= 7; index++) {
        made.push(await createPost(api, admin.token, { title: `${word} number ${index}` }));
      }
    });

    it('lists newest first with a default page size of 5', async () => {
      const { status, body } = await list(`search=${word}`);
      expect(status).toBe(200);
      expect(body.count).toBe(7);
      expect(body.results.map((post) => post.id)).toEqual(
        made
          .slice(2)
          .reverse()
          .map((post) => post.id),
      );
      expect(body.previous).toBeNull();
      expect(body.next).not.toBeNull();
      const next = new URL(body.next as string);
      expect(next.searchParams.get('page')).toBe('2');
      expect(next.searchParams.get('search')).toBe(word);
    });

    it('pages to the end and refuses a page past it', async () => {
      const second = await list(`search=${word}&page=2`);
      expect(second.status).toBe(200);
      expect(second.body.results.map((post) => post.id)).toEqual([made[1]?.id, made[0]?.id]);
      expect(second.body.next).toBeNull();
      expect(second.body.previous).not.toBeNull();

      const exact = await list(`search=${word}&page_size=7`);
      expect(exact.body.results).toHaveLength(7);
      expect(exact.body.next).toBeNull();
      expect((await list(`search=${word}&page_size=7&page=2`)).status).toBe(404);

      const past = await list(`search=${word}&page=3`);
      expect(past.status).toBe(404);
      expect(past.body).toEqual({ error: 'Invalid page.' });

      const single = await list(`search=${word}&page_size=1&page=7`);
      expect(single.body.results.map((post) => post.id)).toEqual([made[0]?.id]);
    });

    it('answers an empty first page when nothing matches', async () => {
      const { status, body } = await list(`search=${marker('none')}`);
      expect(status).toBe(200);
      expect(body).toEqual({ count: 0, next: null, previous: null, results: [] });
    });

    it('refuses bad paging parameters with 400', async () => {
      for (const query of ['page=0', 'page=abc', 'page=-1', 'page_size=0', 'page_size=1001', 'page_size=x']) {
        const { status, body } = await list(query);
        expect(status, query).toBe(400);
        expect(Object.keys(body as object).length, query).toBeGreaterThan(0);
      }
      expect((await list('page_size=1000')).status).toBe(200);
    });

    it('refuses a search longer than 200 characters, or holding a NUL, under `search`', async () => {
      for (const query of [`search=${'s'.repeat(201)}`, 'search=a%00b', 'search=a&search=b']) {
        const { status, body } = await list(query);
        expect(status, query).toBe(400);
        expect(Object.keys(body as object), query).toEqual(['search']);
      }
      expect((await list(`search=${'s'.repeat(200)}`)).status).toBe(200);
      expect((await list(`search=${'é'.repeat(200)}`)).status).toBe(200);
    });

    it('searches title, subtitle, description and full text, case-insensitively', async () => {
      const tokens = {
        title: marker('TiT'),
        subtitle: marker('SuB'),
        description: marker('DeS'),
        full_content: marker('FuL'),
      };
      const posts: Record<string, PostBody> = {};
      for (const [field, token] of Object.entries(tokens)) {
        posts[field] = await createPost(api, admin.token, { [field]: `before ${token} after` });
      }
      for (const [field, token] of Object.entries(tokens)) {
        const { body } = await list(`search=${encodeURIComponent(token.toLowerCase())}`);
        expect(
          body.results.map((post) => post.id),
          field,
        ).toEqual([posts[field]?.id]);
        const upper = await list(`search=${encodeURIComponent(token.toUpperCase())}`);
        expect(upper.body.count, field).toBe(1);
      }
    });

    it('matches % and _ literally', async () => {
      const word = marker('lit');
      const percent = await createPost(api, admin.token, { title: `${word} 100% sure` });
      await createPost(api, admin.token, { title: `${word} 100 sure` });
      const underscore = await createPost(api, admin.token, { title: `${word} snake_case` });
      await createPost(api, admin.token, { title: `${word} snakeXcase` });
      expect(
        (await list(`search=${encodeURIComponent(`${word} 100%`)}`)).body.results.map((p) => p.id),
      ).toEqual([percent.id]);
      expect(
        (await list(`search=${encodeURIComponent('snake_case')}`)).body.results.map((p) => p.id),
      ).toEqual([underscore.id]);
      expect(
        (await list(`search=${encodeURIComponent('%')}&page_size=1000`)).body.results.map((p) => p.id),
      ).toEqual([percent.id]);
    });
  });

  describe('updating', () => {
    it('replaces every field with PUT and keeps the image when none is sent', async () => {
      const post = await createPost(api, admin.token, {}, { bytes: await imageBytes('png'), name: 'a.png' });
      expect(post).toMatchObject({ image: expect.any(String), image_width: 32, image_height: 24 });
      const { status, body } = await api.json<PostBody>(`/api/posts/${post.id}/`, {
        method: 'PUT',
        headers: authHeader(admin.token),
        body: postForm({ title: 'New title', description: 'New description', status: 'Draft' }),
      });
      expect(status).toBe(200);
      expect(body).toMatchObject({
        id: post.id,
        title: 'New title',
        subtitle: '',
        description: 'New description',
        full_content: '',
        status: 'Draft',
        image: post.image,
        image_width: 32,
        image_height: 24,
      });
      expect(body.created_at).toBe(post.created_at);
      expect(new Date(body.updated_at).getTime()).toBeGreaterThanOrEqual(new Date(post.updated_at).getTime());
      expect((await api.request(pathOf(post.image as string))).status).toBe(200);
    });

    it('requires the required fields on PUT', async () => {
      const post = await createPost(api, admin.token);
      const { status, body } = await api.json(`/api/posts/${post.id}/`, {
        method: 'PUT',
        headers: authHeader(admin.token),
        body: postForm({ title: 'Only a title' }),
      });
      expect(status).toBe(400);
      expect(Object.keys(body as object).sort()).toEqual(['description', 'status']);
    });

    it('changes only what PATCH sends', async () => {
      const post = await createPost(api, admin.token, { subtitle: 'Kept', full_content: 'Kept too' });
      const { status, body } = await api.json<PostBody>(`/api/posts/${post.id}/`, {
        method: 'PATCH',
        headers: authHeader(admin.token),
        body: postForm({ title: 'Patched' }),
      });
      expect(status).toBe(200);
      expect(body).toMatchObject({
        title: 'Patched',
        subtitle: 'Kept',
        full_content: 'Kept too',
        status: 'Published',
      });
      const invalid = await api.json(`/api/posts/${post.id}/`, {
        method: 'PATCH',
        headers: authHeader(admin.token),
        body: postForm({ title: '' }),
      });
      expect(invalid.status).toBe(400);
      expect(invalid.body).toEqual({ title: [FIELD_MESSAGES.required] });
    });

    it('replaces the image and deletes the old file', async () => {
      const post = await createPost(api, admin.token, {}, { bytes: await imageBytes('png'), name: 'a.png' });
      const { status, body } = await api.json<PostBody>(`/api/posts/${post.id}/`, {
        method: 'PATCH',
        headers: authHeader(admin.token),
        body: postForm({}, { bytes: await imageBytes('webp', 30, 60), name: 'b.webp', type: 'image/webp' }),
      });
      expect(status).toBe(200);
      expect(body).toMatchObject({ image_width: 30, image_height: 60 });
      expect(body.image).not.toBe(post.image);
      expect(body.image).toMatch(/\.webp$/);
      expect((await api.request(pathOf(body.image as string))).status).toBe(200);
      expect((await api.request(pathOf(post.image as string))).status).toBe(404);
    });

    it('removes the image when `image` is sent empty', async () => {
      const post = await createPost(api, admin.token, {}, { bytes: await imageBytes('gif'), name: 'a.gif' });
      const { status, body } = await api.json<PostBody>(`/api/posts/${post.id}/`, {
        method: 'PATCH',
        headers: authHeader(admin.token),
        body: postForm({}, ''),
      });
      expect(status).toBe(200);
      expect(body).toMatchObject({ image: null, image_width: null, image_height: null });
      expect((await api.request(pathOf(post.image as string))).status).toBe(404);
    });

    it('refuses an image sent as text', async () => {
      const post = await createPost(api, admin.token);
      const { status, body } = await api.json(`/api/posts/${post.id}/`, {
        method: 'PATCH',
        headers: authHeader(admin.token),
        body: postForm({}, 'https://example.com/cat.png'),
      });
      expect(status).toBe(400);
      expect(body).toHaveProperty('image');
    });

    it('answers 404 for a post that does not exist, whatever the id looks like', async () => {
      for (const id of ['999999', '0', 'abc', '99999999999', '1.5']) {
        for (const method of ['GET', 'PUT', 'PATCH', 'DELETE']) {
          const { status } = await api.json(`/api/posts/${id}/`, {
            method,
            headers: authHeader(admin.token),
            ...(method === 'GET' || method === 'DELETE' ? {} : { body: postForm({ ...DEFAULT_POST }) }),
          });
          expect(status, `${method} ${id}`).toBe(404);
        }
      }
    });
  });

  describe('deleting', () => {
    it('answers 204, then the post and its image (with its card-size copy) are gone', async () => {
      const post = await createPost(api, admin.token, {}, { bytes: await imageBytes('jpeg'), name: 'a.jpg' });
      expect((await api.request(pathOf(post.image as string))).status).toBe(200);
      const copy = `${pathOf(post.image as string)}?width=400`;
      const made = await api.request(copy);
      expect(made.status).toBe(200);
      expect(made.headers.get('content-type')).toBe('image/webp');
      // A copy is not made smaller again: there is no such image.
      expect((await api.request(`${pathOf(post.image as string)}?width=800`)).status).toBe(200);
      const copy800 = pathOf(post.image as string).replace(/\.\w+$/, '-w800.webp');
      expect((await api.request(copy800)).status).toBe(200);
      expect((await api.json(`${copy800}?width=400`)).status).toBe(404);
      const res = await api.request(`/api/posts/${post.id}/`, {
        method: 'DELETE',
        headers: authHeader(admin.token),
      });
      expect(res.status).toBe(204);
      expect(await res.text()).toBe('');
      expect((await get(`/api/posts/${post.id}/`, admin.token)).status).toBe(404);
      const image = await api.request(pathOf(post.image as string));
      expect(image.status).toBe(404);
      expect((await api.request(copy)).status).toBe(404);
      // The copy's own key is gone too, not only the way to it through the original.
      const copyKey = pathOf(post.image as string).replace(/\.\w+$/, '-w400.webp');
      expect((await api.request(copyKey)).status).toBe(404);
      expect(
        (await api.json(`/api/posts/${post.id}/`, { method: 'DELETE', headers: authHeader(admin.token) }))
          .status,
      ).toBe(404);
    });
  });

  describe('images', () => {
    it('accepts PNG, JPEG, WebP and GIF by their bytes, whatever the name and declared type', async () => {
      const formats = [
        ['png', 'image/png'],
        ['jpeg', 'image/jpeg'],
        ['webp', 'image/webp'],
        ['gif', 'image/gif'],
      ] as const;
      for (const [format, contentType] of formats) {
        const post = await createPost(
          api,
          admin.token,
          {},
          { bytes: await imageBytes(format, 50, 40), name: 'upload.txt', type: 'text/plain' },
        );
        expect(post.image, format).toMatch(new RegExp(`^${api.url}/api/media/[0-9a-f-]+\\.\\w+$`));
        expect([post.image_width, post.image_height], format).toEqual([50, 40]);
        const res = await api.request(pathOf(post.image as string));
        expect(res.status, format).toBe(200);
        expect(res.headers.get('content-type'), format).toBe(contentType);
        expect(res.headers.get('cache-control'), format).toBe('public, max-age=31536000, immutable');
        expect(res.headers.get('x-content-type-options'), format).toBe('nosniff');
        const meta = await sharp(new Uint8Array(await res.arrayBuffer())).metadata();
        expect(meta.format, format).toBe(format === 'jpeg' ? 'jpeg' : format);
        expect([meta.width, meta.height], format).toEqual([50, 40]);
      }
    });

    it('serves a JPEG upright with its EXIF stripped', async () => {
      const original = await jpegWithExif(40, 20);
      expect((await sharp(original).metadata()).exif).toBeDefined();
      const post = await createPost(
        api,
        admin.token,
        {},
        { bytes: original, name: 'photo.jpg', type: 'image/jpeg' },
      );
      const res = await api.request(pathOf(post.image as string));
      const served = new Uint8Array(await res.arrayBuffer());
      const meta = await sharp(served).metadata();
      expect(meta.exif).toBeUndefined();
      expect(meta.xmp).toBeUndefined();
      expect(meta.orientation).toBeUndefined();
      expect([meta.width, meta.height]).toEqual([20, 40]);
      expect([post.image_width, post.image_height]).toEqual([20, 40]);
      expect(Buffer.from(served).includes('Secret Photographer')).toBe(false);
    });

    it('shrinks a large image to fit 1600 pixels', async () => {
      const post = await createPost(
        api,
        admin.token,
        {},
        { bytes: await imageBytes('png', 3200, 800), name: 'w.png' },
      );
      const res = await api.request(pathOf(post.image as string));
      const meta = await sharp(new Uint8Array(await res.arrayBuffer())).metadata();
      expect([meta.width, meta.height]).toEqual([1600, 400]);
      expect([post.image_width, post.image_height]).toEqual([1600, 400]);
    });

    it('refuses a text file named .png with 415 and creates nothing', async () => {
      const title = marker('fake');
      const { status, headers, body } = await api.json('/api/posts/', {
        method: 'POST',
        headers: authHeader(admin.token),
        body: postForm(
          { ...DEFAULT_POST, title },
          { bytes: new TextEncoder().encode('I am not a picture'), name: 'cat.png', type: 'image/png' },
        ),
      });
      expect(status).toBe(415);
      expect(headers.get('content-type')).toContain('application/json');
      expect(body).toEqual({ error: 'The image must be a PNG, JPEG, WebP or GIF file.' });
      expect((await list(`search=${title}`, admin.token)).body.count).toBe(0);
    });

    it('refuses other image types (SVG, TIFF) and damaged images with 415', async () => {
      const svg = new TextEncoder().encode(
        '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      );
      const tiff = new Uint8Array(
        await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
          .tiff()
          .toBuffer(),
      );
      const truncated = (await imageBytes('png', 200, 200)).subarray(0, 50);
      for (const [name, bytes] of [
        ['x.svg', svg],
        ['x.tiff', tiff],
        ['x.png', truncated],
      ] as const) {
        const { status, body } = await api.json('/api/posts/', {
          method: 'POST',
          headers: authHeader(admin.token),
          body: postForm({ ...DEFAULT_POST }, { bytes, name }),
        });
        expect(status, name).toBe(415);
        expect(body, name).toHaveProperty('error');
      }
    });

    it('refuses a 6 MiB image with 413 and a JSON message', async () => {
      const big = await noisyPng(6 * MiB);
      const res = await api.request('/api/posts/', {
        method: 'POST',
        headers: authHeader(admin.token),
        body: postForm({ ...DEFAULT_POST }, { bytes: big, name: 'big.png', type: 'image/png' }),
      });
      expect(res.status).toBe(413);
      expect(res.headers.get('content-type')).toContain('application/json');
      // Refused from its size before it is read, in the words of an image a little smaller.
      expect(await res.json()).toEqual({ error: 'The image is too large (at most 5 MiB).' });
    });

    it('refuses an image just over 5 MiB with 413, and keeps the old image on update', async () => {
      const post = await createPost(api, admin.token, {}, { bytes: await imageBytes('png'), name: 'a.png' });
      const over = await noisyPng(5 * MiB + 1024);
      expect(over.byteLength).toBeLessThan(6 * MiB - 4096);
      const { status, body } = await api.json(`/api/posts/${post.id}/`, {
        method: 'PATCH',
        headers: authHeader(admin.token),
        body: postForm({ title: 'Should not change' }, { bytes: over, name: 'over.png', type: 'image/png' }),
      });
      expect(status).toBe(413);
      expect(body).toEqual({ error: 'The image is too large (at most 5 MiB).' });
      const after = await get(`/api/posts/${post.id}/`);
      expect(after.body).toMatchObject({ title: post.title, image: post.image });
    });

    it('answers 404 for unknown and malformed media keys', async () => {
      for (const path of [
        '/api/media/00000000-0000-0000-0000-000000000000.png',
        '/api/media/..%2F..%2Fetc%2Fpasswd',
        '/api/media/nope',
      ]) {
        const res = await api.request(path);
        expect(res.status, path).toBe(404);
      }
    });
  });

  describe('likes', () => {
    it('toggles, answering the status and the count from the database', async () => {
      const post = await createPost(api, admin.token);
      const like = () =>
        api.json<{ status: string; number_of_likes: number }>(`/api/posts/${post.id}/like/`, {
          method: 'POST',
          headers: authHeader(member.token),
        });
      expect(await like()).toMatchObject({ status: 200, body: { status: 'liked', number_of_likes: 1 } });
      expect((await get(`/api/posts/${post.id}/`, member.token)).body).toMatchObject({
        number_of_likes: 1,
        user_has_liked: true,
      });
      expect((await get(`/api/posts/${post.id}/`, manager.token)).body.user_has_liked).toBe(false);
      expect((await get(`/api/posts/${post.id}/`)).body.user_has_liked).toBe(false);
      const listed = await list(`search=${encodeURIComponent(post.title)}&page_size=1000`, member.token);
      expect(listed.body.results.find((item) => item.id === post.id)?.user_has_liked).toBe(true);

      expect(await like()).toMatchObject({ status: 200, body: { status: 'unliked', number_of_likes: 0 } });
      expect((await get(`/api/posts/${post.id}/`, member.token)).body).toMatchObject({
        number_of_likes: 0,
        user_has_liked: false,
      });
    });

    it('counts exactly 50 when 50 users like at once', async () => {
      const post = await createPost(api, admin.token);
      const users = await createMembers(api, 50);
      const answers = await Promise.all(
        users.map((user) =>
          api.json<{ status: string; number_of_likes: number }>(`/api/posts/${post.id}/like/`, {
            method: 'POST',
            headers: authHeader(user.token),
          }),
        ),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(50).fill(200));
      expect(answers.every((answer) => answer.body.status === 'liked')).toBe(true);
      expect(new Set(answers.map((answer) => answer.body.number_of_likes)).size).toBe(50);
      expect(Math.max(...answers.map((answer) => answer.body.number_of_likes))).toBe(50);
      expect((await get(`/api/posts/${post.id}/`)).body.number_of_likes).toBe(50);

      // And back to zero when they all unlike at once.
      const again = await Promise.all(
        users.map((user) =>
          api.json<{ status: string }>(`/api/posts/${post.id}/like/`, {
            method: 'POST',
            headers: authHeader(user.token),
          }),
        ),
      );
      expect(again.every((answer) => answer.body.status === 'unliked')).toBe(true);
      expect((await get(`/api/posts/${post.id}/`)).body.number_of_likes).toBe(0);
    }, 120_000);

    it('stays consistent when one user toggles many times at once', async () => {
      const post = await createPost(api, admin.token);
      await Promise.all(
        Array.from({ length: 9 }, () =>
          api.json(`/api/posts/${post.id}/like/`, { method: 'POST', headers: authHeader(member.token) }),
        ),
      );
      // Nine toggles from nothing: liked.
      expect((await get(`/api/posts/${post.id}/`, member.token)).body).toMatchObject({
        number_of_likes: 1,
        user_has_liked: true,
      });
    });

    it('answers 404 for a post that does not exist', async () => {
      const { status } = await api.json('/api/posts/999999/like/', {
        method: 'POST',
        headers: authHeader(member.token),
      });
      expect(status).toBe(404);
    });
  });

  describe('shares', () => {
    it('counts each share and answers the post link', async () => {
      const post = await createPost(api, admin.token);
      const share = (token: string) =>
        api.json<{ status: string; number_of_shares: number; url: string }>(`/api/posts/${post.id}/share/`, {
          method: 'POST',
          headers: authHeader(token),
        });
      expect(await share(member.token)).toMatchObject({
        status: 200,
        body: { status: 'shared', number_of_shares: 1, url: `${api.url}/posts/${post.id}` },
      });
      expect((await share(manager.token)).body.number_of_shares).toBe(2);
      const after = await get(`/api/posts/${post.id}/`);
      expect(after.body.number_of_shares).toBe(2);
      // A share is not an edit.
      expect(after.body.updated_at).toBe(post.updated_at);
    });

    it('counts concurrent shares exactly', async () => {
      const post = await createPost(api, admin.token);
      await Promise.all(
        Array.from({ length: 20 }, () =>
          api.json(`/api/posts/${post.id}/share/`, { method: 'POST', headers: authHeader(member.token) }),
        ),
      );
      expect((await get(`/api/posts/${post.id}/`)).body.number_of_shares).toBe(20);
    });
  });
});
