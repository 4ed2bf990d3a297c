import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PlainPageServer, servePlainPage } from './plain-page-server';

const PAGE = '<!doctype html><title>BMI Calculator</title><h1>BMI Calculator</h1>';
const SCRIPT = 'export const answer = 42;';

describe('the plain page server of bench:steps', () => {
  let staticDir: string;
  let withPolicy: PlainPageServer;
  let without: PlainPageServer;

  beforeAll(async () => {
    staticDir = mkdtempSync(join(tmpdir(), 'toolbox-plain-page-'));
    mkdirSync(join(staticDir, 'pages'));
    mkdirSync(join(staticDir, 'assets'));
    writeFileSync(join(staticDir, 'pages', 'bmi-calculator.html'), PAGE);
    writeFileSync(join(staticDir, 'assets', 'entry-abc.js'), SCRIPT);
    writeFileSync(join(staticDir, 'assets', 'entry-abc.js.br'), brotliCompressSync(SCRIPT));
    writeFileSync(join(staticDir, 'sw.js'), 'self.skipWaiting();');
    withPolicy = await servePlainPage({ staticDir, page: 'bmi-calculator', openerPolicy: true });
    without = await servePlainPage({ staticDir, page: 'bmi-calculator', openerPolicy: false });
  });
  afterAll(async () => {
    await Promise.all([withPolicy?.close(), without?.close()]);
    rmSync(staticDir, { recursive: true, force: true });
  });

  it('serves the page at its path, revalidated by its ETag, with the opener policy only when asked', async () => {
    const first = await fetch(withPolicy.url);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(first.headers.get('cache-control')).toBe('no-cache');
    expect(first.headers.get('cross-origin-opener-policy')).toBe('same-origin');
    expect(await first.text()).toBe(PAGE);
    const etag = first.headers.get('etag') ?? '';
    expect(etag).toMatch(/^".+"$/);
    const again = await fetch(withPolicy.url, { headers: { 'if-none-match': etag } });
    expect(again.status).toBe(304);

    const plain = await fetch(without.url);
    expect(plain.status).toBe(200);
    expect(plain.headers.get('cross-origin-opener-policy')).toBeNull();
  });

  it('sends a built file as brotli when asked for it, else as it is', async () => {
    const url = new URL('/assets/entry-abc.js', without.url);
    const compressed = await fetch(url, { headers: { 'accept-encoding': 'br' } });
    expect(compressed.headers.get('content-encoding')).toBe('br');
    expect(compressed.headers.get('cache-control')).toContain('immutable');
    expect(await compressed.text()).toBe(SCRIPT); // fetch decodes it
    const identity = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    expect(identity.headers.get('content-encoding')).toBeNull();
    expect(await identity.text()).toBe(SCRIPT);
  });

  it('serves no service worker and nothing outside the page and its files', async () => {
    for (const path of ['/sw.js', '/api/health', '/assets/missing.js', '/assets/../sw.js', '/']) {
      expect((await fetch(new URL(path, without.url))).status, path).toBe(404);
    }
  });
});
