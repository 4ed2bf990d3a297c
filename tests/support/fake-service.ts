/**
 * What every fake outside service of the tests shares (fake-provider.ts, fake-pixabay.ts,
 * fake-router.ts): an HTTP server on loopback that records each request, gives the proper answer
 * in mode `ok` or misbehaves as `mode` says, and can be stopped (the service is down) and started
 * again on the same port.
 */
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeMode =
  /** Proper answers. */
  | 'ok'
  /** 200 with an HTML page. */
  | 'html'
  /** 200 with JSON of the wrong shape. */
  | 'wrong-shape'
  /** 500 with a JSON error. */
  | 'error-500'
  /** Answers only after `slowMs`. */
  | 'slow'
  /** Closes the connection without answering. */
  | 'cut';

export interface FakeRequest {
  method: string;
  url: URL;
  headers: IncomingHttpHeaders;
  /** The request's body as text ('' without one). */
  body: string;
}

/** Answers the request: a string or Buffer goes as it is, anything else as JSON. */
export type Send = (status: number, body: unknown, type?: string) => void;

export interface FakeServiceOptions {
  /** The proper answer, in mode `ok` (and `slow`, late). */
  respond(request: FakeRequest, send: Send): void;
  /** The page mode `html` answers with. */
  htmlPage: string;
  /** What mode `wrong-shape` answers: JSON (or text) the client cannot use. */
  wrongShape(request: FakeRequest): unknown;
  /** How a request is written into `requests`; default `path?query`. */
  record?(request: FakeRequest): string;
}

export interface FakeService {
  /** `http://127.0.0.1:<port>` */
  origin: string;
  /** `127.0.0.1:<port>`: what the API names as the source. */
  host: string;
  mode: FakeMode;
  slowMs: number;
  /** Every request, as `record` writes it, in order. */
  requests: string[];
  /** How many recorded requests start with `prefix`. */
  count(prefix: string): number;
  /** Proper answers, after the default delay, with no requests recorded. */
  resetService(): void;
  /** Takes the service off the network: connections are cut, late answers dropped. */
  stop(): Promise<void>;
  /** Brings it back on the same port. */
  start(): Promise<void>;
}

const DEFAULT_SLOW_MS = 3000;

export async function startFakeService(options: FakeServiceOptions): Promise<FakeService> {
  let server: Server | undefined;
  let port = 0;
  const pending = new Set<NodeJS.Timeout>();
  const record = options.record ?? (({ url }: FakeRequest) => `${url.pathname}${url.search}`);

  const service: FakeService = {
    origin: '',
    host: '',
    mode: 'ok',
    slowMs: DEFAULT_SLOW_MS,
    requests: [],
    count: (prefix) => service.requests.filter((line) => line.startsWith(prefix)).length,
    resetService() {
      service.mode = 'ok';
      service.slowMs = DEFAULT_SLOW_MS;
      service.requests.length = 0;
    },
    async start() {
      if (server) return;
      const created = createServer(async (req, res) => {
        const send: Send = (status, body, type = 'application/json') => {
          res.writeHead(status, { 'Content-Type': type });
          res.end(typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body));
        };
        const chunks: Buffer[] = [];
        for await (const chunk of req) chunks.push(chunk as Buffer);
        const request: FakeRequest = {
          method: req.method ?? 'GET',
          url: new URL(req.url ?? '/', service.origin),
          headers: req.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        };
        service.requests.push(record(request));
        switch (service.mode) {
          case 'ok':
            return options.respond(request, send);
          case 'html':
            return send(200, options.htmlPage, 'text/html');
          case 'wrong-shape':
            return send(200, options.wrongShape(request));
          case 'error-500':
            return send(500, { error: 'internal' });
          case 'slow': {
            const timer = setTimeout(() => {
              pending.delete(timer);
              options.respond(request, send);
            }, service.slowMs);
            pending.add(timer);
            return;
          }
          case 'cut':
            return req.socket.destroy();
        }
      });
      await new Promise<void>((resolve, reject) => {
        created.once('error', reject);
        created.listen(port, '127.0.0.1', () => resolve());
      });
      server = created;
      port = (created.address() as AddressInfo).port;
      service.origin = `http://127.0.0.1:${port}`;
      service.host = `127.0.0.1:${port}`;
    },
    async stop() {
      const running = server;
      if (!running) return;
      server = undefined;
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
      running.closeAllConnections();
      await new Promise<void>((resolve) => running.close(() => resolve()));
    },
  };
  await service.start();
  return service;
}
