/**
 * A fake live routing provider on loopback, for the /api/data/route/ tests. It answers an OSRM
 * server's `GET /route/v1/driving/{lon},{lat};{lon},{lat}?overview=full&geometries=geojson` and
 * OpenRouteService's `POST /v2/directions/driving-car/geojson` (only with the key `fake-ors-key` in
 * `Authorization`), with a road `roadFactor` × the straight distance and a line through a bend
 * point, or misbehaves as `mode` says. It records the requests it gets.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export const FAKE_ORS_KEY = 'fake-ors-key';

export type FakeRouterMode =
  /** Proper answers. */
  | 'ok'
  /** Answers only after 3 s. */
  | 'slow'
  /** 200 with JSON that is no route. */
  | 'garbage'
  /** 200 with an HTML page. */
  | 'html';

export interface FakeRouter {
  /** `http://127.0.0.1:<port>`: OSRM_URL and ORS_URL. */
  origin: string;
  mode: FakeRouterMode;
  /** The distance it answers, in metres, for any pair of points. */
  distance: number;
  /** Each request as `METHOD path?query`, with the Authorization header after a space when sent. */
  requests: string[];
  reset(): void;
  stop(): Promise<void>;
}

export async function startFakeRouter(): Promise<FakeRouter> {
  const pending = new Set<NodeJS.Timeout>();
  const server: Server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const fake: FakeRouter = {
    origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    mode: 'ok',
    distance: 241_234.5,
    requests: [],
    reset() {
      fake.mode = 'ok';
      fake.distance = 241_234.5;
      fake.requests.length = 0;
    },
    async stop() {
      for (const timer of pending) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };

  function send(res: ServerResponse, status: number, body: unknown, type = 'application/json') {
    res.writeHead(status, { 'Content-Type': type });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  }

  /** From start to end through a bend half a degree north of the midpoint, [lon, lat]. */
  function line(from: [number, number], to: [number, number]): [number, number][] {
    const bend: [number, number] = [(from[0] + to[0]) / 2, (from[1] + to[1]) / 2 + 0.5];
    return [from, bend, to];
  }

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', fake.origin);
    const auth = req.headers.authorization;
    fake.requests.push(`${req.method} ${url.pathname}${url.search}${auth ? ` ${auth}` : ''}`);
    const answer = () => respond(req, url, Buffer.concat(chunks).toString('utf8'), res);
    switch (fake.mode) {
      case 'ok':
        return answer();
      case 'slow': {
        const timer = setTimeout(() => {
          pending.delete(timer);
          answer();
        }, 3000);
        pending.add(timer);
        return;
      }
      case 'garbage':
        return send(res, 200, { code: 'Ok', routes: [{ distance: 'far', geometry: null }] });
      case 'html':
        return send(res, 200, '<!doctype html><p>Rate limit exceeded</p>', 'text/html');
    }
  }

  function respond(req: IncomingMessage, url: URL, body: string, res: ServerResponse) {
    const osrm = /^\/route\/v1\/driving\/([-\d.]+),([-\d.]+);([-\d.]+),([-\d.]+)$/.exec(url.pathname);
    if (req.method === 'GET' && osrm) {
      const [, lon1, lat1, lon2, lat2] = osrm.map(Number) as number[];
      return send(res, 200, {
        code: 'Ok',
        routes: [
          {
            distance: fake.distance,
            duration: 12_000,
            geometry: {
              type: 'LineString',
              coordinates: line([lon1 ?? 0, lat1 ?? 0], [lon2 ?? 0, lat2 ?? 0]),
            },
          },
        ],
        waypoints: [],
      });
    }
    if (req.method === 'POST' && url.pathname === '/v2/directions/driving-car/geojson') {
      if (req.headers.authorization !== FAKE_ORS_KEY) {
        return send(res, 403, { error: 'Access to this API has been disallowed' });
      }
      const { coordinates } = JSON.parse(body) as { coordinates: [number, number][] };
      const [from, to] = coordinates as [[number, number], [number, number]];
      return send(res, 200, {
        type: 'FeatureCollection',
        features: [
          {
            type: 'Feature',
            properties: { summary: { distance: fake.distance, duration: 12_000 } },
            geometry: { type: 'LineString', coordinates: line(from, to) },
          },
        ],
      });
    }
    send(res, 404, { error: 'no such path' });
  }

  return fake;
}
