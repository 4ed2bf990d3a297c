/**
 * The data behind the fuel cost converter: GET /api/data/geocode/, /places/ (type-ahead) from the
 * offline gazetteer, and /route/ (with /route-map/, the same route drawn): the offline estimate, and
 * a live router (a fake OSRM server and a fake OpenRouteService on loopback) answering, timing out,
 * answering garbage, and the fallbacks.
 * The API's cache clock is a test clock moved forward by hand.
 */
import type { RouteAnswer, RouteMapAnswer } from '@toolbox/sdk';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_ORS_KEY, type FakeRouter, type FakeRouterMode, startFakeRouter } from '../support/fake-router';
import { describeEachDatabase, type TestServer } from '../support/server';

interface Place {
  name: string;
  lat: number;
  lon: number;
  country: string;
  population: number;
  source?: string;
}

const KAMPALA = '0.31628,32.58219';
const MBALE = '1.08209,34.17503';
/** The straight distance Kampala–Mbale (196.5 km). */
const KAMPALA_MBALE_M = 196_500;
const TIMEOUT_MS = 1000;
const DAY = 24 * 60 * 60 * 1000;

let clock = Date.now();
const now = () => clock;
const advance = (ms: number) => {
  clock += ms;
};

let osrm: FakeRouter;
let ors: FakeRouter;
beforeAll(async () => {
  osrm = await startFakeRouter();
  ors = await startFakeRouter();
});
afterAll(async () => {
  await osrm?.stop();
  await ors?.stop();
});

const geocode = (api: TestServer, query: string) => api.json<Place>(`/api/data/geocode/?${query}`);
const route = (api: TestServer, from: string, to: string) =>
  api.json<RouteAnswer>(`/api/data/route/?from=${from}&to=${to}`);
const routeMap = (api: TestServer, from: string, to: string) =>
  api.json<RouteMapAnswer>(`/api/data/route-map/?from=${from}&to=${to}`);
/** The points a path goes through: one per move or line command. */
const pointsOf = (d: string) => (d.match(/[ML]/g) ?? []).length;

