/**
 * Compresses JSON answers of the API larger than 1 KB: brotli when the request accepts it, else
 * gzip, with `Vary: Accept-Encoding`. JSON bodies are built in memory anyway, so they are compressed
 * in one go (brotli at a fast level: a list page is compressed in well under a millisecond). Files
 * (static, media, exports) are left alone: static files are precompressed at build time.
 */
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

export const COMPRESS_THRESHOLD_BYTES = 1024;

/** The accepted encoding we prefer, honouring `q=0`; null when neither brotli nor gzip is accepted. */
export function pickEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  if (!acceptEncoding) return null;
  const accepted = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    accepted.set(name.trim(), q ? Number(q.slice(2)) || 0 : 1);
  }
  const weight = (name: string) => accepted.get(name) ?? accepted.get('*') ?? 0;
  if (weight('br') > 0 && weight('br') >= weight('gzip')) return 'br';
  if (weight('gzip') > 0) return 'gzip';
  return null;
}

export function compressJson(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    if (c.req.method === 'HEAD' || !res.body || res.headers.has('Content-Encoding')) return;
    if (!res.headers.get('Content-Type')?.startsWith('application/json')) return;
    const body = new Uint8Array(await res.arrayBuffer());
    const encoding =
      body.length >= COMPRESS_THRESHOLD_BYTES ? pickEncoding(c.req.header('Accept-Encoding')) : null;
    const sent = !encoding
      ? body
      : encoding === 'br'
        ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
        : gzipSync(body, { level: 6 });
    // Hono copies the old answer's headers onto the new one: set ours after the swap.
    c.res = new Response(sent, res);
    c.res.headers.set('Content-Length', String(sent.length));
    if (body.length >= COMPRESS_THRESHOLD_BYTES) {
      const vary = c.res.headers.get('Vary');
      if (!vary?.toLowerCase().includes('accept-encoding')) {
        c.res.headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
      }
    }
    if (encoding) c.res.headers.set('Content-Encoding', encoding);
  };
}
