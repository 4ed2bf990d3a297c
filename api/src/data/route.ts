/**
 * Road distance between two points (docs/api.md, Data for the tools). Offline, no package ships a road network, so the
 * answer is the great-circle distance × a circuity factor (default 1.3, ROUTE_CIRCUITY), labelled
 * `source: "estimate"`. A live router can be configured on the server: OpenRouteService
 * (ORS_API_KEY, the key never leaves the server) or an OSRM server (OSRM_URL). Its answers are
 * cached in the database (data_cache); when it fails (down, slow, garbage) the estimate stands in.
 * With the estimate switched off (ROUTE_CIRCUITY=off) and no live answer, there is no route.
 */
import * as v from 'valibot';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import { LiveData } from './cache';
import { fetchJson, ProviderError } from './fetch-json';

export const DEFAULT_CIRCUITY = 1.3;
export const DEFAULT_ORS_URL = 'https://api.openrouteservice.org';
/** A road between two fixed points changes seldom: a cached route is served for 30 days. */
export const ROUTE_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
/** The most points a route line carries (a long provider geometry is thinned to this). */
export const MAX_ROUTE_POINTS = 400;
const EARTH_RADIUS_M = 6_371_008.8;

export type LatLon = [lat: number, lon: number];

export interface Route {
  distance_m: number;
  /** The line to draw, [lat, lon] pairs from start to end. */
  points: LatLon[];
  /** `estimate`, `openrouteservice` or `osrm`. */
  source: string;
}

export interface RouteProviderOptions {
  /** OpenRouteService key; when set, ORS is the live router. */
  orsApiKey?: string | undefined;
  /** Base of the ORS API (tests point it at a fake); default DEFAULT_ORS_URL. */
  orsUrl?: string | undefined;
  /** Base of an OSRM server (e.g. `https://router.project-osrm.org`); used when no ORS key is set. */
  osrmUrl?: string | undefined;
  /** The great-circle distance is multiplied by this; null switches the estimate off. */
  circuity?: number | null | undefined;
  timeoutMs: number;
  now?: (() => number) | undefined;
}

const radians = (degrees: number) => (degrees * Math.PI) / 180;
const degrees = (rad: number) => (rad * 180) / Math.PI;
const round5 = (x: number) => Math.round(x * 1e5) / 1e5;

/** Great-circle (haversine) distance in metres on the mean Earth radius. */
export function greatCircleMeters([lat1, lon1]: LatLon, [lat2, lon2]: LatLon): number {
  const dLat = radians(lat2 - lat1);
  const dLon = radians(lon2 - lon1);
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(radians(lat1)) * Math.cos(radians(lat2)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h)));
}

type Vector = [number, number, number];

const dot = (a: Vector, b: Vector) => a[0] * b[0] + a[1] * b[1] + a[2] * b[2];

/** `count` + 1 points along the great circle from `a` to `b` (both included). */
export function greatCircleLine(a: LatLon, b: LatLon, count = 16): LatLon[] {
  const toVector = ([lat, lon]: LatLon): Vector => [
    Math.cos(radians(lat)) * Math.cos(radians(lon)),
    Math.cos(radians(lat)) * Math.sin(radians(lon)),
    Math.sin(radians(lat)),
  ];
  // Under a metre apart there is nothing to draw between them (and acos is imprecise there).
  if (greatCircleMeters(a, b) < 1) return [a, b];
  const start = toVector(a);
  const end = toVector(b);
  const angle = Math.acos(Math.min(1, Math.max(-1, dot(start, end))));
  // The way from `start` toward `end`, a quarter turn on: `end` less its part along `start`. Two
  // points at opposite ends of the Earth have no one great circle between them: the line goes east
  // from `start` (north along the meridian from a pole).
  let toward: Vector = [
    end[0] - start[0] * Math.cos(angle),
    end[1] - start[1] * Math.cos(angle),
    end[2] - start[2] * Math.cos(angle),
  ];
  if (Math.hypot(...toward) < 1e-9) {
    const east: Vector = [-start[1], start[0], 0];
    toward = Math.hypot(...east) < 1e-9 ? [1, 0, 0] : east;
  }
  const length = Math.hypot(...toward);
  toward = [toward[0] / length, toward[1] / length, toward[2] / length];
  const points: LatLon[] = [];
  for (let i = 0; i <= count; i++) {
    const step = (i / count) * angle;
    const [x, y, z] = start.map(
      (part, axis) => Math.cos(step) * part + Math.sin(step) * (toward[axis] as number),
    ) as Vector;
    points.push([round5(degrees(Math.atan2(z, Math.hypot(x, y)))), round5(degrees(Math.atan2(y, x)))]);
  }
  // The ends are the points asked for, not their round trip through vectors.
  points[0] = [round5(a[0]), round5(a[1])];
  points[count] = [round5(b[0]), round5(b[1])];
  return points;
}

export function estimateRoute(from: LatLon, to: LatLon, circuity: number): Route {
  return {
    distance_m: Math.round(greatCircleMeters(from, to) * circuity),
    points: greatCircleLine(from, to),
    source: 'estimate',
  };
}

