import type { AddressInfo } from 'node:net';
import { connect } from 'node:net';
import { serve } from '@hono/node-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApp } from './app';
import type { Database } from './db/client';
import { createLogger } from './logger';

const lines: string[] = [];
const logger = createLogger('debug', { log: (line) => lines.push(line), error: (line) => lines.push(line) });
/** The body is read before any query: a database that is never asked. */
const db = {} as Database;
let server: ReturnType<typeof serve>;
let port = 0;

beforeAll(async () => {
  const app = createApp({ db, logger });
  await new Promise<void>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve());
  });
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('a request whose client stops sending its body', () => {
  it.each(['closes', 'resets'] as const)(
    'is logged as the client having gone when it %s the connection, not as the database being down',
    async (way) => {
      lines.length = 0;
      const socket = connect({ port, host: '127.0.0.1' });
      await new Promise((resolve) => socket.once('connect', resolve));
      const received = new Promise((resolve) => server.once('request', resolve));
      socket.write(
        'POST /api/contact/ HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"name": "a',
      );
      await received;
      // The connection ends mid-body: closed (its sending side) or reset.
      if (way === 'closes') socket.end();
      else socket.resetAndDestroy();
      await expect
        .poll(() => lines.find((line) => line.includes('/api/contact/')), { timeout: 5000 })
        .toMatch(/client stopped sending/);
      expect(lines.join('\n')).not.toContain('database unavailable');
    },
  );
});
