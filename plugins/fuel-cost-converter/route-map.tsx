/**
 * The trip on a map without tiles (decision 040), drawn by `drawTrip`. Loaded lazily with the first
 * result: this module, d3-geo, topojson-client and the outlines are no part of the page's code.
 */
import type { PlaceAnswer } from '@toolbox/sdk';
import { useId, useMemo } from 'react';
import { drawTrip, MAP_HEIGHT as HEIGHT, MAP_WIDTH as WIDTH } from './trip-drawing';

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
  const drawing = useMemo(() => drawTrip(from, to, points), [from, to, points]);

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
