/**
 * Losing the database (issue 16, item 4), on PostgreSQL behind a TCP proxy that the test cuts:
 * while the database cannot be reached every request is answered within a bounded time, with 503
 * `{ error }` and Retry-After, a write that could not be confirmed is reported as failed and is not
 * stored later, and the API recovers by itself once the database is back.
 */
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScratchDatabase, type ScratchDatabase } from '@toolbox/api/db/testing';
import { isDatabaseUnavailable } from '@toolbox/api/db/unavailable';
import { createLogger } from '@toolbox/api/logger';
import { type RunningServer, startServer } from '@toolbox/api/server';
import {
  PAGES_DIR,
  RENDERED_PAGES_FILE,
  type RenderedPageEntry,
  ROUTES_FILE,
  SHELL_FILE,
  SITEMAP_PAGES_FILE,
  type SitemapPage,
} from '@toolbox/sdk/page-files';
import postgres from 'postgres';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authHeader, login } from '../support/accounts';
import { createPost, type PageBody, type PostBody } from '../support/blog';
import { ADMIN, availableDatabases, type TestServer } from '../support/server';
import { startTcpProxy, type TcpProxy } from '../support/tcp-proxy';

/** The longest a request may take to be answered while the database is gone. */
const BOUND_MS = 5000;
const LOADING_POST = 'Loading post...';

it('tells a lost connection from other database errors', () => {
  const wrapped = (cause: object) => Object.assign(new Error('Failed query: select 1'), { cause });
  expect(isDatabaseUnavailable(wrapped({ code: 'ECONNREFUSED' }))).toBe(true);
  expect(isDatabaseUnavailable(wrapped({ code: 'CONNECTION_CLOSED' }))).toBe(true);
  expect(isDatabaseUnavailable(wrapped({ code: '57P01' }))).toBe(true);
  expect(isDatabaseUnavailable(wrapped({ code: '57014' }))).toBe(true);
  expect(isDatabaseUnavailable(wrapped({ code: '23505' }))).toBe(false);
  expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
});

