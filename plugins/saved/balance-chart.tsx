/** The balance curves of the compared loans on one chart (recharts: its own chunk, loaded when drawn). */
import '@mantine/charts/styles.css';
import { LineChart } from '@mantine/charts';

const COLORS = ['blue.7', 'orange.7', 'teal.7', 'grape.7'];
/** Dashes as well as colours, so the curves differ without colour too. */
const DASHES = ['0', '8 4', '2 3', '12 4 2 4'];
const compact = new Intl.NumberFormat('en', { notation: 'compact', maximumSignificantDigits: 3 });
const money = new Intl.NumberFormat('en', { maximumFractionDigits: 2, minimumFractionDigits: 2 });

export interface Curve {
  name: string;
  points: { month: number; balance: number }[];
}

export default function BalanceCurves({ curves }: { curves: Curve[] }) {
  const months = Math.max(0, ...curves.map((curve) => curve.points.at(-1)?.month ?? 0));
  const byMonth = curves.map((curve) => new Map(curve.points.map((p) => [p.month, p.balance])));
  const data: Record<string, number>[] = [];
  for (let month = 0; month <= months; month++) {
    const point: Record<string, number> = { month };
    byMonth.forEach((balances, index) => {
      const balance = balances.get(month);
      if (balance !== undefined) point[`s${index}`] = balance;
    });
    data.push(point);
  }
  return (
    <LineChart
      h={280}
      data={data}
      dataKey="month"
      series={curves.map((curve, index) => ({
        name: `s${index}`,
        label: curve.name,
        color: COLORS[index % COLORS.length] ?? 'blue.7',
        strokeDasharray: DASHES[index % DASHES.length],
      }))}
      withLegend
      withDots={false}
      curveType="linear"
      connectNulls={false}
      valueFormatter={(value) => money.format(value)}
      xAxisLabel="Month"
      xAxisProps={{ type: 'number', domain: [0, months], allowDecimals: false }}
      yAxisProps={{ tickFormatter: (value: number) => compact.format(value), width: 48 }}
      accessibilityLayer={false}
      role="img"
      aria-label={`Balance month by month of ${curves.map((curve) => curve.name).join(', ')} (the table above lists the totals)`}
    />
  );
}
