/**
 * A result's details (loaded once a form may show them, interest-view.tsx): a loan's totals, balance
 * chart and amortisation schedule; a deposit's growth chart and table. The charts load only when a
 * result has one to draw.
 */
import { Box, Group, Stack, Text } from '@toolbox/sdk/react';
import { type CSSProperties, lazy, type ReactNode, Suspense } from 'react';
import type { GrowthPoint, LoanRow } from './interest';
import classes from './interest-table.module.css';
import { LoadBoundary } from './load-boundary';

/** Money as the tables and charts show it: grouped, 2 decimals, in the reader's locale. */
export function formatMoney(value: number): string {
  return value.toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

const BalanceChart = lazy(() => import('./interest-charts').then((m) => ({ default: m.BalanceChart })));
const GrowthChart = lazy(() => import('./interest-charts').then((m) => ({ default: m.GrowthChart })));

const CHART_HEIGHT = 220;

/** Holds the chart's place while its code loads, so the table under it does not jump. */
const chartPlaceholder = <Box h={CHART_HEIGHT} aria-hidden="true" />;

/** A lazily loaded chart (its placeholder while it loads) with its caption. */
function ChartFigure({ caption, children }: { caption: string; children: ReactNode }) {
  return (
    <figure style={{ margin: 0 }}>
      <LoadBoundary>
        <Suspense fallback={chartPlaceholder}>{children}</Suspense>
      </LoadBoundary>
      <Text component="figcaption" size="xs" c="dimmed" ta="center">
        {caption}
      </Text>
    </figure>
  );
}

const formatYears = (years: number) => `${years.toLocaleString(undefined, { maximumFractionDigits: 2 })}`;

interface ScrollTableProps {
  /** The scrolling region's name (it takes the keyboard focus, so it can be scrolled by keys). */
  label: string;
  caption: string;
  /** Column headings; every column after the first holds numbers, aligned to the end. */
  columns: string[];
  minWidth: number;
  maxHeight: number;
  /** Highlights the row under the pointer. */
  hover?: boolean;
  /** The body's rows, each with its first cell a row header. */
  children: ReactNode;
}

/** A striped table with a sticky header in a region that scrolls natively. */
function ScrollTable({ label, caption, columns, minWidth, maxHeight, hover, children }: ScrollTableProps) {
  return (
    // A scrolling region takes the focus, so it can be scrolled by keyboard.
    <Box
      className={classes.scroll}
      style={{ '--scroll-max-height': `${maxHeight}px` } as CSSProperties}
      tabIndex={0}
      role="region"
      aria-label={label}
    >
      <table
        className={hover ? `${classes.table} ${classes.hover}` : classes.table}
        style={{ '--table-min-width': `${minWidth}px` } as CSSProperties}
      >
        <caption>{caption}</caption>
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th key={column} scope="col" className={index > 0 ? classes.number : undefined}>
                {column}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
    </Box>
  );
}

const centsSum = (xs: number[]) => xs.reduce((sum, x) => sum + Math.round(x * 100), 0) / 100;

/** The loan's totals, a chart of the balance month by month, and the schedule table. */
export function LoanDetails({ schedule }: { schedule: LoanRow[] }) {
  if (schedule.length === 0) return null;
  const totalPaid = centsSum(schedule.map((row) => row.payment));
  const totalInterest = centsSum(schedule.map((row) => row.interest));
  const start = centsSum(schedule.map((row) => row.principal));
  const data = [{ month: 0, balance: start }, ...schedule.map(({ month, balance }) => ({ month, balance }))];
  const months = schedule.length;
  return (
    <Stack gap="md" mt="md">
      <Group gap="xl">
        <Text size="sm">
          Total paid: <strong>{formatMoney(totalPaid)}</strong>
        </Text>
        <Text size="sm">
          Total interest: <strong>{formatMoney(totalInterest)}</strong>
        </Text>
      </Group>
      <ChartFigure caption="Remaining balance after each monthly payment">
        <BalanceChart
          data={data}
          height={CHART_HEIGHT}
          valueFormatter={formatMoney}
          label={`Area chart: the balance falls from ${formatMoney(start)} at the start to 0 after month ${months}. The table below lists every month.`}
        />
      </ChartFigure>
      <ScrollTable
        label="Amortisation schedule (scrollable)"
        minWidth={400}
        maxHeight={360}
        hover
        caption={`Amortisation schedule: ${months} monthly ${months === 1 ? 'payment' : 'payments'}`}
        columns={['Month', 'Payment', 'Interest', 'Principal', 'Balance']}
      >
        {schedule.map((row) => (
          <tr key={row.month}>
            <th scope="row">{row.month}</th>
            <td className={classes.number}>{formatMoney(row.payment)}</td>
            <td className={classes.number}>{formatMoney(row.interest)}</td>
            <td className={classes.number}>{formatMoney(row.principal)}</td>
            <td className={classes.number}>{formatMoney(row.balance)}</td>
          </tr>
        ))}
      </ScrollTable>
    </Stack>
  );
}

/** The compounded balance year by year: a chart and, as its text alternative, a table. */
export function GrowthDetails({ growth }: { growth: GrowthPoint[] }) {
  const first = growth[0];
  const last = growth.at(-1);
  if (!first || !last) return null;
  const interest = Math.round((last.balance - first.balance) * 100) / 100;
  return (
    <Stack gap="md" mt="md">
      <Text size="sm">
        Interest earned: <strong>{formatMoney(interest)}</strong>
      </Text>
      <ChartFigure caption="Balance with compound interest, year by year">
        <GrowthChart
          data={growth}
          height={CHART_HEIGHT}
          valueFormatter={formatMoney}
          label={`Line chart: the balance grows from ${formatMoney(first.balance)} to ${formatMoney(last.balance)} over ${formatYears(last.year)} years. The table below lists each year.`}
        />
      </ChartFigure>
      <ScrollTable
        label="Balance by year (scrollable)"
        minWidth={240}
        maxHeight={240}
        caption="Balance by year"
        columns={['Year', 'Balance']}
      >
        {growth.map((point) => (
          <tr key={point.year}>
            <th scope="row">{formatYears(point.year)}</th>
            <td className={classes.number}>{formatMoney(point.balance)}</td>
          </tr>
        ))}
      </ScrollTable>
    </Stack>
  );
}
