/**
 * The charts of the interest views, loaded only when a result has something to draw: recharts
 * (through @mantine/charts) and its styles are a large chunk that no form needs.
 */
import '@mantine/charts/styles.css';
import { AreaChart, LineChart } from '@mantine/charts';

/** Axis ticks: 12.5K, 1.2M; past the trillions, 1.15E15, which still fits the axis. */
const compact = new Intl.NumberFormat(undefined, { notation: 'compact', maximumSignificantDigits: 3 });
const scientific = new Intl.NumberFormat(undefined, { notation: 'scientific', maximumSignificantDigits: 3 });
const COMPACT_LIMIT = 1e15;
/** Pixels beside the y axis: its longest label, 1.25E41, at the chart's font size. */
const AXIS_WIDTH = 60;
const formatTick = (value: number) => (Math.abs(value) < COMPACT_LIMIT ? compact : scientific).format(value);

interface ChartProps<Point> {
  data: Point[];
  /** The chart's height in pixels (the placeholder while it loads has the same). */
  height: number;
  valueFormatter: (value: number) => string;
  /** The chart's text alternative (the table beside it lists every value). */
  label: string;
}

/** The loan's balance month by month. */
export function BalanceChart({
  data,
  height,
  valueFormatter,
  label,
}: ChartProps<{ month: number; balance: number }>) {
  const months = data.at(-1)?.month ?? 0;
  return (
    <AreaChart
      h={height}
      data={data}
      dataKey="month"
      series={[{ name: 'balance', label: 'Balance', color: 'blue.6' }]}
      curveType="linear"
      withDots={false}
      valueFormatter={valueFormatter}
      xAxisLabel="Month"
      xAxisProps={{ type: 'number', domain: [0, months], allowDecimals: false }}
      yAxisProps={{ tickFormatter: formatTick, width: AXIS_WIDTH }}
      accessibilityLayer={false}
      role="img"
      aria-label={label}
    />
  );
}

/** The compounded balance year by year. */
export function GrowthChart({
  data,
  height,
  valueFormatter,
  label,
}: ChartProps<{ year: number; balance: number }>) {
  const years = data.at(-1)?.year ?? 0;
  return (
    <LineChart
      h={height}
      data={data}
      dataKey="year"
      series={[{ name: 'balance', label: 'Balance', color: 'teal.7' }]}
      curveType="monotone"
      withDots={data.length <= 40}
      valueFormatter={valueFormatter}
      xAxisLabel="Year"
      xAxisProps={{ type: 'number', domain: [0, years] }}
      yAxisProps={{ tickFormatter: formatTick, width: AXIS_WIDTH }}
      accessibilityLayer={false}
      role="img"
      aria-label={label}
    />
  );
}
