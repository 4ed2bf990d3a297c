import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createLogger } from '../logger';
import { createRouteService, estimateRoute, greatCircleLine, greatCircleMeters, type LatLon } from './route';

const KAMPALA: LatLon = [0.31628, 32.58219];
const MBALE: LatLon = [1.08209, 34.17503];
const NAIROBI: LatLon = [-1.28333, 36.81667];
/** Without a live router the service never touches the database. */
const noDatabase = {} as Database;
const logger = createLogger('silent');

describe('route estimate', () => {
  it('measures great circles: Kampala–Mbale 196.5 km, Kampala–Nairobi ≈ 503 km', () => {
    expect(greatCircleMeters(KAMPALA, MBALE) / 1000).toBeCloseTo(196.5, 0);
    expect(greatCircleMeters(KAMPALA, NAIROBI) / 1000).toBeCloseTo(503, -1);
    expect(greatCircleMeters(KAMPALA, KAMPALA)).toBe(0);
    expect(greatCircleMeters([0, 0], [0, 180]) / 1000).toBeCloseTo(20_015, 0);
  });

  it('draws the line from start to end along the great circle', () => {
    const line = greatCircleLine(KAMPALA, NAIROBI);
    expect(line).toHaveLength(17);
    expect(line[0]).toEqual(KAMPALA);
    expect(line.at(-1)).toEqual(NAIROBI);
    const legs = line.slice(1).map((point, i) => greatCircleMeters(line[i] as LatLon, point));
    const total = legs.reduce((sum, leg) => sum + leg, 0);
    expect(total).toBeCloseTo(greatCircleMeters(KAMPALA, NAIROBI), -2);
    expect(greatCircleLine(KAMPALA, KAMPALA)).toEqual([KAMPALA, KAMPALA]);
  });

  it('draws an even line between two ends of the Earth, or from a pole', () => {
    const even = (from: LatLon, to: LatLon) => {
      const line = greatCircleLine(from, to);
      expect(line[0]).toEqual(from);
      expect(line.at(-1)).toEqual(to);
      const legs = line.slice(1).map((point, i) => greatCircleMeters(line[i] as LatLon, point));
      const total = greatCircleMeters(from, to);
      for (const leg of legs) expect(leg / (total / 16), `${from} to ${to}`).toBeCloseTo(1, 3);
      return line;
    };
    // Opposite ends: no one great circle joins them; the line goes east from the start.
    expect(even([0, 0], [0, 180]).map(([lat]) => lat)).toEqual(Array(17).fill(0));
    even([10, 20], [-10, -160]);
    even([45, 0], [-45, 180]);
    even([90, 0], [-90, 0]);
    even([0, 0], [0, 179.99999]);
    even([90, 0], [1, 34]);
    even([-90, 12], [51.5, -0.1]);
  });

  it('multiplies by the circuity factor it is given', () => {
    const straight = greatCircleMeters(KAMPALA, MBALE);
    expect(estimateRoute(KAMPALA, MBALE, 1.3).distance_m).toBe(Math.round(straight * 1.3));
    expect(estimateRoute(KAMPALA, MBALE, 1.2).distance_m).toBe(Math.round(straight * 1.2));
    expect(estimateRoute(KAMPALA, MBALE, 1).source).toBe('estimate');
  });

  it('answers the estimate without a live router, with 1.3 by default, or nothing when switched off', async () => {
    const standard = await createRouteService({ timeoutMs: 100 }).route(noDatabase, logger, KAMPALA, MBALE);
    expect(standard?.distance_m).toBe(Math.round(greatCircleMeters(KAMPALA, MBALE) * 1.3));
    expect(standard?.fallback).toBe(false);
    const custom = await createRouteService({ timeoutMs: 100, circuity: 1.22 }).route(
      noDatabase,
      logger,
      KAMPALA,
      MBALE,
    );
    expect(custom?.distance_m).toBe(Math.round(greatCircleMeters(KAMPALA, MBALE) * 1.22));
    expect(
      await createRouteService({ timeoutMs: 100, circuity: null }).route(noDatabase, logger, KAMPALA, MBALE),
    ).toBe(undefined);
  });
});
