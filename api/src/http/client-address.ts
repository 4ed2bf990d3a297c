/**
 * The caller's network address, for rate limits and the contact log. By default it is the TCP
 * peer's address: `X-Forwarded-For` is whatever the client wants it to be. Behind one reverse proxy
 * (TRUST_PROXY=1), the proxy's own entry, the last one in `X-Forwarded-For`, is used instead.
 */
import { isIP } from 'node:net';
import { getConnInfo } from '@hono/node-server/conninfo';
import type { Context } from 'hono';
import type { AppEnv } from '../env';

export function clientAddress<E extends AppEnv>(c: Context<E>): string | null {
  if (c.get('trustProxy')) {
    const forwarded = c.req.header('X-Forwarded-For');
    const last = forwarded
      ?.split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
      .at(-1);
    if (last && isIP(normalise(last))) return normalise(last);
  }
  return socketAddress(c);
}

function socketAddress(c: Context): string | null {
  try {
    const address = getConnInfo(c).remote.address;
    return address ? normalise(address) : null;
  } catch {
    // Not served by @hono/node-server (e.g. `app.request()` in tests): no socket to ask.
    return null;
  }
}

/** `::ffff:127.0.0.1` (an IPv4 peer on a dual-stack socket) is `127.0.0.1`. */
function normalise(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped?.[1] ?? address;
}
