/**
 * The trip on a map without tiles (decision 040): Natural Earth country outlines from `world-atlas`
 * (1:110m) drawn with d3-geo in a Mercator projection fitted to the trip and clipped to the frame,
 * the countries of the two places shaded, the route line and the two places. Loaded lazily with the
 * first result: this module, d3-geo, topojson-client and the outlines are no part of the page's code.
 */
import type { PlaceAnswer } from '@toolbox/sdk';
import { geoContains, geoMercator, geoPath } from 'd3-geo';
import type { Feature, FeatureCollection, Geometry } from 'geojson';
import { useId, useMemo } from 'react';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import world from 'world-atlas/countries-110m.json';

const WIDTH = 600;
const HEIGHT = 360;
const MARGIN = 36;

type Country = Feature<Geometry, { name: string }>;

const countries = (
  feature(
    world as unknown as Topology<{ countries: GeometryCollection<{ name: string }> }>,
    (world as unknown as Topology<{ countries: GeometryCollection<{ name: string }> }>).objects.countries,
  ) as FeatureCollection<Geometry, { name: string }>
).features as Country[];

export interface RouteMapProps {
  from: PlaceAnswer;
  to: PlaceAnswer;
  /** [lat, lon] pairs from start to end. */
  points: [number, number][];
  /** True when the line is the straight line of an estimate, not a road. */
  estimate: boolean;
}

export default function RouteMap({ from, to, points, estimate }: RouteMapProps) {
  const id = useId();
  const drawing = useMemo(() => {
    const line = points.map(([lat, lon]) => [lon, lat] as [number, number]);
    // Fit a box around the trip with the land around it (at least three degrees across).
    const lons = line.map(([lon]) => lon);
    const lats = line.map(([, lat]) => lat);
    const [west, east, south, north] = [
      Math.min(...lons),
      Math.max(...lons),
      Math.min(...lats),
      Math.max(...lats),
    ];
    const padLon = Math.max(1.5, (east - west) * 0.6);
    const padLat = Math.max(1.5, (north - south) * 0.6);
    const frame = {
      type: 'MultiPoint' as const,
      coordinates: [
        [west - padLon, south - padLat],
        [east + padLon, north + padLat],
      ],
    };
    const projection = geoMercator().fitExtent(
      [
        [MARGIN, MARGIN],
        [WIDTH - MARGIN, HEIGHT - MARGIN],
      ],
      frame,
    );
    projection.clipExtent([
      [0, 0],
      [WIDTH, HEIGHT],
    ]);
    const path = geoPath(projection);
    const ends = [line[0], line[line.length - 1]] as [number, number][];
    const outlines = countries.map((country) => ({
      name: country.properties.name,
      d: path(country) ?? '',
      visited: ends.some((end) => geoContains(country, end)),
    }));
    const route = path({ type: 'LineString', coordinates: line }) ?? '';
    const marks = [from, to].map((place) => {
      const [x, y] = projection([place.lon, place.lat]) ?? [0, 0];
      return { name: place.name, x, y };
    });
    return { outlines: outlines.filter((outline) => outline.d), route, marks };
  }, [from, to, points]);

  const visited = drawing.outlines.filter((outline) => outline.visited).map((outline) => outline.name);
  const description = `${estimate ? 'Straight line of the estimate' : 'Road route'} from ${from.name} to ${to.name}${
    visited.length > 0 ? `, in ${[...new Set(visited)].join(' and ')}` : ''
  }.`;

  return (
    <svg
      viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
      width="100%"
      role="img"
      aria-labelledby={`${id}-title ${id}-desc`}
      data-testid="route-map"
      style={{
        display: 'block',
        marginTop: 'var(--mantine-spacing-md)',
        borderRadius: 'var(--mantine-radius-md)',
      }}
    >
      <title id={`${id}-title`}>{`Map of the trip from ${from.name} to ${to.name}`}</title>
      <desc id={`${id}-desc`}>{description}</desc>
      <rect width={WIDTH} height={HEIGHT} style={{ fill: 'light-dark(#dbeafe, #0c2340)' }} />
      {drawing.outlines.map((outline, index) => (
        <path
          // Natural Earth has a few countries without a name; the order is stable.
          // biome-ignore lint/suspicious/noArrayIndexKey: the outlines never reorder
          key={index}
          d={outline.d}
          style={{
            fill: outline.visited ? 'light-dark(#fef3c7, #4a3b12)' : 'light-dark(#f4f4f5, #2e2e33)',
            stroke: 'light-dark(#71717a, #a1a1aa)',
            strokeWidth: 0.75,
          }}
        />
      ))}
      <path
        d={drawing.route}
        style={{
          fill: 'none',
          stroke: 'light-dark(#b91c1c, #f87171)',
          strokeWidth: 3,
          strokeDasharray: estimate ? '8 6' : undefined,
          strokeLinecap: 'round',
        }}
      />
      {drawing.marks.map((mark, index) => (
        <g key={mark.name + String(index)}>
          <circle
            cx={mark.x}
            cy={mark.y}
            r={6}
            style={{ fill: 'light-dark(#1e3a8a, #93c5fd)', stroke: 'white' }}
          />
          <text
            x={mark.x}
            y={mark.y - 12}
            textAnchor="middle"
            style={{
              fill: 'light-dark(#111827, #f9fafb)',
              stroke: 'light-dark(#ffffff, #111827)',
              strokeWidth: 4,
              paintOrder: 'stroke',
              font: '600 14px system-ui, sans-serif',
            }}
          >
            {mark.name}
          </text>
        </g>
      ))}
    </svg>
  );
}
