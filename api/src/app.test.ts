import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HTTPException } from 'hono/http-exception';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { BODY_LIMITS, createApp } from './app';
import type { Database } from './db/client';
import { createLogger } from './logger';
import { HEALTH_TIMEOUT_MS } from './routes/health';

/** Only what the routes under test touch: `execute`. */
const fakeDb = (execute: () => Promise<unknown>) => ({ execute }) as unknown as Database;
const healthyDb = fakeDb(async () => [{ '?column?': 1 }]);

function recordingLogger() {
  const lines: string[] = [];
  const logger = createLogger('debug', {
    log: (line) => lines.push(line),
    error: (line) => lines.push(line),
  });
  return { logger, lines };
}

describe('health', () => {
  it('answers 200 when the database answers', async () => {
    const app = createApp({ db: healthyDb, logger: createLogger('silent') });
    const res = await app.request('/api/health/');
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: 'ok', database: 'ok' });
  });

  it('answers 503 when the database fails, and logs why', async () => {
    const { logger, lines } = recordingLogger();
    const app = createApp({ db: fakeDb(() => Promise.reject(new Error('connection refused'))), logger });
    const res = await app.request('/api/health/');
    expect(res.status).toBe(503);
    const body = await res.text();
    expect(JSON.parse(body)).toEqual({ status: 'error', database: 'unavailable' });
    expect(body).not.toContain('refused');
    expect(lines.join('\n')).toContain('connection refused');
  });

  describe('with a database that never answers', () => {
    afterEach(() => {
      vi.useRealTimers();
    });
    it('gives up after the timeout with 503', async () => {
      vi.useFakeTimers();
      const app = createApp({ db: fakeDb(() => new Promise(() => {})), logger: createLogger('silent') });
      const pending = app.request('/api/health/');
      await vi.advanceTimersByTimeAsync(HEALTH_TIMEOUT_MS + 10);
      const res = await pending;
      expect(res.status).toBe(503);
    });
  });
});

describe('routing and errors', () => {
  const { logger, lines } = recordingLogger();
  const app = createApp({ db: healthyDb, logger });
  app.get('/api/boom', () => {
    throw new Error('secret detail at /home/app/src/thing.ts:12');
  });
  app.get('/api/forbidden', () => {
    throw new HTTPException(403, { message: 'You may not do that.' });
  });
  app.post('/api/echo', async (c) => c.json({ size: (await c.req.text()).length }));

  it('answers unknown /api paths with a JSON 404', async () => {
    for (const path of ['/api/nope', '/api/nope/', '/api/health/extra/', '/api']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(404);
      expect(res.headers.get('content-type')).toContain('application/json');
      expect(await res.json()).toEqual({ error: 'Not found.' });
    }
  });

  it('accepts paths with and without the trailing slash', async () => {
    expect((await app.request('/api/health')).status).toBe(200);
    expect((await app.request('/api/health/')).status).toBe(200);
  });

  it('answers 500 with a fixed message, never the error, and logs the error with its stack', async () => {
    lines.length = 0;
    const res = await app.request('/api/boom');
    expect(res.status).toBe(500);
    const body = await res.text();
    expect(JSON.parse(body)).toEqual({ error: 'Internal server error' });
    expect(body).not.toMatch(/secret|\.ts|at /);
    const logged = lines.join('\n');
    expect(logged).toContain('GET /api/boom failed');
    expect(logged).toContain('secret detail');
    expect(logged).toMatch(/\n\s+at /);
  });

  it('answers an HTTPException with its status and message as { error }', async () => {
    const res = await app.request('/api/forbidden');
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ error: 'You may not do that.' });
  });

  it('logs one line per request with method, path, status and time', async () => {
    lines.length = 0;
    await app.request('/api/nope/');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/INFO GET \/api\/nope\/ 404 \d+(\.\d+)?ms$/);
  });

  it('refuses JSON bodies over the limit with 413 and { error }', async () => {
    const big = 'x'.repeat(BODY_LIMITS.json + 1);
    const res = await app.request('/api/echo', {
      method: 'POST',
      body: big,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(res.status).toBe(413);
    expect(res.headers.get('connection')).toBe('close');
    expect(await res.json()).toHaveProperty('error');
    const fits = await app.request('/api/echo', {
      method: 'POST',
      body: 'x'.repeat(1000),
      headers: { 'Content-Type': 'application/json' },
    });
    expect(await fits.json()).toEqual({ size: 1000 });
  });

  it('allows larger multipart bodies (post images) up to their own limit', async () => {
    const form = new FormData();
    form.set('image', new Blob([new Uint8Array(BODY_LIMITS.json * 2)]), 'photo.png');
    const res = await app.request('/api/echo', { method: 'POST', body: form });
    expect(res.status).toBe(200);
    const tooBig = new FormData();
    tooBig.set('image', new Blob([new Uint8Array(BODY_LIMITS.multipart + 1)]), 'photo.png');
    expect((await app.request('/api/echo', { method: 'POST', body: tooBig })).status).toBe(413);
  });

  it('sends security headers', async () => {
    const res = await app.request('/api/health/');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('x-frame-options')).toBe('SAMEORIGIN');
  });
});

