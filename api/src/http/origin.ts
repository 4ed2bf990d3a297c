/**
 * The origin the caller used (`https://example.org`), for the absolute URLs the API answers with
 * (post images, share links). Behind a trusted proxy (TRUST_PROXY=1) the scheme comes from
 * `X-Forwarded-Proto`, since the proxy may have ended TLS; the host is the request's Host header.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../env';

export function requestOrigin(c: Context<AppEnv>): string {
  const url = new URL(c.req.url);
  if (c.get('trustProxy')) {
    const proto = c.req.header('X-Forwarded-Proto')?.split(',')[0]?.trim().toLowerCase();
    if (proto === 'http' || proto === 'https') url.protocol = `${proto}:`;
  }
  return url.origin;
}
