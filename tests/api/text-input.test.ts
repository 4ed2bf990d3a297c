/**
 * One rule for every text input (issue 16, item 3), over every endpoint the app declares: a NUL
 * character or bytes that are not UTF-8, in the query string, a JSON body or a form field, answer
 * 400 with a message, never a 5xx, and nothing is stored or changed.
 */
import { createApp } from '@toolbox/api/app';
import type { Database } from '@toolbox/api/db';
import {
  INVALID_UTF8,
  MAX_FORM_FIELDS,
  NULL_CHARACTER,
  TOO_MANY_FORM_FIELDS,
} from '@toolbox/api/http/text-input';
import { createLogger } from '@toolbox/api/logger';
import { beforeAll, expect, it } from 'vitest';
import { type Account, authHeader, createAccount, login } from '../support/accounts';
import { createPost, DEFAULT_POST, type PostBody } from '../support/blog';
import { describeEachDatabase } from '../support/server';

/** Every endpoint under /api, as the app itself lists them (new routes are covered by themselves). */
const ENDPOINTS = [
  ...new Set(
    createApp({ db: {} as Database, logger: createLogger('silent') })
      .routes.filter((route) => route.method !== 'ALL' && route.path.startsWith('/api/'))
      .map((route) => `${route.method} ${route.path}`),
  ),
].map((line) => {
  const [method, path] = line.split(' ') as [string, string];
  return { method, path };
});

/** Routes that take no body at all: what they are sent is never read. */
const BODILESS = new Set(['POST /api/logout', 'POST /api/posts/:id/like', 'POST /api/posts/:id/share']);

/** A UTF-8 JSON body with a NUL, and one with a byte that is never UTF-8 (0xFF). */
const NUL_JSON = '{"title":"a\\u0000b","text":"x","probe":"a\\u0000b"}';
const BAD_UTF8_JSON = Buffer.concat([Buffer.from('{"title":"a'), Buffer.from([0xff]), Buffer.from('b"}')]);