describe('static files of the platform', () => {
  let dir: string;
  let app: ReturnType<typeof createApp>;

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'toolbox-static-'));
    writeFileSync(join(dir, 'index.html'), '<!doctype html><title>Toolbox</title>');
    writeFileSync(join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    writeFileSync(join(dir, 'manifest.webmanifest'), '{"name": "Toolbox"}');
    mkdirSync(join(dir, 'assets'));
    writeFileSync(join(dir, 'assets', 'index-3f9a1c.js'), 'console.log(1);');
    app = createApp({ db: healthyDb, staticDir: dir, logger: createLogger('silent') });
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('serves index.html at / without long caching', async () => {
    const res = await app.request('/');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/html');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(await res.text()).toContain('<title>Toolbox</title>');
  });

  it('caches hashed assets for a year', async () => {
    const res = await app.request('/assets/index-3f9a1c.js');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('javascript');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
  });

  it('revalidates the service worker and other root files', async () => {
    for (const path of ['/sw.js', '/manifest.webmanifest']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe('no-cache');
    }
  });

  it('answers app routes with index.html (single-page app)', async () => {
    for (const path of ['/some/deep/link', '/posts/12', '/profile/']) {
      const res = await app.request(path);
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text(), path).toContain('<title>Toolbox</title>');
    }
  });

  it('answers a missing file with 404, not the app', async () => {
    for (const path of ['/assets/missing-123.js', '/missing.png']) {
      expect((await app.request(path)).status, path).toBe(404);
    }
  });

  it('keeps /api out of it: unknown API paths stay JSON 404 and the API still answers', async () => {
    const res = await app.request('/api/nope');
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: 'Not found.' });
    expect((await app.request('/api/health/')).status).toBe(200);
  });

  it('falls back only for GET and HEAD', async () => {
    expect((await app.request('/some/deep/link', { method: 'POST' })).status).toBe(404);
    expect((await app.request('/some/deep/link', { method: 'HEAD' })).status).toBe(200);
  });

  it('never serves files outside its folder', async () => {
    for (const path of ['/../package.json', '/%2e%2e/%2e%2e/etc/passwd', '/assets/..%2f..%2fetc/passwd']) {
      const res = await app.request(path);
      expect(await res.text(), path).not.toMatch(/root:|"name"/);
    }
  });
});

describe('draining (issue 16, item 2)', () => {
  it('answers health 503 and closes connections while the server shuts down', async () => {
    let draining = false;
    const app = createApp({ db: healthyDb, logger: createLogger('silent'), isDraining: () => draining });
    expect((await app.request('/api/health/')).status).toBe(200);
    draining = true;
    const res = await app.request('/api/health/');
    expect(res.status).toBe(503);
    expect(await res.json()).toEqual({ status: 'draining', database: 'unknown' });
    expect(res.headers.get('connection')).toBe('close');
  });
});
