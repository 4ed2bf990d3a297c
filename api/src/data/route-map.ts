/**
 * A route's map as SVG shapes, drawn on the server (decisions 040 and 160): Natural Earth country
 * outlines from `world-atlas` (1:110m) in a Mercator projection fitted to the route and clipped to
 * the frame, the countries of its two ends marked, its line and its two ends. A route across the
 * 180th meridian (Fiji to Samoa, a road in Chukotka) is drawn as one short line on a map centred
 * on it (decision 128). The outlines are read on the first map, once per process.
 */
import { createRequire } from 'node:module';
import { ROUTE_MAP_HEIGHT, ROUTE_MAP_WIDTH, type RouteMapAnswer } from '@toolbox/sdk';
import { geoBounds, geoContains, geoMercator, geoPath } from 'd3-geo';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import type { LatLon, Route } from './route';

export const MAP_WIDTH = ROUTE_MAP_WIDTH;
export const MAP_HEIGHT = ROUTE_MAP_HEIGHT;
const MARGIN = 36;
/**
 * The frame's margin of land stops at this latitude (the route itself may go further): toward the
 * poles Mercator stretches without end, and Ushuaia to Caracas drew nothing at all.
 */
const FRAME_LATITUDE = 75;
/**
 * Mercator draws the poles at infinity: a point nearer to one than this is drawn at it, on the edge
 * of the frame (just inside the square web maps stop at, 85.05°, which d3 clips).
 */
const MERCATOR_LATITUDE = 85;
const onMap = (lat: number) => Math.max(-MERCATOR_LATITUDE, Math.min(MERCATOR_LATITUDE, lat));
/** Decimals of the map's coordinates: a tenth of a unit of a 600-unit-wide map. */
const DIGITS = 1;

type WorldTopology = Topology<{ countries: GeometryCollection<{ name: string }> }>;
interface Country {
  feature: Feature<Geometry, { name: string }>;
  /** Its box in degrees: west, south, east, north (west > east across the 180th meridian). */
  bounds: [[number, number], [number, number]];
}

let countries: Country[] | undefined;
function loadCountries(): Country[] {
  if (!countries) {
    const world = createRequire(import.meta.url)('world-atlas/countries-110m.json') as WorldTopology;
    const features = (
      feature(world, world.objects.countries) as FeatureCollection<Geometry, { name: string }>
    ).features;
    countries = features.map((country) => ({ feature: country, bounds: geoBounds(country) }));
  }
  return countries;
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

/** Whether [west, east] (degrees, west > east across the 180th meridian) meets [from, to] (from ≤ to, any turn). */
function longitudesMeet([west, east]: [number, number], [from, to]: [number, number]): boolean {
  const end = east < west ? east + 360 : east;
  return [-360, 0, 360].some((turn) => west + turn <= to && end + turn >= from);
}

const round = (value: number) => Math.round(value * 10 ** DIGITS) / 10 ** DIGITS;

/** The map of `route` from `from` to `to`. */
export function drawRouteMap(from: LatLon, to: LatLon, route: Route): RouteMapAnswer {
  const lons = unwrapLongitudes(route.points.map(([, lon]) => lon));
  const lats = route.points.map(([lat]) => onMap(lat));
  const line = lons.map((lon, index) => [lon, lats[index] as number] as [number, number]);
  // Fit a box around the route with the land around it (at least three degrees across), on a map
  // whose middle is the route's: its edges, where the world is cut, are then as far from it as can be.
  const [west, east, south, north] = [
    Math.min(...lons),
    Math.max(...lons),
    Math.min(...lats),
    Math.max(...lats),
  ];
  const middle = (west + east) / 2;
  const padLon = Math.min(Math.max(1.5, (east - west) * 0.6), (359 - (east - west)) / 2);
  const padLat = Math.max(1.5, (north - south) * 0.6);
  const projection = geoMercator()
    .rotate([-middle, 0])
    .fitExtent(
      [
        [MARGIN, MARGIN],
        [MAP_WIDTH - MARGIN, MAP_HEIGHT - MARGIN],
      ],
      {
        type: 'MultiPoint',
        coordinates: [
          [west - padLon, Math.max(south - padLat, Math.min(south, -FRAME_LATITUDE))],
          [east + padLon, Math.min(north + padLat, Math.max(north, FRAME_LATITUDE))],
        ],
      },
    )
    .clipExtent([
      [0, 0],
      [MAP_WIDTH, MAP_HEIGHT],
    ]);
  const path = geoPath(projection).digits(DIGITS);
  // What the frame shows, in degrees (a degree more each way): only the countries that meet it
  // are drawn, so a map costs the few in view, not the whole world.
  const halfWidth = (MAP_WIDTH / 2 / projection.scale()) * (180 / Math.PI) + 1;
  const [, top = 90] = projection.invert?.([MAP_WIDTH / 2, 0]) ?? [];
  const [, bottom = -90] = projection.invert?.([MAP_WIDTH / 2, MAP_HEIGHT]) ?? [];
  const inView = loadCountries().filter(
    ({ bounds: [[countryWest, countrySouth], [countryEast, countryNorth]] }) =>
      countrySouth <= top + 1 &&
      countryNorth >= bottom - 1 &&
      longitudesMeet([countryWest, countryEast], [middle - halfWidth, middle + halfWidth]),
  );
  const ends = [
    [from[1], onMap(from[0])],
    [to[1], onMap(to[0])],
  ] as [number, number][];
  const outlines = inView
    .map((country) => ({
      name: country.feature.properties.name,
      d: path(country.feature) ?? '',
      visited: ends.some((end) => geoContains(country.feature, end)),
    }))
    .filter((outline) => outline.d);
  const marks = ends.map((end) => {
    const [x, y] = projection(end) ?? [0, 0];
    return { x: round(x), y: round(y) };
  });
  return {
    width: MAP_WIDTH,
    height: MAP_HEIGHT,
    outlines,
    route: path({ type: 'LineString', coordinates: line }) ?? '',
    marks,
    source: route.source,
  };
}
