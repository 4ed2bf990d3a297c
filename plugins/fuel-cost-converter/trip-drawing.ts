/**
 * The trip's map as shapes (decision 040): Natural Earth country outlines from `world-atlas`
 * (1:110m) in a Mercator projection fitted to the trip and clipped to the frame, the countries of
 * the two places marked, the route line and the two places. A trip across the 180th meridian (Fiji
 * to Samoa, a road in Chukotka) is drawn as one short line on a map centred on it (decision 128).
 */
import type { PlaceAnswer } from '@toolbox/sdk';
import { geoContains, geoMercator, geoPath } from 'd3-geo';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import world from 'world-atlas/countries-110m.json';

export const MAP_WIDTH = 600;
export const MAP_HEIGHT = 360;
const MARGIN = 36;

type Country = Feature<Geometry, { name: string }>;
type WorldTopology = Topology<{ countries: GeometryCollection<{ name: string }> }>;

const countries = (
  feature(
    world as unknown as WorldTopology,
    (world as unknown as WorldTopology).objects.countries,
  ) as FeatureCollection<Geometry, { name: string }>
).features as Country[];

export interface TripDrawing {
  outlines: { name: string; d: string; visited: boolean }[];
  route: string;
  marks: { name: string; x: number; y: number }[];
}

/**
 * The longitudes of a line with no step of more than half the world between neighbours: past
 * 180° east a line goes on to 181°, not back to -179°.
 */
export function unwrapLongitudes(lons: readonly number[]): number[] {
  const out: number[] = [];
  for (const lon of lons) {
    const previous = out.at(-1);
    out.push(previous === undefined ? lon : lon + 360 * Math.round((previous - lon) / 360));
  }
  return out;
}

/** `points` are [lat, lon] pairs from start to end. */
export function drawTrip(
  from: PlaceAnswer,
  to: PlaceAnswer,
  points: readonly [number, number][],
): TripDrawing {
  const lons = unwrapLongitudes(points.map(([, lon]) => lon));
  const lats = points.map(([lat]) => lat);
  const line = lons.map((lon, index) => [lon, lats[index] as number] as [number, number]);
  // Fit a box around the trip with the land around it (at least three degrees across), on a map
  // whose middle is the trip's: its edges, where the world is cut, are then as far from it as can be.
  const [west, east, south, north] = [
    Math.min(...lons),
    Math.max(...lons),
    Math.min(...lats),
    Math.max(...lats),
  ];
  const padLon = Math.min(Math.max(1.5, (east - west) * 0.6), (359 - (east - west)) / 2);
  const padLat = Math.max(1.5, (north - south) * 0.6);
  const frame = {
    type: 'MultiPoint' as const,
    coordinates: [
      [west - padLon, south - padLat],
      [east + padLon, north + padLat],
    ],
  };
  const projection = geoMercator()
    .rotate([-(west + east) / 2, 0])
    .fitExtent(
      [
        [MARGIN, MARGIN],
        [MAP_WIDTH - MARGIN, MAP_HEIGHT - MARGIN],
      ],
      frame,
    );
  projection.clipExtent([
    [0, 0],
    [MAP_WIDTH, MAP_HEIGHT],
  ]);
  const path = geoPath(projection);
  const ends = [line[0], line.at(-1)].filter((end) => end !== undefined);
  const outlines = countries
    .map((country) => ({
      name: country.properties.name,
      d: path(country) ?? '',
      visited: ends.some((end) => geoContains(country, end)),
    }))
    .filter((outline) => outline.d);
  const route = path({ type: 'LineString', coordinates: line }) ?? '';
  const marks = [from, to].map((place) => {
    const [x, y] = projection([place.lon, place.lat]) ?? [0, 0];
    return { name: place.name, x, y };
  });
  return { outlines, route, marks };
}