describeEachDatabase('places and routes offline', (api) => {
  it('finds Kampala in Uganda, cacheable for a day', async () => {
    const { status, headers, body } = await geocode(api, 'q=Kampala&country=UG');
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('public, max-age=86400');
    expect(body).toMatchObject({ name: 'Kampala', country: 'UG', source: 'offline gazetteer (GeoNames)' });
    expect(body.lat).toBeCloseTo(0.3163, 3);
    expect(body.lon).toBeCloseTo(32.5822, 3);
  });

  it('takes the most populous match in the country: Mbale in Uganda, not the hamlet in Kenya', async () => {
    const uganda = (await geocode(api, 'q=Mbale&country=UG')).body;
    expect(uganda).toMatchObject({ name: 'Mbale', country: 'UG', population: 76_493 });
    expect(uganda.lat).toBeCloseTo(1.082, 3);
    expect(uganda.lon).toBeCloseTo(34.175, 3);
    const kenya = (await geocode(api, 'q=Mbale&country=KE')).body;
    expect(kenya).toMatchObject({ name: 'Mbale', country: 'KE' });
    expect(Math.abs(kenya.lat - uganda.lat) + Math.abs(kenya.lon - uganda.lon)).toBeGreaterThan(0.5);
    // Without a country, the most populous anywhere.
    expect((await geocode(api, 'q=Mbale')).body.country).toBe('UG');
    expect((await geocode(api, 'q=Mbale&country=')).body.country).toBe('UG');
  });

  it('answers 404 with the spec message for an unknown place', async () => {
    const { status, body } = await geocode(api, 'q=Xyzzyqwv&country=UG');
    expect(status).toBe(404);
    expect(body).toEqual({ error: 'Location not found: Xyzzyqwv' });
    // Known, but not in that country.
    expect(await geocode(api, 'q=Kampala&country=NO')).toMatchObject({
      status: 404,
      body: { error: 'Location not found: Kampala' },
    });
  });

  it('ignores accents, case and punctuation', async () => {
    for (const q of ['S%C3%A3o%20Paulo', 'SAO%20PAULO', 'sao-paulo', '%20s%C3%A3o%20paulo%20']) {
      const { status, body } = await geocode(api, `q=${q}&country=br`);
      expect(status, q).toBe(200);
      expect(body.name, q).toBe('São Paulo');
    }
    expect((await geocode(api, 'q=zurich&country=CH')).body.name).toBe('Zürich');
    expect((await geocode(api, 'q=KAMPALA&country=ug')).body.name).toBe('Kampala');
  });

  it('finds a place by the start of its name', async () => {
    expect((await geocode(api, 'q=Kampa&country=UG')).body.name).toBe('Kampala');
    expect((await geocode(api, 'q=nairo&country=KE')).body.name).toBe('Nairobi');
  });

  it('prefers an exact name to a longer one starting with it', async () => {
    const { body } = await api.json<Place[]>('/api/data/places/?q=Kampala&country=UG');
    expect(body[0]?.name).toBe('Kampala');
    expect(body.map((place) => place.name)).toContain('Kampala Central Division');
  });

  it('suggests up to 10 places for type-ahead, in the country, most populous first', async () => {
    const { status, body } = await api.json<Place[]>('/api/data/places/?q=Ka&country=UG');
    expect(status).toBe(200);
    expect(body).toHaveLength(10);
    expect(body[0]?.name).toBe('Kampala');
    for (const place of body) {
      expect(place.country).toBe('UG');
      expect(place.name.toLowerCase().startsWith('ka')).toBe(true);
    }
    const populations = body.map((place) => place.population);
    expect(populations).toEqual([...populations].sort((a, b) => b - a));
    expect((await api.json<Place[]>('/api/data/places/?q=Xyzzyqwv')).body).toEqual([]);
  });

  it('refuses a bad query with field errors', async () => {
    const cases: [string, Record<string, string[]>][] = [
      ['', { q: ['This field is required.'] }],
      ['q=%20%20', { q: ['Enter a place name.'] }],
      [`q=${'a'.repeat(101)}`, { q: ['Enter at most 100 characters.'] }],
      ['q=Kampala&country=UGA', { country: ['Enter a two-letter country code.'] }],
      ['q=Kampala&country=ZZ', { country: ['Unknown country code.'] }],
    ];
    for (const [query, errors] of cases) {
      for (const path of ['geocode', 'places']) {
        const { status, body } = await api.json(`/api/data/${path}/?${query}`);
        expect(status, `${path} ${query}`).toBe(400);
        expect(body, `${path} ${query}`).toEqual(errors);
      }
    }
  });

  it('answers a route as the great-circle distance × 1.3, marked as an estimate, with its line', async () => {
    const { status, body } = await route(api, KAMPALA, MBALE);
    expect(status).toBe(200);
    expect(body.source).toBe('estimate');
    expect(body.distance_m / KAMPALA_MBALE_M).toBeCloseTo(1.3, 2);
    expect(body.distance_m / 1000).toBeGreaterThan(200);
    expect(body.distance_m / 1000).toBeLessThan(320);
    expect(body.points.length).toBeGreaterThanOrEqual(2);
    expect(body.points[0]).toEqual([0.31628, 32.58219]);
    expect(body.points.at(-1)).toEqual([1.08209, 34.17503]);
  });

  it('is the same both ways, and accepts spaces around the comma', async () => {
    const there = (await route(api, KAMPALA, MBALE)).body;
    const back = (await route(api, MBALE, '0.31628%20,%2032.58219')).body;
    expect(back.distance_m).toBe(there.distance_m);
  });

  it('refuses points that are not latitude,longitude', async () => {
    const format = ['Enter a point as latitude,longitude (e.g. 0.3163,32.5822).'];
    const required = ['This field is required.'];
    expect(await api.json('/api/data/route/')).toMatchObject({
      status: 400,
      body: { from: required, to: required },
    });
    for (const bad of ['91,0', '0,181', 'Kampala', '0.3', '0.3,32.5,1', '1e2,3', '']) {
      const { status, body } = await route(api, encodeURIComponent(bad), MBALE);
      expect(status, bad).toBe(400);
      expect(body, bad).toEqual({ from: format });
    }
  });

  it('draws the route on a map: the countries in view, Uganda marked, the line and its two ends', async () => {
    const { status, headers, body } = await routeMap(api, KAMPALA, MBALE);
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('public, max-age=600');
    expect(body).toMatchObject({ width: 600, height: 360, source: 'estimate' });
    const byName = new Map(body.outlines.map((outline) => [outline.name, outline]));
    expect(byName.get('Uganda')).toMatchObject({ visited: true, d: expect.stringMatching(/^M[\d.,LMZ-]+$/) });
    expect(byName.get('Kenya')?.visited).toBe(false);
    expect(byName.has('Brazil')).toBe(false);
    // The estimate's line, as /route/ answers it, between the two ends, both on the map.
    expect(pointsOf(body.route)).toBe((await route(api, KAMPALA, MBALE)).body.points.length);
    expect(body.marks).toHaveLength(2);
    for (const { x, y } of body.marks) {
      expect(x).toBeGreaterThan(0);
      expect(x).toBeLessThan(600);
      expect(y).toBeGreaterThan(0);
      expect(y).toBeLessThan(360);
    }
  });

  it("draws a route to a pole on the map's edge, and a line between two ends of the Earth evenly", async () => {
    for (const [from, to] of [
      ['86,0', '86,10'],
      ['90,0', '1,34'],
      ['-90,0', '0,0'],
    ]) {
      const { status, body } = await routeMap(api, from as string, to as string);
      expect(status, `${from} to ${to}`).toBe(200);
      expect(JSON.stringify(body), `${from} to ${to}`).not.toMatch(/NaN|null/);
    }
    const { body } = await route(api, '0,0', '0,180');
    expect(body.points.map(([lat]) => lat)).toEqual(Array(17).fill(0));
    expect(body.points.map(([, lon]) => lon)).toEqual(
      [...body.points.map(([, lon]) => lon)].sort((a, b) => a - b),
    );
  });

  it('refuses a map between points that are not latitude,longitude', async () => {
    const { status, body } = await routeMap(api, KAMPALA, encodeURIComponent('Mbale'));
    expect(status).toBe(400);
    expect(body).toEqual({ to: ['Enter a point as latitude,longitude (e.g. 0.3163,32.5822).'] });
  });
});