function multipart(value: Buffer): { body: Buffer; contentType: string } {
  const boundary = 'toolboxprobeboundary';
  const part = (name: string, content: Buffer) =>
    Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n`),
      content,
      Buffer.from('\r\n'),
    ]);
  return {
    body: Buffer.concat([
      part('title', value),
      part('description', Buffer.from(DEFAULT_POST.description)),
      part('status', Buffer.from('Published')),
      Buffer.from(`--${boundary}--\r\n`),
    ]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

describeEachDatabase('text input rule on every endpoint', (api) => {
  let adminToken: string;
  let member: Account;
  let post: PostBody;
  let commentId: number;
  let calculationId: number;

  beforeAll(async () => {
    adminToken = await login(api, api.admin.username, api.admin.password);
    member = await createAccount(api);
    post = await createPost(api, adminToken, { title: 'Probed' });
    const comment = await api.json<{ id: number }>('/api/comments/', {
      method: 'POST',
      headers: authHeader(member.token),
      body: { blog_post: post.id, text: 'Probe me' },
    });
    commentId = comment.body.id;
    const calculation = await api.json<{ id: number }>('/api/me/calculations/', {
      method: 'POST',
      headers: authHeader(adminToken),
      body: { tool: 'bmi-calculator', name: 'Probe me', input: { weight: '70' } },
    });
    calculationId = calculation.body.id;
  });

  const concrete = (path: string) =>
    `${path
      .replace('/api/posts/:id', `/api/posts/${post.id}`)
      .replace('/api/profiles/:id', `/api/profiles/${member.id}`)
      .replace('/api/comments/:id', `/api/comments/${commentId}`)
      .replace('/api/me/calculations/:id', `/api/me/calculations/${calculationId}`)
      .replace('/api/tools/:slug', '/api/tools/bmi-calculator')
      .replace(':key', 'missing.png')}/`;

  it('lists the endpoints it probes', () => {
    expect(ENDPOINTS.length).toBeGreaterThanOrEqual(25);
  });

  it.each(ENDPOINTS)(
    '$method $path: NUL or non-UTF-8 in the query string is 400',
    async ({ method, path }) => {
      for (const [query, expected] of [
        ['?probe=a%00b', { probe: [NULL_CHARACTER] }],
        ['?search=%00', { search: [NULL_CHARACTER] }],
        ['?probe=%FF%FE', { error: INVALID_UTF8.query }],
        ['?probe=%C3%28', { error: INVALID_UTF8.query }],
      ] as const) {
        const { status, body } = await api.json(`${concrete(path)}${query}`, {
          method,
          headers: authHeader(adminToken),
        });
        expect(status, `${method} ${path}${query}`).toBe(400);
        // The tools' API writes every refusal as its own are, `{ ok: false, error }` (decision 181).
        const asAnswered = path.startsWith('/api/tools')
          ? { ok: false, error: Object.values(expected).flat()[0] }
          : expected;
        expect(body, `${method} ${path}${query}`).toEqual(asAnswered);
      }
    },
  );

  it.each(ENDPOINTS.filter(({ method }) => ['POST', 'PUT', 'PATCH'].includes(method)))(
    '$method $path: NUL or non-UTF-8 in a body is 400 (never 5xx)',
    async ({ method, path }) => {
      const url = concrete(path);
      // The office converter takes multipart only (a JSON body is 415, never read).
      const multipartOnly = path === '/api/convert';
      const bodies: { body: string | Buffer; contentType: string; error: boolean }[] = multipartOnly
        ? []
        : [
            { body: NUL_JSON, contentType: 'application/json', error: false },
            { body: BAD_UTF8_JSON, contentType: 'application/json', error: true },
          ];
      if (multipartOnly) {
        bodies.push({ ...multipart(Buffer.from('a\0b')), error: false });
        bodies.push({ ...multipart(Buffer.from([0x61, 0xff, 0x62])), error: true });
      }
      if (path.startsWith('/api/posts') && !BODILESS.has(`${method} ${path}`)) {
        bodies.push({ ...multipart(Buffer.from('a\0b')), error: false });
        bodies.push({ ...multipart(Buffer.from([0x61, 0xff, 0x62])), error: true });
        bodies.push({ body: 'title=a%00b', contentType: 'application/x-www-form-urlencoded', error: false });
        bodies.push({ body: 'title=a%FFb', contentType: 'application/x-www-form-urlencoded', error: true });
      }
      const bodiless = BODILESS.has(`${method} ${path}`);
      for (const { body, contentType, error } of bodies) {
        // Logging out ends the session it is sent with: those routes get a session of their own.
        const token = bodiless ? await login(api, member.username, member.password) : adminToken;
        const res = await api.request(url, {
          method,
          headers: { ...authHeader(token), 'Content-Type': contentType },
          body: typeof body === 'string' ? body : Uint8Array.from(body),
        });
        const label = `${method} ${path} (${contentType.split(';')[0]}, ${error ? 'not UTF-8' : 'NUL'})`;
        const text = await res.text();
        if (bodiless) {
          expect(res.status, label).toBeLessThan(500);
          continue;
        }
        const answer = JSON.parse(text) as Record<string, unknown>;
        expect(res.status, label).toBe(400);
        if (error) expect(answer.error, label).toMatch(/is not valid UTF-8 text\.$/);
        else expect(Object.values(answer).flat(), label).toContain(NULL_CHARACTER);
      }
    },
  );

  it('refuses a form of more fields than the API reads before parsing it, and reads one at the limit', async () => {
    const boundary = 'toolboxmanyparts';
    const form = (parts: string[]) => ({
      body: `${parts.map((part) => `--${boundary}\r\n${part}\r\n`).join('')}--${boundary}--\r\n`,
      headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}` },
    });
    const field = (name: string, value: string) =>
      `Content-Disposition: form-data; name="${name}"\r\n\r\n${value}`;
    const emptyFile = 'Content-Disposition: form-data; name="f"; filename="a"\r\n';
    const refused = async (url: string, init: RequestInit, label: string) => {
      const res = await api.request(url, init);
      expect(res.status, label).toBe(400);
      expect(await res.json(), label).toEqual({ error: TOO_MANY_FORM_FIELDS });
    };

    // Anyone may send a file to convert: 200,000 empty files (about 16 MB, under its size limit) are refused unparsed.
    await refused('/api/convert/', { method: 'POST', ...form(Array(200_000).fill(emptyFile)) }, 'convert');
    const postUrl = `/api/posts/${post.id}/`;
    const changed = field('title', 'Changed');
    const extra = Array.from({ length: MAX_FORM_FIELDS }, (_, index) => field(`x${index}`, ''));
    const { body, headers } = form([changed, ...extra]);
    await refused(
      postUrl,
      { method: 'PATCH', body, headers: { ...headers, ...authHeader(adminToken) } },
      'multipart',
    );
    const pairs = ['title=Changed', ...extra.map((_, index) => `x${index}=`)].join('&');
    await refused(
      postUrl,
      {
        method: 'PATCH',
        body: pairs,
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...authHeader(adminToken) },
      },
      'url-encoded',
    );

    // At the limit the form is read: the post keeps its title, sent again.
    const atLimit = form([field('title', 'Probed'), ...extra.slice(1)]);
    const res = await api.request(postUrl, {
      method: 'PATCH',
      body: atLimit.body,
      headers: { ...atLimit.headers, ...authHeader(adminToken) },
    });
    expect(res.status, await res.text()).toBe(200);
  });

  it('stored and changed nothing', async () => {
    const { body } = await api.json<PostBody>(`/api/posts/${post.id}/`, { headers: authHeader(adminToken) });
    expect(body.title).toBe('Probed');
    const comments = await api.json<{ count: number }>(`/api/comments/?blog_post=${post.id}`);
    expect(comments.body.count).toBe(1);
    const calculation = await api.json<{ name: string }>(`/api/me/calculations/${calculationId}/`, {
      headers: authHeader(adminToken),
    });
    expect(calculation.body.name).toBe('Probe me');
  });
});
