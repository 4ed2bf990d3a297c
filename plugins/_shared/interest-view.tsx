/**
 * View pieces shared by the financial-calculator and interest-calculator plugins: the fields of
 * simple interest, compound interest and loan payment, the loan's amortisation schedule with a
 * balance chart, and the compound growth chart.
 */
import '@mantine/charts/styles.css';
import { AreaChart, LineChart } from '@mantine/charts';
import { Group, NumberInput, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import {
  FREQUENCIES,
  type GrowthPoint,
  type InterestOutput,
  type InterestType,
  type LoanRow,
} from './interest';

export const INTEREST_TYPE_LABELS: Record<InterestType, string> = {
  'simple-interest': 'Simple Interest',
  'compound-interest': 'Compound Interest',
  'loan-payment': 'Loan Payment',
};

const FREQUENCY_OPTIONS = FREQUENCIES.map((value) => ({
  value,
  label: value.charAt(0).toUpperCase() + value.slice(1),
}));

/** Money as the tables and charts show it: grouped, 2 decimals, in the reader's locale. */
export function formatMoney(value: number): string {
  return value.toLocaleString(undefined, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
}

/** Axis ticks: 12.5K, 1.2M. */
const compact = new Intl.NumberFormat(undefined, { notation: 'compact', maximumSignificantDigits: 3 });
const formatTick = (value: number) => compact.format(value);

const formatYears = (years: number) => `${years.toLocaleString(undefined, { maximumFractionDigits: 2 })}`;

export interface InterestFieldValues {
  principal: string | number;
  rate: string | number;
  time: string | number;
  frequency: string;
}

interface InterestFieldsProps {
  type: InterestType;
  values: InterestFieldValues;
  onChange: (key: keyof InterestFieldValues, value: string | number) => void;
}

/** Spec 2.6: Simple: Loan Amount, Rate (%), Time (years); Compound: + Frequency; Loan: Principal, Rate, Time. */
export function InterestFields({ type, values, onChange }: InterestFieldsProps) {
  return (
    <>
      <NumberInput
        label={type === 'simple-interest' ? 'Loan Amount' : 'Principal'}
        value={values.principal}
        onChange={(value) => onChange('principal', value)}
        min={0}
        decimalScale={2}
        thousandSeparator=","
        allowNegative={false}
      />
      <SimpleGrid cols={2}>
        <NumberInput
          label="Rate (%)"
          description="Per year"
          value={values.rate}
          onChange={(value) => onChange('rate', value)}
          min={0}
          decimalScale={4}
          allowNegative={false}
        />
        <NumberInput
          label="Time (years)"
          description={type === 'loan-payment' ? 'Up to 100 years' : undefined}
          value={values.time}
          onChange={(value) => onChange('time', value)}
          min={0}
          decimalScale={4}
          allowNegative={false}
        />
      </SimpleGrid>
      {type === 'compound-interest' && (
        <Select
          label="Frequency"
          description="How often interest is compounded"
          data={FREQUENCY_OPTIONS}
          value={values.frequency}
          onChange={(value) => value && onChange('frequency', value)}
          allowDeselect={false}
        />
      )}
    </>
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
      <figure style={{ margin: 0 }}>
        <AreaChart
          h={220}
          data={data}
          dataKey="month"
          series={[{ name: 'balance', label: 'Balance', color: 'blue.6' }]}
          curveType="linear"
          withDots={false}
          valueFormatter={formatMoney}
          xAxisLabel="Month"
          xAxisProps={{ type: 'number', domain: [0, months], allowDecimals: false }}
          yAxisProps={{ tickFormatter: formatTick, width: 48 }}
          accessibilityLayer={false}
          role="img"
          aria-label={`Area chart: the balance falls from ${formatMoney(start)} at the start to 0 after month ${months}. The table below lists every month.`}
        />
        <Text component="figcaption" size="xs" c="dimmed" ta="center">
          Remaining balance after each monthly payment
        </Text>
      </figure>
      <Table.ScrollContainer
        minWidth={400}
        maxHeight={360}
        type="native"
        tabIndex={0}
        role="region"
        aria-label="Amortisation schedule (scrollable)"
      >
        <Table striped stickyHeader captionSide="top" highlightOnHover horizontalSpacing="xs" fz="sm">
          <Table.Caption>
            Amortisation schedule: {months} monthly {months === 1 ? 'payment' : 'payments'}
          </Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Month</Table.Th>
              <Table.Th scope="col" ta="right">
                Payment
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Interest
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Principal
              </Table.Th>
              <Table.Th scope="col" ta="right">
                Balance
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {schedule.map((row) => (
              <Table.Tr key={row.month}>
                <Table.Th scope="row" fw={400}>
                  {row.month}
                </Table.Th>
                <Table.Td ta="right">{formatMoney(row.payment)}</Table.Td>
                <Table.Td ta="right">{formatMoney(row.interest)}</Table.Td>
                <Table.Td ta="right">{formatMoney(row.principal)}</Table.Td>
                <Table.Td ta="right">{formatMoney(row.balance)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
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
      <figure style={{ margin: 0 }}>
        <LineChart
          h={220}
          data={growth}
          dataKey="year"
          series={[{ name: 'balance', label: 'Balance', color: 'teal.7' }]}
          curveType="monotone"
          withDots={growth.length <= 40}
          valueFormatter={formatMoney}
          xAxisLabel="Year"
          xAxisProps={{ type: 'number', domain: [0, last.year] }}
          yAxisProps={{ tickFormatter: formatTick, width: 48 }}
          accessibilityLayer={false}
          role="img"
          aria-label={`Line chart: the balance grows from ${formatMoney(first.balance)} to ${formatMoney(last.balance)} over ${formatYears(last.year)} years. The table below lists each year.`}
        />
        <Text component="figcaption" size="xs" c="dimmed" ta="center">
          Balance with compound interest, year by year
        </Text>
      </figure>
      <Table.ScrollContainer
        minWidth={240}
        maxHeight={240}
        type="native"
        tabIndex={0}
        role="region"
        aria-label="Balance by year (scrollable)"
      >
        <Table striped stickyHeader captionSide="top" horizontalSpacing="xs" fz="sm">
          <Table.Caption>Balance by year</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Year</Table.Th>
              <Table.Th scope="col" ta="right">
                Balance
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {growth.map((point) => (
              <Table.Tr key={point.year}>
                <Table.Th scope="row" fw={400}>
                  {formatYears(point.year)}
                </Table.Th>
                <Table.Td ta="right">{formatMoney(point.balance)}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

/** What an interest result shows under its sentence: the schedule of a loan, the growth of a deposit. */
export function InterestDetails({ result }: { result: InterestOutput | undefined }) {
  if (result?.schedule) return <LoanDetails schedule={result.schedule} />;
  if (result?.growth) return <GrowthDetails growth={result.growth} />;
  return null;
}