describeEachDatabase(
  'route from a live OSRM server',
  (api) => {
    beforeEach(() => {
      osrm.reset();
      // Past the minute in which a failed provider is left alone.
      advance(2 * 60 * 1000);
    });

    it('answers the road distance and line of the provider, and caches it', async () => {
      const { status, headers, body } = await route(api, KAMPALA, MBALE);
      expect(status).toBe(200);
      expect(headers.get('cache-control')).toBe('public, max-age=600');
      expect(body).toEqual({
        distance_m: 241_235,
        points: [
          [0.31628, 32.58219],
          [1.19919, 33.37861],
          [1.08209, 34.17503],
        ],
        source: 'osrm',
      });
      expect(osrm.requests).toEqual([
        'GET /route/v1/driving/32.58219,0.31628;34.17503,1.08209?overview=full&geometries=geojson',
      ]);
      // Cached: the provider is not asked again, even when it is now broken.
      osrm.mode = 'wrong-shape';
      expect((await route(api, KAMPALA, MBALE)).body.source).toBe('osrm');
      expect(osrm.requests).toHaveLength(1);
      // The map draws the same road, from the cache.
      const map = await routeMap(api, KAMPALA, MBALE);
      expect(map.status).toBe(200);
      expect(map.body.source).toBe('osrm');
      expect(pointsOf(map.body.route)).toBe(3);
      expect(osrm.requests).toHaveLength(1);
    });

    it.each<[FakeRouterMode, string]>([
      ['slow', '2.0,30.0'],
      ['wrong-shape', '2.1,30.0'],
      ['html', '2.2,30.0'],
    ])('falls back to the estimate when the provider is %s', async (mode, from) => {
      osrm.mode = mode;
      const started = Date.now();
      const { status, headers, body } = await route(api, from, MBALE);
      expect(status).toBe(200);
      expect(body.source).toBe('estimate');
      expect(headers.get('cache-control')).toBe('no-store');
      expect(osrm.requests).toHaveLength(1);
      expect(Date.now() - started).toBeLessThan(2500);
      // Within the next minute the failed provider is left alone.
      expect((await route(api, from, KAMPALA)).body.source).toBe('estimate');
      expect(osrm.requests).toHaveLength(1);
    });

    it('serves an old cached route when the provider fails', async () => {
      expect((await route(api, '2.5,31.0', MBALE)).body.source).toBe('osrm');
      advance(31 * DAY);
      osrm.mode = 'html';
      const { body, headers } = await route(api, '2.5,31.0', MBALE);
      expect(body.source).toBe('osrm');
      expect(body.distance_m).toBe(241_235);
      expect(headers.get('cache-control')).toBe('no-store');
      expect(osrm.requests).toHaveLength(2);
    });

    it('asks again once a cached route is old', async () => {
      expect((await route(api, '2.6,31.0', MBALE)).body.distance_m).toBe(241_235);
      advance(31 * DAY);
      osrm.distance = 250_000;
      expect((await route(api, '2.6,31.0', MBALE)).body.distance_m).toBe(250_000);
    });
  },
  {
    providers: () => ({ route: { osrmUrl: osrm.origin }, timeoutMs: TIMEOUT_MS, now }),
  },
);

