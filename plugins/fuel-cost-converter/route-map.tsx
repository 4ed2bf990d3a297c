/**
 * The trip on a map without tiles (decisions 040 and 160): the API draws it (`/api/data/route-map/`,
 * country outlines, the route's line and its two ends, as SVG shapes) and this draws what it sends,
 * in a box of the map's shape held from the start.
 */
import {
  ROUTE_MAP_HEIGHT as HEIGHT,
  type PlaceAnswer,
  type RouteMapAnswer,
  ROUTE_MAP_WIDTH as WIDTH,
  withReason,
} from '@toolbox/sdk';
import { Text, useApi, useCachedData } from '@toolbox/sdk/react';
import { type ReactNode, useId } from 'react';

const NO_MAP = 'The map could not be drawn';
/** The sea: the map's background, and its place's while it comes. */
const SEA = 'light-dark(#dbeafe, #0c2340)';

/** The query of `/api/data/route/` and `/api/data/route-map/` for a trip: `latitude,longitude` of each end. */
export const routeQuery = (from: PlaceAnswer, to: PlaceAnswer) => ({
  from: `${from.lat},${from.lon}`,
  to: `${to.lat},${to.lon}`,
});

export interface RouteMapProps {
  from: PlaceAnswer;
  to: PlaceAnswer;
}

/** The map's place, the shape of the map, with a line of text in it until the map comes. */
function MapBox({ children }: { children: ReactNode }) {
  return (
    <div
      style={{
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        aspectRatio: `${WIDTH} / ${HEIGHT}`,
        marginTop: 'var(--mantine-spacing-md)',
        borderRadius: 'var(--mantine-radius-md)',
        background: SEA,
      }}
    >
      {children}
    </div>
  );
}

export function RouteMap({ from, to }: RouteMapProps) {
  const id = useId();
  const api = useApi();
  const query = routeQuery(from, to);
  const map = useCachedData(
    ['data', 'route-map', query.from, query.to],
    () => api.get<RouteMapAnswer>('/api/data/route-map/', query),
    { staleTime: Number.POSITIVE_INFINITY },
  );
  const drawing = map.data;
  if (!drawing) {
    return (
      <MapBox>
        <Text size="sm" role={map.isError ? 'alert' : undefined}>
          {map.isError ? withReason(NO_MAP, map.error) : 'Loading the map…'}
        </Text>
      </MapBox>
    );
  }

  // The straight line of an estimate is dashed; a road is not.
  const estimate = drawing.source === 'estimate';
  const visited = drawing.outlines.filter((outline) => outline.visited).map((outline) => outline.name);
  const description = `${estimate ? 'Straight line of the estimate' : 'Road route'} from ${from.name} to ${to.name}${
    visited.length > 0 ? `, in ${[...new Set(visited)].join(' and ')}` : ''
  }.`;
  const names = [from.name, to.name];

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
      <rect width={WIDTH} height={HEIGHT} style={{ fill: SEA }} />
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
        // The start, then the end: the order is fixed.
        // biome-ignore lint/suspicious/noArrayIndexKey: the marks never reorder
        <g key={index}>
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
            {names[index]}
          </text>
        </g>
      ))}
    </svg>
  );
}