/** Keeps at most MAX_ROUTE_POINTS of a provider's line (always its first and last), rounded to 5 decimals. */
function thin(lonLats: [number, number][]): LatLon[] {
  const step = Math.max(1, Math.ceil((lonLats.length - 1) / (MAX_ROUTE_POINTS - 1)));
  const kept: LatLon[] = [];
  for (let i = 0; i < lonLats.length; i += step) {
    const [lon, lat] = lonLats[i] as [number, number];
    kept.push([round5(lat), round5(lon)]);
  }
  const [lastLon, lastLat] = lonLats[lonLats.length - 1] as [number, number];
  if ((lonLats.length - 1) % step !== 0) kept.push([round5(lastLat), round5(lastLon)]);
  return kept;
}

const Coordinate = v.tuple([
  v.pipe(v.number(), v.minValue(-180), v.maxValue(180)),
  v.pipe(v.number(), v.minValue(-90), v.maxValue(90)),
]);
const Line = v.pipe(v.array(Coordinate), v.minLength(2));
const Distance = v.pipe(v.number(), v.finite(), v.gtValue(0));

/** OSRM `/route/v1/driving/…?overview=full&geometries=geojson`. */
const OsrmAnswer = v.object({
  code: v.literal('Ok'),
  routes: v.pipe(
    v.array(v.object({ distance: Distance, geometry: v.object({ coordinates: Line }) })),
    v.minLength(1),
  ),
});

/** ORS `POST /v2/directions/driving-car/geojson`. */
const OrsAnswer = v.object({
  features: v.pipe(
    v.array(
      v.object({
        properties: v.object({ summary: v.object({ distance: Distance }) }),
        geometry: v.object({ coordinates: Line }),
      }),
    ),
    v.minLength(1),
  ),
});

function parse<S extends v.GenericSchema>(schema: S, json: unknown): v.InferOutput<S> {
  const parsed = v.safeParse(schema, json);
  if (!parsed.success) throw new ProviderError('answered something that is not a route');
  return parsed.output;
}

const CachedRoute = v.object({
  distance_m: Distance,
  points: v.array(v.tuple([v.number(), v.number()])),
  source: v.string(),
});

interface LiveRouter {
  name: 'openrouteservice' | 'osrm';
  fetch(from: LatLon, to: LatLon): Promise<Route>;
}

function liveRouter({ orsApiKey, orsUrl, osrmUrl, timeoutMs }: RouteProviderOptions): LiveRouter | undefined {
  if (orsApiKey) {
    const base = (orsUrl ?? DEFAULT_ORS_URL).replace(/\/+$/, '');
    return {
      name: 'openrouteservice',
      async fetch([lat1, lon1], [lat2, lon2]) {
        const json = await fetchJson(`${base}/v2/directions/driving-car/geojson`, {
          timeoutMs,
          headers: { Authorization: orsApiKey },
          postJson: {
            coordinates: [
              [lon1, lat1],
              [lon2, lat2],
            ],
          },
        });
        const [feature] = parse(OrsAnswer, json).features;
        if (!feature) throw new ProviderError('answered no route');
        return {
          distance_m: Math.round(feature.properties.summary.distance),
          points: thin(feature.geometry.coordinates),
          source: 'openrouteservice',
        };
      },
    };
  }
  if (osrmUrl) {
    const base = osrmUrl.replace(/\/+$/, '');
    return {
      name: 'osrm',
      async fetch([lat1, lon1], [lat2, lon2]) {
        const json = await fetchJson(
          `${base}/route/v1/driving/${lon1},${lat1};${lon2},${lat2}?overview=full&geometries=geojson`,
          { timeoutMs },
        );
        const [route] = parse(OsrmAnswer, json).routes;
        if (!route) throw new ProviderError('answered no route');
        return {
          distance_m: Math.round(route.distance),
          points: thin(route.geometry.coordinates),
          source: 'osrm',
        };
      },
    };
  }
  return undefined;
}

export interface RouteService {
  /** The route to answer; undefined when neither the live router nor the estimate can answer. */
  route(
    db: Database,
    logger: Logger,
    from: LatLon,
    to: LatLon,
  ): Promise<(Route & { fallback: boolean }) | undefined>;
}

export function createRouteService(options: RouteProviderOptions): RouteService {
  const circuity = options.circuity === undefined ? DEFAULT_CIRCUITY : options.circuity;
  const estimate = (from: LatLon, to: LatLon) =>
    circuity === null ? undefined : estimateRoute(from, to, circuity);
  const router = liveRouter(options);
  if (!router) {
    return {
      route: async (_db, _logger, from, to) => {
        const answer = estimate(from, to);
        return answer && { ...answer, fallback: false };
      },
    };
  }
  const live = new LiveData({ name: `route (${router.name})`, now: options.now });
  return {
    async route(db, logger, from, to) {
      const result = await live.get(db, logger, {
        key: `route:${router.name}:${from.join(',')};${to.join(',')}`,
        maxAgeMs: ROUTE_MAX_AGE_MS,
        fetch: () => router.fetch(from, to),
        fromCache: (body) => {
          const parsed = v.safeParse(CachedRoute, body);
          return parsed.success ? (parsed.output as Route) : undefined;
        },
      });
      // A stale route is still the road's length: better than the estimate.
      if (result.status !== 'unavailable') return { ...result.value, fallback: result.status === 'stale' };
      const answer = estimate(from, to);
      return answer && { ...answer, fallback: true };
    },
  };
}
