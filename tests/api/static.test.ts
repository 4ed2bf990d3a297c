import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { describeEachDatabase } from '../support/server';

const platform = mkdtempSync(join(tmpdir(), 'toolbox-platform-'));
writeFileSync(
  join(platform, 'index.html'),
  '<!doctype html><title>Toolbox test shell</title><div id="root"></div>',
);
writeFileSync(join(platform, 'sw.js'), 'self.addEventListener("install", () => {});');
mkdirSync(join(platform, 'assets'));
writeFileSync(join(platform, 'assets', 'index-a1b2c3d4.js'), 'export const answer = 42;');
afterAll(() => rmSync(platform, { recursive: true, force: true }));

describeEachDatabase(
  'platform files beside the API',
  (api) => {
    it('serves the app shell at /', async () => {
      const res = await api.request('/');
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toContain('text/html');
      expect(await res.text()).toContain('Toolbox test shell');
    });

    it('answers a deep link with index.html, revalidated on each load', async () => {
      const res = await api.request('/some/deep/link');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('Toolbox test shell');
    });

    it('caches hashed assets for a year and revalidates the service worker', async () => {
      const asset = await api.request('/assets/index-a1b2c3d4.js');
      expect(asset.status).toBe(200);
      expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await asset.text()).toContain('answer = 42');
      const worker = await api.request('/sw.js');
      expect(worker.status).toBe(200);
      expect(worker.headers.get('cache-control')).toBe('no-cache');
    });

    it('answers a missing asset with 404 instead of the app shell', async () => {
      const res = await api.request('/assets/index-gone.js');
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain('Toolbox test shell');
    });

    it('keeps the API in charge of /api: JSON 404 for unknown paths, health still answers', async () => {
      const missing = await api.json('/api/nope');
      expect(missing.status).toBe(404);
      expect(missing.headers.get('content-type')).toContain('application/json');
      expect(missing.body).toEqual({ error: 'Not found.' });
      expect((await api.json('/api/health/')).body).toEqual({ status: 'ok', database: 'ok' });
    });

    it('answers 503 with a message, not a failure, while index.html is being replaced', async () => {
      const shell = join(platform, 'index.html');
      const html = '<!doctype html><title>Toolbox test shell</title><div id="root"></div>';
      rmSync(shell);
      try {
        const page = await api.json('/profile');
        expect(page.status).toBe(503);
        expect(page.headers.get('retry-after')).toBe('5');
        expect(page.body).toEqual({ error: 'The app is being updated. Try again in a moment.' });
        expect((await api.request('/assets/index-a1b2c3d4.js')).status).toBe(200);
      } finally {
        writeFileSync(shell, html);
      }
      expect((await api.request('/profile')).status).toBe(200);
    });
  },
  { staticDir: platform },
);
