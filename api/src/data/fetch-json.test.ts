import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchJson, ProviderError } from './fetch-json';

type Handler = (req: IncomingMessage, res: ServerResponse) => void;

/** A loopback server whose answer each test chooses. */
let handler: Handler = (_req, res) => res.end('{}');
let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((req, res) => handler(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const failure = async (promise: Promise<unknown>) => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return (error as ProviderError).message;
};

describe('fetchJson', () => {
  it('answers the parsed JSON', async () => {
    handler = (_req, res) => {
      res.setHeader('Content-Type', 'application/json');
      res.end(JSON.stringify({ rates: { EUR: 0.9 } }));
    };
    expect(await fetchJson(`${origin}/x`, { timeoutMs: 1000 })).toEqual({ rates: { EUR: 0.9 } });
  });

  it('refuses an error status', async () => {
    handler = (_req, res) => {
      res.statusCode = 503;
      res.end('{"error":"down"}');
    };
    expect(await failure(fetchJson(origin, { timeoutMs: 1000 }))).toMatch(/HTTP 503/);
  });

  it('refuses a body that is not JSON', async () => {
    handler = (_req, res) => res.end('<html><body>Gateway</body></html>');
    expect(await failure(fetchJson(origin, { timeoutMs: 1000 }))).toMatch(/not JSON/);
  });

  it('refuses a body larger than the cap, declared or streamed', async () => {
    handler = (_req, res) => res.end(JSON.stringify({ padding: 'x'.repeat(5000) }));
    expect(await failure(fetchJson(origin, { timeoutMs: 1000, maxBytes: 1000 }))).toMatch(/more than 1000/);
    handler = (_req, res) => {
      res.write('["');
      res.write('x'.repeat(3000));
      res.end('"]');
    };
    expect(await failure(fetchJson(origin, { timeoutMs: 1000, maxBytes: 1000 }))).toMatch(/more than 1000/);
  });

  it('gives up on a provider that does not answer in time', async () => {
    handler = () => {};
    const started = performance.now();
    expect(await failure(fetchJson(origin, { timeoutMs: 200 }))).toMatch(/no answer within 200 ms/);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('gives up on a body that trickles in past the deadline', async () => {
    handler = (_req, res) => {
      res.write('{"a":');
      setTimeout(() => res.end('1}'), 1000).unref();
    };
    expect(await failure(fetchJson(origin, { timeoutMs: 200 }))).toMatch(/no answer within 200 ms/);
  });

  it('reports a connection that is cut', async () => {
    handler = (req) => req.socket.destroy();
    expect(await failure(fetchJson(origin, { timeoutMs: 1000 }))).toMatch(/unreachable/);
  });

  it('reports a provider that is not there', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    expect(await failure(fetchJson(`http://127.0.0.1:${port}/`, { timeoutMs: 1000 }))).toMatch(/unreachable/);
  });
});
