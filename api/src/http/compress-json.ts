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

/**
 * `body` compressed with `encoding`: brotli at a fast level, or gzip. `smallest`: at the highest
 * levels, as the build compresses its files, for a body compressed once and sent many times.
 */
export function compressed(
  body: Uint8Array,
  encoding: 'br' | 'gzip',
  { smallest = false }: { smallest?: boolean } = {},
): Uint8Array<ArrayBuffer> {
  const bytes =
    encoding === 'br'
      ? brotliCompressSync(body, {
          params: { [constants.BROTLI_PARAM_QUALITY]: smallest ? constants.BROTLI_MAX_QUALITY : 5 },
        })
      : gzipSync(body, { level: smallest ? 9 : 6 });
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** Statuses whose answers never have a body. */
const NO_BODY = new Set([101, 103, 204, 205, 304]);

/** Adds `Accept-Encoding` to the answer's `Vary` unless it is there. */
function varyOnEncoding(headers: Headers) {
  const vary = headers.get('Vary');
  if (!vary?.toLowerCase().includes('accept-encoding')) {
    headers.set('Vary', vary ? `${vary}, Accept-Encoding` : 'Accept-Encoding');
  }
}

/** `type`: the content type compressed (the sitemap's XML goes through here too). */
export function compressJson(type = 'application/json'): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const res = c.res;
    // A 304 stands for the answer it confirms, and says what that answer varies on (RFC 9110, 15.4.5).
    if (res.status === 304) return varyOnEncoding(res.headers);
    // Status and headers only until the body must be compressed: reading the body, or replacing
    // the answer, turns the server's light answer (bytes sent as they are) into a stream.
    if (c.req.method === 'HEAD' || NO_BODY.has(res.status) || res.headers.has('Content-Encoding')) return;
    if (!res.headers.get('Content-Type')?.startsWith(type)) return;
    // Sent compressed or not depending on the request's Accept-Encoding (and the answer's size).
    varyOnEncoding(res.headers);
    const encoding = pickEncoding(c.req.header('Accept-Encoding'));
    if (!encoding) return;
    // A length already known to be small (kept answers carry theirs): nothing to compress or read.
    if (Number(res.headers.get('Content-Length') ?? Number.NaN) < COMPRESS_THRESHOLD_BYTES) return;
    const body = new Uint8Array(await res.arrayBuffer());
    const sent = body.length < COMPRESS_THRESHOLD_BYTES ? body : compressed(body, encoding);
    // Hono copies the old answer's headers onto the new one: set ours after the swap.
    c.res = new Response(sent, { status: res.status, headers: res.headers });
    c.res.headers.set('Content-Length', String(sent.length));
    if (sent !== body) c.res.headers.set('Content-Encoding', encoding);
  };
}
