import type { PlaceAnswer } from '@toolbox/sdk';
import { describe, expect, it } from 'vitest';
import { drawTrip, MAP_HEIGHT, MAP_WIDTH, unwrapLongitudes } from './trip-drawing';

const place = (name: string, lat: number, lon: number): PlaceAnswer => ({ name, lat, lon }) as PlaceAnswer;

/** The pieces a path is drawn in (one per `M`), and every x of it. */
function pieces(d: string) {
  const numbers = [...d.matchAll(/-?\d+(?:\.\d+)?(?:e-?\d+)?/g)].map((match) => Number(match[0]));
  return { count: (d.match(/M/g) ?? []).length, xs: numbers.filter((_, index) => index % 2 === 0) };
}

const inFrame = ({ x, y }: { x: number; y: number }) => x >= 0 && x <= MAP_WIDTH && y >= 0 && y <= MAP_HEIGHT;

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

describe('drawTrip', () => {
  it('draws an ordinary trip as one line between its two places, with their countries marked', () => {
    const london = place('London', 51.51, -0.13);
    const paris = place('Paris', 48.86, 2.35);
    const drawing = drawTrip(london, paris, [
      [london.lat, london.lon],
      [paris.lat, paris.lon],
    ]);
    expect(pieces(drawing.route).count).toBe(1);
    expect(drawing.marks.every(inFrame)).toBe(true);
    expect(drawing.outlines.filter((outline) => outline.visited).map((outline) => outline.name)).toEqual(
      expect.arrayContaining(['United Kingdom', 'France']),
    );
  });

  it('draws a road across the 180th meridian as one short line in the middle of the map', () => {
    // Anadyr to Provideniya, in Chukotka: 177.5° east to 173.2° west.
    const anadyr = place('Anadyr', 64.73, 177.51);
    const provideniya = place('Provideniya', 64.42, -173.23);
    const drawing = drawTrip(anadyr, provideniya, [
      [64.73, 177.51],
      [64.9, 179.6],
      [64.8, -179.4],
      [64.42, -173.23],
    ]);
    const route = pieces(drawing.route);
    expect(route.count).toBe(1);
    expect(route.xs.every((x) => x > MAP_WIDTH * 0.1 && x < MAP_WIDTH * 0.9)).toBe(true);
    expect(drawing.marks.every(inFrame)).toBe(true);
    const [start, end] = drawing.marks;
    // West to east across the map, not at its two far edges.
    expect((end?.x ?? 0) - (start?.x ?? 0)).toBeGreaterThan(0);
    expect((end?.x ?? 0) - (start?.x ?? 0)).toBeLessThan(MAP_WIDTH / 2);
    expect(drawing.outlines.filter((outline) => outline.visited).map((outline) => outline.name)).toEqual([
      'Russia',
    ]);
  });

  it('draws the straight line of an estimate across it the same way (Fiji eastwards)', () => {
    const suva = place('Suva', -18.14, 178.44);
    const apia = place('Apia', -13.83, -171.76);
    const drawing = drawTrip(suva, apia, [
      [suva.lat, suva.lon],
      [apia.lat, apia.lon],
    ]);
    expect(pieces(drawing.route).count).toBe(1);
    expect(drawing.marks.every(inFrame)).toBe(true);
    expect((drawing.marks[1]?.x ?? 0) - (drawing.marks[0]?.x ?? 0)).toBeGreaterThan(0);
    expect(drawing.outlines.some((outline) => outline.name === 'Fiji' && outline.visited)).toBe(true);
  });
});
