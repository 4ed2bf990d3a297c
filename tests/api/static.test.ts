import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { get as httpGet, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
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
// As the build leaves them: a prerendered page with its inline script, brotli and gzip copies.
const SCHEME_SCRIPT = "document.documentElement.dataset.scheme='dark'";
const bundle = `export const big = ${JSON.stringify('x'.repeat(4000))};`;
writeFileSync(join(platform, 'assets', 'big-0f0f0f0f.js'), bundle);
writeFileSync(join(platform, 'assets', 'big-0f0f0f0f.js.br'), brotliCompressSync(bundle));
writeFileSync(join(platform, 'assets', 'big-0f0f0f0f.js.gz'), gzipSync(bundle));
mkdirSync(join(platform, 'pages'));
writeFileSync(
  join(platform, 'pages', 'bmi-calculator.html'),
  `<!doctype html><title>BMI prerendered</title><script>${SCHEME_SCRIPT}</script><h1>BMI Calculator</h1>`,
);
writeFileSync(join(platform, 'pages', 'index.html'), '<!doctype html><title>Home prerendered</title>');
// A page prerendered once for every path of a route with a parameter (decision 140).
mkdirSync(join(platform, 'pages', 'posts'));
writeFileSync(
  join(platform, 'pages', 'posts', '$id.html'),
  `<!doctype html><title>Post prerendered</title><script>${SCHEME_SCRIPT}</script>`,
);
// The app's route patterns and its not-found page, as the build writes them.
writeFileSync(
  join(platform, 'pages', 'routes.json'),
  JSON.stringify([
    '/',
    '/bmi-calculator',
    '/dashboard',
    '/profile',
    { path: '/posts/$id', params: { id: 'id' } },
  ]),
);
writeFileSync(join(platform, 'pages', '404.html'), '<!doctype html><title>Not found prerendered</title>');
afterAll(() => rmSync(platform, { recursive: true, force: true }));

describeEachDatabase(
  'platform files beside the API',
  (api) => {
    it('serves the prerendered Home at /, and the app shell at a path without a prerendered page', async () => {
      const home = await api.request('/');
      expect(home.status).toBe(200);
      expect(home.headers.get('content-type')).toContain('text/html');
      expect(await home.text()).toContain('Home prerendered');
      const res = await api.request('/dashboard');
      expect(res.status).toBe(200);
      expect(await res.text()).toContain('Toolbox test shell');
    });

    it('serves the prerendered page of a path, with or without a trailing slash', async () => {
      for (const path of ['/bmi-calculator', '/bmi-calculator/']) {
        const res = await api.request(path);
        expect(res.status).toBe(200);
        expect(res.headers.get('cache-control')).toBe('no-cache');
        expect(await res.text()).toContain('<h1>BMI Calculator</h1>');
      }
    });

    it('names the canonical address of a prerendered page, its query and trailing slash left out (decision 168)', async () => {
      for (const [path, canonical] of [
        ['/', '/'],
        ['/bmi-calculator/?weight=70&height=1.75', '/bmi-calculator'],
        ['/posts/7?ref=share', '/posts/7'],
      ] as const) {
        const res = await api.request(path);
        expect(res.headers.get('link'), path).toBe(`<${api.url}${canonical}>; rel="canonical"`);
      }
      // The shell of a signed-in page, a not-found page and a file are not pages for search engines.
      for (const path of ['/dashboard', '/no/such/page', '/sw.js']) {
        expect((await api.request(path)).headers.get('link'), path).toBeNull();
      }
    });

    it('puts a strict content security policy and a permissions policy on every HTML answer', async () => {
      const hash = `'sha256-${createHash('sha256').update(SCHEME_SCRIPT).digest('base64')}'`;
      for (const path of ['/', '/bmi-calculator', '/posts/7', '/some/deep/link', '/index.html']) {
        const res = await api.request(path);
        const csp = res.headers.get('content-security-policy') ?? '';
        const directives = new Map(
          csp.split(';').map((part) => {
            const [name = '', ...values] = part.trim().split(/\s+/);
            return [name, values] as const;
          }),
        );
        expect(directives.get('default-src')).toEqual(["'self'"]);
        expect(directives.get('script-src')).toEqual(
          path === '/bmi-calculator' || path === '/posts/7' ? ["'self'", hash] : ["'self'"],
        );
        expect(directives.get('object-src')).toEqual(["'none'"]);
        expect(directives.get('base-uri')).toEqual(["'none'"]);
        expect(directives.get('frame-ancestors')).toEqual(["'none'"]);
        expect(csp).not.toContain('unsafe-eval');
        expect(res.headers.get('permissions-policy')).toContain('camera=()');
      }
      const script = await api.request('/assets/index-a1b2c3d4.js');
      expect(script.headers.get('content-security-policy')).toBeNull();
    });

    it('sends the precompressed copy the request accepts, brotli first, and says it varies', async () => {
      const asked = async (acceptEncoding: string) => {
        const res = await api.request('/assets/big-0f0f0f0f.js', {
          headers: { 'Accept-Encoding': acceptEncoding },
        });
        expect(res.status).toBe(200);
        expect(res.headers.get('vary')).toBe('Accept-Encoding');
        expect(res.headers.get('content-type')).toContain('javascript');
        expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
        return {
          encoding: res.headers.get('content-encoding'),
          length: Number(res.headers.get('content-length')),
        };
      };
      expect(await asked('gzip, deflate, br, zstd')).toEqual({
        encoding: 'br',
        length: brotliCompressSync(bundle).length,
      });
      expect(await asked('gzip')).toEqual({ encoding: 'gzip', length: gzipSync(bundle).length });
      expect(await asked('identity')).toEqual({ encoding: null, length: bundle.length });
    });

    it('compresses API JSON over 1 KB as the request accepts, and leaves small answers alone', async () => {
      const raw = (path: string, acceptEncoding: string) =>
        new Promise<{ headers: IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
          // node:http does not decode: the bytes as sent.
          httpGet(new URL(path, api.url), { headers: { 'Accept-Encoding': acceptEncoding } }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (chunk: Buffer) => chunks.push(chunk));
            res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
          }).on('error', reject);
        });
      const plain = await raw('/api/data/currencies', 'identity');
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body.length).toBeGreaterThan(1024);
      expect(plain.headers.vary).toContain('Accept-Encoding');
      const br = await raw('/api/data/currencies', 'gzip, br');
      expect(br.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(br.body).equals(plain.body)).toBe(true);
      expect(br.body.length).toBeLessThan(plain.body.length / 2);
      const gzip = await raw('/api/data/currencies', 'gzip');
      expect(gzip.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gzip.body).equals(plain.body)).toBe(true);
      const health = await raw('/api/health/', 'gzip, br');
      expect(health.headers['content-encoding']).toBeUndefined();
      expect(JSON.parse(health.body.toString())).toEqual({ status: 'ok', database: 'ok' });
    });

    it('answers a path no route matches with the prerendered 404 page, as a 404 with its policies', async () => {
      // A post's path whose id is not an id (decision 144) is no post's.
      for (const path of [
        '/no-such-page',
        '/posts/1/more',
        '/posts/abc',
        '/posts/0',
        '/404',
        '/some/deep/link',
      ]) {
        const res = await api.request(path);
        expect(res.status, path).toBe(404);
        expect(res.headers.get('content-type')).toContain('text/html');
        expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
        expect(await res.text()).toContain('Not found prerendered');
      }
    });

    it('answers a deep link to a client route with index.html, revalidated on each load', async () => {
      const res = await api.request('/profile/');
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('Toolbox test shell');
    });

    it('answers every path of a route with a parameter with the page prerendered for its pattern', async () => {
      for (const path of ['/posts/42', '/posts/1/']) {
        const res = await api.request(path);
        expect(res.status, path).toBe(200);
        expect(res.headers.get('cache-control')).toBe('no-cache');
        expect(await res.text()).toContain('Post prerendered');
      }
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
