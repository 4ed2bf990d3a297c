/**
 * Conditional reads (decision 032): every 200 answer to a GET under a router that uses
 * `conditionalReads` carries a weak `ETag` (SHA-1 of the body before it is compressed, so the same
 * for its identity, gzip and brotli forms, as only a weak tag may be: decision 125) and answers `If-None-Match`
 * with `304 Not Modified`, and says how it may be cached: `no-cache` (store, but ask again each
 * time) for an anonymous caller, `private, no-cache` when the answer depends on who asks. The
 * answer varies with `Authorization`, which decides who asks.
 */
import type { MiddlewareHandler } from 'hono';
import { etag } from 'hono/etag';
import type { AppEnv } from '../env';

const tagged = etag({ weak: true });

export const PUBLIC_READ = 'no-cache';
export const PRIVATE_READ = 'private, no-cache';

/** `always: 'private'` for answers that are personal even when anonymous callers could read them. */
export function conditionalReads({ always }: { always?: 'private' } = {}): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return next();
    return tagged(c, async () => {
      await next();
      // On the answer's own headers: Hono's c.header() would rebuild a finished answer as a stream.
      c.res.headers.append('Vary', 'Authorization');
      if (c.res.status !== 200 || c.res.headers.has('Cache-Control')) return;
      c.res.headers.set('Cache-Control', always === 'private' || c.get('user') ? PRIVATE_READ : PUBLIC_READ);
    });
  };
}
