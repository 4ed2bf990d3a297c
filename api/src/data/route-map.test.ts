import { describe, expect, it } from 'vitest';
import { estimateRoute, type LatLon } from './route';
import { drawRouteMap, MAP_HEIGHT, MAP_WIDTH, unwrapLongitudes } from './route-map';

/** The pieces a path is drawn in (one per `M`), and every x of it. */
function pieces(d: string) {
  const numbers = [...d.matchAll(/-?\d+(?:\.\d+)?(?:e-?\d+)?/g)].map((match) => Number(match[0]));
  return { count: (d.match(/M/g) ?? []).length, xs: numbers.filter((_, index) => index % 2 === 0) };
}

const inFrame = ({ x, y }: { x: number; y: number }) => x >= 0 && x <= MAP_WIDTH && y >= 0 && y <= MAP_HEIGHT;

/** The map of the straight line between two places, as the estimate draws it. */
const straight = (from: LatLon, to: LatLon) =>
  drawRouteMap(from, to, { distance_m: 1, points: [from, to], source: 'estimate' });

const visited = (map: ReturnType<typeof drawRouteMap>) =>
  map.outlines.filter((outline) => outline.visited).map((outline) => outline.name);

describe('unwrapLongitudes', () => {
  it('goes on past 180° rather than jumping back round the world', () => {
    expect(unwrapLongitudes([178, -179, -171])).toEqual([178, 181, 189]);
    expect(unwrapLongitudes([-179, 179])).toEqual([-179, -181]);
  });

  it('leaves a line that does not cross the 180th meridian as it is', () => {
    expect(unwrapLongitudes([-0.13, 2.35, 13.4])).toEqual([-0.13, 2.35, 13.4]);
    expect(unwrapLongitudes([])).toEqual([]);
  });
});

describe('drawRouteMap', () => {
  it('draws an ordinary trip as one line between its two places, with their countries marked', () => {
    const map = straight([51.51, -0.13], [48.86, 2.35]);
    expect(map).toMatchObject({ width: MAP_WIDTH, height: MAP_HEIGHT, source: 'estimate' });
    expect(pieces(map.route).count).toBe(1);
    expect(map.marks).toHaveLength(2);
    expect(map.marks.every(inFrame)).toBe(true);
    expect(visited(map)).toEqual(expect.arrayContaining(['United Kingdom', 'France']));
  });

  it('draws only the countries in view, to a tenth of a unit', () => {
    const map = straight([51.51, -0.13], [48.86, 2.35]);
    const names = map.outlines.map((outline) => outline.name);
    expect(names).toEqual(expect.arrayContaining(['Belgium', 'Netherlands']));
    expect(names).not.toContain('Australia');
    expect(names).not.toContain('Brazil');
    const numbers =
      [map.route, ...map.outlines.map((outline) => outline.d)].join(' ').match(/\d+\.\d+/g) ?? [];
    expect(numbers.length).toBeGreaterThan(0);
    expect(numbers.every((number) => /\.\d$/.test(number))).toBe(true);
  });

  it('draws a road across the 180th meridian as one short line in the middle of the map', () => {
    // Anadyr to Provideniya, in Chukotka: 177.5° east to 173.2° west.
    const map = drawRouteMap([64.73, 177.51], [64.42, -173.23], {
      distance_m: 500_000,
      points: [
        [64.73, 177.51],
        [64.9, 179.6],
        [64.8, -179.4],
        [64.42, -173.23],
      ],
      source: 'osrm',
    });
    const route = pieces(map.route);
    expect(route.count).toBe(1);
    expect(route.xs.every((x) => x > MAP_WIDTH * 0.1 && x < MAP_WIDTH * 0.9)).toBe(true);
    expect(map.marks.every(inFrame)).toBe(true);
    const [start, end] = map.marks;
    // West to east across the map, not at its two far edges.
    expect((end?.x ?? 0) - (start?.x ?? 0)).toBeGreaterThan(0);
    expect((end?.x ?? 0) - (start?.x ?? 0)).toBeLessThan(MAP_WIDTH / 2);
    expect(visited(map)).toEqual(['Russia']);
    expect(map.source).toBe('osrm');
  });

  it('draws the straight line of an estimate across it the same way (Fiji eastwards)', () => {
    const map = straight([-18.14, 178.44], [-13.83, -171.76]);
    expect(pieces(map.route).count).toBe(1);
    expect(map.marks.every(inFrame)).toBe(true);
    expect((map.marks[1]?.x ?? 0) - (map.marks[0]?.x ?? 0)).toBeGreaterThan(0);
    expect(visited(map)).toContain('Fiji');
  });

  it('draws a trip far toward a pole (Ushuaia to Caracas, Murmansk to Ankara), which once drew nothing', () => {
    for (const [from, to, countries] of [
      [
        [-54.8, -68.3],
        [10.5, -66.9],
        ['Argentina', 'Venezuela'],
      ],
      [
        [68.97, 33.08],
        [39.93, 32.85],
        ['Russia', 'Turkey'],
      ],
    ] as [LatLon, LatLon, string[]][]) {
      const map = straight(from, to);
      expect(map.route).not.toContain('NaN');
      expect(pieces(map.route).count).toBe(1);
      expect(map.marks.every(inFrame)).toBe(true);
      expect(visited(map)).toEqual(expect.arrayContaining(countries));
    }
  });

  it('draws a trip to a pole or past the last latitude of the map on its edge, never as NaN', () => {
    for (const [from, to] of [
      [
        [86, 0],
        [86, 10],
      ],
      [
        [90, 0],
        [1, 34],
      ],
      [
        [-90, 0],
        [-85.05, 60],
      ],
      [
        [89.9, 0],
        [-89.9, 180],
      ],
    ] as [LatLon, LatLon][]) {
      const map = drawRouteMap(from, to, estimateRoute(from, to, 1.3));
      const label = `${from} to ${to}`;
      expect(JSON.stringify(map), label).not.toMatch(/NaN|null/);
      expect(map.route, label).not.toBe('');
      expect(map.marks.every(inFrame), label).toBe(true);
    }
  });
});
