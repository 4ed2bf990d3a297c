import { beforeAll, describe, expect, it } from 'vitest';
import { type Account, authHeader, createAccount, login } from '../support/accounts';
import { createPost, type PageBody, type PostBody } from '../support/blog';
import { describeEachDatabase } from '../support/server';

interface CommentBody {
  id: number;
  blog_post: number;
  author: number;
  author_name: string;
  text: string;
  created_at: string;
}

describeEachDatabase('comments', (api) => {
  let adminToken: string;
  let adminId: number;
  let member: Account;
  let other: Account;
  let manager: Account;
  let post: PostBody;
  let draft: PostBody;

  beforeAll(async () => {
    adminToken = await login(api, api.admin.username, api.admin.password);
    adminId = (await api.json<{ id: number }>('/api/me/', { headers: authHeader(adminToken) })).body.id;
    member = await createAccount(api, { full_name: 'Ada Lovelace' });
    other = await createAccount(api);
    manager = await createAccount(api, { role: 'manager' });
    post = await createPost(api, adminToken, { title: 'Commented' });
    draft = await createPost(api, adminToken, { title: 'Unpublished', status: 'Draft' });
  });

  const comment = (token: string | undefined, body: unknown) =>
    api.json<CommentBody & Record<string, string[]>>('/api/comments/', {
      method: 'POST',
      headers: token ? authHeader(token) : {},
      body,
    });
  const listFor = (postId: number, query = '', token?: string) =>
    api.json<PageBody<CommentBody>>(`/api/comments/?blog_post=${postId}${query}`, {
      headers: token ? authHeader(token) : {},
    });
  const postOf = async (id: number) =>
    (await api.json<PostBody>(`/api/posts/${id}/`, { headers: authHeader(adminToken) })).body;

  describe('creating', () => {
    it('answers 201 with the comment, written by the session user whatever the body says', async () => {
      const { status, body } = await comment(member.token, {
        blog_post: post.id,
        text: '  Nice post!  ',
        author: adminId,
        author_name: 'Someone else',
      });
      expect(status).toBe(201);
      expect(Object.keys(body).sort()).toEqual([
        'author',
        'author_name',
        'blog_post',
        'created_at',
        'id',
        'text',
      ]);
      expect(body).toMatchObject({
        blog_post: post.id,
        author: member.userId,
        author_name: 'Ada Lovelace',
        text: 'Nice post!',
      });
      const listed = await listFor(post.id);
      expect(listed.body.results[0]).toEqual(body);
    });

    it('accepts the post id as a string too', async () => {
      const { status, body } = await comment(other.token, {
        blog_post: String(post.id),
        text: 'As a string',
      });
      expect(status).toBe(201);
      expect(body.author).toBe(other.userId);
      expect(body.author_name).toBe(other.user.full_name);
    });

    it('refuses anonymous callers with 401', async () => {
      const { status, body } = await comment(undefined, { blog_post: post.id, text: 'Hello' });
      expect(status).toBe(401);
      expect(body).toHaveProperty('error');
    });

    it('needs text of 1 to 2000 characters after trimming', async () => {
      for (const text of ['', '   ', '\n\t']) {
        const { status, body } = await comment(member.token, { blog_post: post.id, text });
        expect(status, JSON.stringify(text)).toBe(400);
        expect(body).toEqual({ text: ['Please enter a comment'] });
      }
      expect((await comment(member.token, { blog_post: post.id })).body).toEqual({
        text: ['Please enter a comment'],
      });
      const tooLong = await comment(member.token, { blog_post: post.id, text: 'x'.repeat(2001) });
      expect(tooLong.status).toBe(400);
      expect(Object.keys(tooLong.body)).toEqual(['text']);
      const atLimit = await comment(member.token, { blog_post: post.id, text: ` ${'é'.repeat(2000)} ` });
      expect(atLimit.status).toBe(201);
      expect(atLimit.body.text).toHaveLength(2000);
    });

    it('needs a post that exists and is visible to the caller', async () => {
      // One message for each mistake, however it is written.
      const choose = { blog_post: ['Choose a post (blog_post).'] };
      const notAnId = { blog_post: ['blog_post must be the id of a post.'] };
      for (const [blogPost, expected] of [
        [undefined, choose],
        [null, choose],
        ['  ', choose],
        [[1, 2], { blog_post: ['Send one post (blog_post).'] }],
        ['abc', notAnId],
        [-1, notAnId],
        [1.5, notAnId],
        [{}, notAnId],
        [true, notAnId],
      ] as const) {
        const refused = await comment(member.token, { blog_post: blogPost, text: 'x' });
        expect(refused.status, JSON.stringify(blogPost)).toBe(400);
        expect(refused.body, JSON.stringify(blogPost)).toEqual(expected);
      }
      expect((await comment(member.token, { blog_post: 999_999, text: 'Nowhere' })).status).toBe(404);
      expect((await comment(member.token, { blog_post: draft.id, text: 'Early' })).status).toBe(404);
      expect((await comment(adminToken, { blog_post: draft.id, text: 'Admin note' })).status).toBe(201);
    });

    it('refuses a body that is not JSON', async () => {
      const { status } = await api.json('/api/comments/', {
        method: 'POST',
        headers: { ...authHeader(member.token), 'Content-Type': 'application/json' },
        body: '{not json',
      });
      expect(status).toBe(400);
    });
  });

  describe('listing', () => {
    let listed: PostBody;
    const made: CommentBody[] = [];
    beforeAll(async () => {
      listed = await createPost(api, adminToken, { title: 'Seven comments' });
      for (let index = 1; index <= 7; index++) {
        made.push(
          (await comment(index % 2 ? member.token : other.token, { blog_post: listed.id, text: `#${index}` }))
            .body,
        );
      }
    });

    it('answers 5 a page, newest first, to anyone', async () => {
      const first = await listFor(listed.id);
      expect(first.status).toBe(200);
      expect(first.body.count).toBe(7);
      expect(first.body.results.map((item) => item.text)).toEqual(['#7', '#6', '#5', '#4', '#3']);
      expect(first.body.previous).toBeNull();
      expect(new URL(first.body.next as string).searchParams.get('page')).toBe('2');
      const second = await listFor(listed.id, '&page=2');
      expect(second.body.results.map((item) => item.text)).toEqual(['#2', '#1']);
      expect(second.body.next).toBeNull();
      const past = await listFor(listed.id, '&page=3');
      expect(past.status).toBe(404);
      expect(past.body).toEqual({ error: 'Invalid page.' });
    });

    it('answers an empty list for a post without comments', async () => {
      const quiet = await createPost(api, adminToken, { title: 'Quiet' });
      expect((await listFor(quiet.id)).body).toEqual({ count: 0, next: null, previous: null, results: [] });
    });

    it('keeps number_of_comments in step', async () => {
      expect((await postOf(listed.id)).number_of_comments).toBe(7);
    });

    it('needs a valid blog_post, and answers 404 for a post the caller cannot see', async () => {
      expect(await api.json('/api/comments/')).toMatchObject({
        status: 400,
        body: { blog_post: ['Choose a post (blog_post).'] },
      });
      expect((await api.json('/api/comments/?blog_post=abc')).status).toBe(400);
      expect(await api.json(`/api/comments/?blog_post=${draft.id}&blog_post=${draft.id}`)).toMatchObject({
        status: 400,
        body: { blog_post: ['Send one post (blog_post).'] },
      });
      expect((await listFor(999_999)).status).toBe(404);
      for (const token of [undefined, member.token, manager.token]) {
        expect((await listFor(draft.id, '', token)).status).toBe(404);
      }
      const asAdmin = await listFor(draft.id, '', adminToken);
      expect(asAdmin.status).toBe(200);
      expect(asAdmin.body.results.map((item) => item.text)).toEqual(['Admin note']);
    });
  });

  describe('deleting', () => {
    let target: PostBody;
    beforeAll(async () => {
      target = await createPost(api, adminToken, { title: 'Deletions' });
    });

    it('lets the author delete their comment, and nobody else but an admin', async () => {
      const mine = (await comment(member.token, { blog_post: target.id, text: 'Mine' })).body;
      expect((await postOf(target.id)).number_of_comments).toBe(1);
      const remove = (token?: string) =>
        api.json(`/api/comments/${mine.id}/`, { method: 'DELETE', headers: token ? authHeader(token) : {} });
      expect((await remove()).status).toBe(401);
      expect((await remove(other.token)).status).toBe(403);
      expect((await remove(manager.token)).status).toBe(403);
      expect((await listFor(target.id)).body.count).toBe(1);
      const res = await api.request(`/api/comments/${mine.id}/`, {
        method: 'DELETE',
        headers: authHeader(member.token),
      });
      expect(res.status).toBe(204);
      expect(await res.text()).toBe('');
      expect((await remove(member.token)).status).toBe(404);
      expect((await listFor(target.id)).body.count).toBe(0);
      expect((await postOf(target.id)).number_of_comments).toBe(0);
    });

    it('answers 204 to one of two deletes arriving together and 404 to the other', async () => {
      for (let round = 0; round < 8; round += 1) {
        const mine = (await comment(member.token, { blog_post: target.id, text: `Twice ${round}` })).body;
        const remove = (token: string) =>
          api.request(`/api/comments/${mine.id}/`, { method: 'DELETE', headers: authHeader(token) });
        const statuses = (await Promise.all([remove(member.token), remove(adminToken)])).map((r) => r.status);
        expect(statuses.sort(), `round ${round}`).toEqual([204, 404]);
      }
      expect((await postOf(target.id)).number_of_comments).toBe((await listFor(target.id)).body.count);
    });

    it("lets an admin delete anyone's comment", async () => {
      const theirs = (await comment(other.token, { blog_post: target.id, text: 'Theirs' })).body;
      const { status } = await api.json(`/api/comments/${theirs.id}/`, {
        method: 'DELETE',
        headers: authHeader(adminToken),
      });
      expect(status).toBe(204);
    });

    it('answers 404 for comments that do not exist', async () => {
      for (const id of ['999999', 'abc', '0']) {
        const { status } = await api.json(`/api/comments/${id}/`, {
          method: 'DELETE',
          headers: authHeader(adminToken),
        });
        expect(status, id).toBe(404);
      }
    });

    it('goes with its post', async () => {
      const doomed = await createPost(api, adminToken, { title: 'Doomed' });
      await comment(member.token, { blog_post: doomed.id, text: 'Soon gone' });
      await api.json(`/api/posts/${doomed.id}/`, { method: 'DELETE', headers: authHeader(adminToken) });
      expect((await listFor(doomed.id, '', adminToken)).status).toBe(404);
    });
  });

  describe('counting', () => {
    it('counts concurrent comments exactly', async () => {
      const busy = await createPost(api, adminToken, { title: 'Busy' });
      const answers = await Promise.all(
        Array.from({ length: 20 }, (_, index) =>
          comment(index % 2 ? member.token : other.token, { blog_post: busy.id, text: `c${index}` }),
        ),
      );
      expect(answers.every((answer) => answer.status === 201)).toBe(true);
      expect((await postOf(busy.id)).number_of_comments).toBe(20);
      expect((await listFor(busy.id)).body.count).toBe(20);
    });
  });
});
