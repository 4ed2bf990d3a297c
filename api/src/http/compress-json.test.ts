import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { compressJson, pickEncoding } from './compress-json';

const XML = 'application/xml; charset=utf-8';
const large = `<urlset>${'<url><loc>https://toolbox.example/</loc></url>'.repeat(40)}</urlset>`;

/** An app answering `body` as `type` at `/`, through compressJson(`compressed`). */
function appAnswering(body: string, type: string, compressed?: string) {
  const app = new Hono();
  app.use(compressJson(compressed));
  app.get('/', (c) => c.body(body, 200, { 'Content-Type': type }));
  return app;
}

describe('compressJson', () => {
  it('compresses answers of the type it is given, as the request accepts', async () => {
    const app = appAnswering(large, XML, XML);
    const br = await app.request('/', { headers: { 'Accept-Encoding': 'gzip, br' } });
    expect(br.headers.get('Content-Encoding')).toBe('br');
    expect(br.headers.get('Vary')).toBe('Accept-Encoding');
    expect(brotliDecompressSync(Buffer.from(await br.arrayBuffer())).toString()).toBe(large);
    const gzip = await app.request('/', { headers: { 'Accept-Encoding': 'gzip' } });
    expect(gzip.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gzip.arrayBuffer())).toString()).toBe(large);
  });

  it('leaves other types, small answers and requests accepting neither as they are', async () => {
    const json = await appAnswering(large, XML).request('/', { headers: { 'Accept-Encoding': 'br' } });
    expect(json.headers.get('Content-Encoding')).toBeNull();
    expect(await json.text()).toBe(large);
    const small = await appAnswering('<urlset/>', XML, XML).request('/', {
      headers: { 'Accept-Encoding': 'br' },
    });
    expect(small.headers.get('Content-Encoding')).toBeNull();
    expect(small.headers.get('Vary')).toBe('Accept-Encoding');
    const identity = await appAnswering(large, XML, XML).request('/', {
      headers: { 'Accept-Encoding': 'identity' },
    });
    expect(identity.headers.get('Content-Encoding')).toBeNull();
    expect(await identity.text()).toBe(large);
  });
});

describe('pickEncoding', () => {
  it('prefers brotli, honours q=0 and the wildcard', () => {
    expect(pickEncoding('gzip, deflate, br')).toBe('br');
    expect(pickEncoding('br;q=0, gzip')).toBe('gzip');
    expect(pickEncoding('br;q=0.5, gzip;q=0.8')).toBe('gzip');
    expect(pickEncoding('*')).toBe('br');
    expect(pickEncoding('identity')).toBeNull();
    expect(pickEncoding(undefined)).toBeNull();
  });
});
