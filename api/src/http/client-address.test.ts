import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { AppEnv } from '../env';
import { clientAddress } from './client-address';

function appTrusting(trustProxy: boolean) {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set('trustProxy', trustProxy);
    await next();
  });
  app.get('/', (c) => c.json({ address: clientAddress(c) }));
  return app;
}

/** What @hono/node-server passes as the environment: the incoming request and its socket. */
const socketFrom = (remoteAddress: string) => ({ incoming: { socket: { remoteAddress } } });

const addressOf = async (app: Hono<AppEnv>, headers: Record<string, string>, env?: object) =>
  ((await (await app.request('/', { headers }, env)).json()) as { address: string | null }).address;

describe('clientAddress', () => {
  it('uses the socket address and ignores X-Forwarded-For by default', async () => {
    const app = appTrusting(false);
    expect(await addressOf(app, { 'X-Forwarded-For': '203.0.113.7' }, socketFrom('198.51.100.2'))).toBe(
      '198.51.100.2',
    );
  });

  it('writes IPv4 peers of a dual-stack socket plainly', async () => {
    expect(await addressOf(appTrusting(false), {}, socketFrom('::ffff:127.0.0.1'))).toBe('127.0.0.1');
    expect(await addressOf(appTrusting(false), {}, socketFrom('2001:db8::1'))).toBe('2001:db8::1');
  });

  it('behind a trusted proxy, takes the last X-Forwarded-For entry (the one the proxy added)', async () => {
    const app = appTrusting(true);
    const socket = socketFrom('10.0.0.1');
    expect(await addressOf(app, { 'X-Forwarded-For': '1.2.3.4, 203.0.113.7' }, socket)).toBe('203.0.113.7');
    expect(await addressOf(app, { 'X-Forwarded-For': '203.0.113.7' }, socket)).toBe('203.0.113.7');
    // Garbage or nothing: the socket.
    expect(await addressOf(app, { 'X-Forwarded-For': 'not an address' }, socket)).toBe('10.0.0.1');
    expect(await addressOf(app, {}, socket)).toBe('10.0.0.1');
  });

  it('answers null when there is no socket (requests made in process)', async () => {
    expect(await addressOf(appTrusting(false), {})).toBeNull();
  });
});