describeEachDatabase(
  'route from OpenRouteService, with the estimate switched off',
  (api) => {
    beforeEach(() => {
      ors.reset();
      advance(2 * 60 * 1000);
    });

    it('sends the key from the server and answers the provider route', async () => {
      const { status, body } = await route(api, KAMPALA, MBALE);
      expect(status).toBe(200);
      expect(body.source).toBe('openrouteservice');
      expect(body.distance_m).toBe(241_235);
      expect(body.points).toHaveLength(3);
      expect(ors.requests).toEqual([`POST /v2/directions/driving-car/geojson ${FAKE_ORS_KEY}`]);
      expect(JSON.stringify(body)).not.toContain(FAKE_ORS_KEY);
    });

    it('answers 503 "Could not retrieve route data" when neither can answer', async () => {
      ors.mode = 'slow';
      const { status, body } = await route(api, '3.0,31.0', MBALE);
      expect(status).toBe(503);
      expect(body).toEqual({ error: 'Could not retrieve route data' });
      expect(await routeMap(api, '3.0,31.0', MBALE)).toMatchObject({
        status: 503,
        body: { error: 'Could not retrieve route data' },
      });
    });
  },
  {
    providers: () => ({
      route: { orsApiKey: FAKE_ORS_KEY, orsUrl: ors.origin, circuity: null },
      timeoutMs: TIMEOUT_MS,
      now,
    }),
  },
);

describe('fake router', () => {
  it('refuses ORS requests without the key', async () => {
    ors.reset();
    const response = await fetch(`${ors.origin}/v2/directions/driving-car/geojson`, {
      method: 'POST',
      body: JSON.stringify({ coordinates: [] }),
    });
    expect(response.status).toBe(403);
  });
});
