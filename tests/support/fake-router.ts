/**
 * A fake live routing provider on loopback, for the /api/data/route/ tests. It answers an OSRM
 * server's `GET /route/v1/driving/{lon},{lat};{lon},{lat}?overview=full&geometries=geojson` and
 * OpenRouteService's `POST /v2/directions/driving-car/geojson` (only with the key `fake-ors-key` in
 * `Authorization`), with a road `roadFactor` × the straight distance and a line through a bend
 * point, or misbehaves as `mode` says (`wrong-shape`: JSON that is no route). It records the requests it gets.
 */
import {
  type FakeMode,
  type FakeRequest,
  type FakeService,
  type Send,
  startFakeService,
} from './fake-service';

export const FAKE_ORS_KEY = 'fake-ors-key';

export type FakeRouterMode = Extract<FakeMode, 'ok' | 'slow' | 'wrong-shape' | 'html'>;

export interface FakeRouter extends FakeService {
  /** `http://127.0.0.1:<port>`: OSRM_URL and ORS_URL. */
  origin: string;
  mode: FakeRouterMode;
  /** The distance it answers, in metres, for any pair of points. */
  distance: number;
  /** Each request as `METHOD path?query`, with the Authorization header after a space when sent. */
  requests: string[];
  reset(): void;
}

export async function startFakeRouter(): Promise<FakeRouter> {
  const service = await startFakeService({
    respond: (request, send) => respond(request, send),
    htmlPage: '<!doctype html><p>Rate limit exceeded</p>',
    wrongShape: () => ({ code: 'Ok', routes: [{ distance: 'far', geometry: null }] }),
    record: ({ method, url, headers }) =>
      `${method} ${url.pathname}${url.search}${headers.authorization ? ` ${headers.authorization}` : ''}`,
  });
  const fake = Object.assign(service as FakeService & { mode: FakeRouterMode }, {
    distance: 241_234.5,
    reset() {
      service.resetService();
      fake.distance = 241_234.5;
    },
  });

  /** From start to end through a bend half a degree north of the midpoint, [lon, lat]. */
  function line(from: [number, number], to: [number, number]): [number, number][] {
    const bend: [number, number] = [(from[0] + to[0]) / 2, (from[1] + to[1]) / 2 + 0.5];
    return [from, bend, to];
  }

  function respond({ method, url, headers, body }: FakeRequest, send: Send) {
    const osrm = /^\/route\/v1\/driving\/([-\d.]+),([-\d.]+);([-\d.]+),([-\d.]+)$/.exec(url.pathname);
    if (method === 'GET' && osrm) {
      const [, lon1, lat1, lon2, lat2] = osrm.map(Number) as number[];
      return send(200, {
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
    if (method === 'POST' && url.pathname === '/v2/directions/driving-car/geojson') {
      if (headers.authorization !== FAKE_ORS_KEY) {
        return send(403, { error: 'Access to this API has been disallowed' });
      }
      const { coordinates } = JSON.parse(body) as { coordinates: [number, number][] };
      const [from, to] = coordinates as [[number, number], [number, number]];
      return send(200, {
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
    send(404, { error: 'no such path' });
  }

  return fake;
}