for (const database of availableDatabases().filter((kind) => kind === 'postgres')) {
  describe(`database loss [${database}]`, () => {
    let scratch: ScratchDatabase;
    let proxy: TcpProxy;
    let running: RunningServer;
    let dataDir: string;
    let adminToken: string;
    let post: PostBody;

    const api = {
      json: async <T>(
        path: string,
        init: { method?: string; headers?: Record<string, string>; body?: unknown } = {},
      ) => {
        const isForm = init.body instanceof FormData;
        const res = await fetch(new URL(path, running.url), {
          method: init.method ?? 'GET',
          headers: {
            ...(init.body && !isForm ? { 'Content-Type': 'application/json' } : {}),
            ...init.headers,
          },
          body:
            init.body === undefined
              ? undefined
              : isForm
                ? (init.body as FormData)
                : JSON.stringify(init.body),
        });
        const text = await res.text();
        return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as T };
      },
    } satisfies Pick<TestServer, 'json'> as Pick<TestServer, 'json'>;

    beforeAll(async () => {
      const adminUrl = process.env.TEST_DATABASE_URL as string;
      scratch = await createScratchDatabase(adminUrl);
      const target = new URL(scratch.url);
      proxy = await startTcpProxy(Number(target.port || 5432), target.hostname);
      target.hostname = '127.0.0.1';
      target.port = String(proxy.port);
      dataDir = await mkdtemp(join(tmpdir(), 'toolbox-dbloss-'));
      // A built folder whose sitemap lists the posts' pages: the sitemap reads the database too.
      const staticDir = join(dataDir, 'platform');
      await mkdir(join(staticDir, PAGES_DIR), { recursive: true });
      await writeFile(join(staticDir, SHELL_FILE), '<!doctype html><div id="root"></div>');
      const listed: SitemapPage[] = [{ path: '/posts/$id', reads: ['/api/posts/$id/'] }];
      await writeFile(join(staticDir, SITEMAP_PAGES_FILE), JSON.stringify(listed));
      // A post's page, rendered with its post while the database answers (decision 163).
      const postPage: RenderedPageEntry = {
        path: '/posts/$id',
        file: `${PAGES_DIR}/posts/$id.html`,
        reads: ['/api/posts/$id/'],
        params: { id: 'id' },
      };
      await mkdir(join(staticDir, PAGES_DIR, 'posts'));
      await writeFile(join(staticDir, postPage.file), `<!doctype html><title>Post</title>${LOADING_POST}`);
      await writeFile(
        join(staticDir, ROUTES_FILE),
        JSON.stringify([{ path: postPage.path, params: postPage.params }]),
      );
      await writeFile(join(staticDir, RENDERED_PAGES_FILE), JSON.stringify([postPage]));
      running = await startServer({
        staticDir,
        port: 0,
        hostname: '127.0.0.1',
        dataDir,
        databaseUrl: target.toString(),
        logger: createLogger('silent'),
        admin: ADMIN,
      });
      adminToken = await login(api, ADMIN.username, ADMIN.password);
      post = await createPost(api, adminToken, { title: 'Before the outage' });
    });
    afterAll(async () => {
      await proxy?.restore();
      await running?.close();
      await proxy?.close();
      await scratch?.drop();
      await rm(dataDir, { recursive: true, force: true });
    });

    const timed = async <T>(work: () => Promise<T>) => {
      const started = performance.now();
      const result = await work();
      return { result, ms: performance.now() - started };
    };

    it('answers 503 with Retry-After within 5 s while the database is cut, and recovers by itself', async () => {
      await proxy.cut();
      // Health has its own time-out (3 s): it answers 503 within the bound even for a query sent on
      // a connection at the very moment it is cut (postgres.js can hold such a query: docs/decisions/055).
      const noticed = await timed(() => api.json('/api/health/'));
      expect(noticed.result.status).toBe(503);
      expect(noticed.ms).toBeLessThan(BOUND_MS);

      for (const [label, call] of [
        ['list posts', () => api.json<{ error: string }>('/api/posts/')],
        ['read a post', () => api.json<{ error: string }>(`/api/posts/${post.id}/`)],
        [
          'comment (a write)',
          () =>
            api.json<{ error: string }>('/api/comments/', {
              method: 'POST',
              headers: authHeader(adminToken),
              body: { blog_post: post.id, text: 'Written during the outage' },
            }),
        ],
        [
          'save a calculation (a write in a transaction)',
          () =>
            api.json<{ error: string }>('/api/me/calculations/', {
              method: 'POST',
              headers: authHeader(adminToken),
              body: { tool: 'bmi-calculator', name: 'Saved during the outage', input: { weight: '70' } },
            }),
        ],
        ['sitemap', () => api.json<{ error: string }>('/sitemap.xml')],
        ['health', () => api.json<{ error: string }>('/api/health/')],
      ] as const) {
        const { result, ms } = await timed(call);
        expect(result.status, label).toBe(503);
        expect(ms, label).toBeLessThan(BOUND_MS);
        expect(Number(result.headers.get('retry-after')), label).toBeGreaterThan(0);
        if (label !== 'health') expect(result.body.error, label).toMatch(/^The database is unavailable/);
      }

      // A post's page cannot be rendered with its post: its prerendered page, which reads the post in
      // the browser, is sent as unavailable, never as the page of the post (decision 169).
      const page = await timed(() => fetch(new URL(`/posts/${post.id}`, running.url)));
      expect(page.result.status).toBe(503);
      expect(page.ms).toBeLessThan(BOUND_MS);
      expect(Number(page.result.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(page.result.headers.get('link')).toBeNull();
      expect(await page.result.text()).toContain(LOADING_POST);

      await proxy.restore();
      // Recovery without a restart: the same server answers again once the database is back.
      const deadline = Date.now() + 30_000;
      let health = await api.json('/api/health/');
      while (health.status !== 200 && Date.now() < deadline) health = await api.json('/api/health/');
      expect(health.status).toBe(200);
      const list = await api.json<PageBody<PostBody>>('/api/posts/');
      expect(list.status).toBe(200);
      const sitemap = await fetch(new URL('/sitemap.xml', running.url));
      expect(await sitemap.text()).toContain(`/posts/${post.id}</loc>`);
      const back = await fetch(new URL(`/posts/${post.id}`, running.url));
      expect(back.status).toBe(200);
      expect(back.headers.get('link')).toMatch(new RegExp(`/posts/${post.id}>; rel="canonical"$`));
      await back.body?.cancel();
      // The comment refused during the outage was not stored behind the client's back.
      const comments = await api.json<{ count: number }>(`/api/comments/?blog_post=${post.id}`);
      expect(comments.body.count).toBe(0);
      expect((await api.json<PostBody>(`/api/posts/${post.id}/`)).body.number_of_comments).toBe(0);
      const saved = await api.json<{ count: number }>('/api/me/calculations/', {
        headers: authHeader(adminToken),
      });
      expect(saved.body.count).toBe(0);
    }, 120_000);

    it('answers a write 503 while the database takes no writes (a failover), and health says so', async () => {
      const admin = postgres(process.env.TEST_DATABASE_URL as string, { max: 1, onnotice: () => {} });
      /** Sets the database read-only or not, for the sessions opened from now on, and ends the app's. */
      const setReadOnly = async (on: boolean) => {
        await admin.unsafe(
          `ALTER DATABASE "${scratch.name}" ${on ? 'SET default_transaction_read_only = on' : 'RESET default_transaction_read_only'}`,
        );
        await admin`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = ${scratch.name} and pid <> pg_backend_pid()`;
      };
      /** Health, asked until it answers `database` (the app's connections are renewed meanwhile). */
      const healthSaying = async (database: string) => {
        const deadline = Date.now() + 30_000;
        let health = await api.json<{ database: string }>('/api/health/');
        while (health.body.database !== database && Date.now() < deadline)
          health = await api.json<{ database: string }>('/api/health/');
        return health;
      };
      try {
        await setReadOnly(true);
        const health = await healthSaying('read-only');
        expect(health.status).toBe(503);
        expect(health.body).toEqual({ status: 'error', database: 'read-only' });
        expect(Number(health.headers.get('retry-after'))).toBeGreaterThan(0);

        // Reads are served; a write is refused honestly, not as the server's own failure.
        expect((await api.json(`/api/posts/${post.id}/`)).status).toBe(200);
        const comment = await api.json<{ error: string }>('/api/comments/', {
          method: 'POST',
          headers: authHeader(adminToken),
          body: { blog_post: post.id, text: 'Written to a standby' },
        });
        expect(comment.status).toBe(503);
        expect(comment.body.error).toMatch(/^The database is unavailable/);
        expect(Number(comment.headers.get('retry-after'))).toBeGreaterThan(0);
        const signIn = await api.json<{ error: string }>('/api/login/', {
          method: 'POST',
          body: { username: ADMIN.username, password: ADMIN.password },
        });
        expect(signIn.status).toBe(503);
      } finally {
        await setReadOnly(false);
        await admin.end({ timeout: 5 });
      }
      expect((await healthSaying('ok')).status).toBe(200);
      const comments = await api.json<{ count: number }>(`/api/comments/?blog_post=${post.id}`);
      expect(comments.body.count).toBe(0);
    }, 120_000);
  });
}
