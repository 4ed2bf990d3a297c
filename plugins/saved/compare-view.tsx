import { Alert, Anchor, Container, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { findTool } from '@toolbox/plugins/registry';
import type { SavedCalculation } from '@toolbox/sdk';
import { useCompute, useQueryRead } from '@toolbox/sdk/react';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { ScrollTable } from '../_shared/tables/scroll-table';
import type { Curve } from './balance-chart';
import classes from './compare.module.css';
import { type CompareColumn, compareTable } from './compare-table';
import { COMPARE_IDS_KEY, COMPARE_MAX, COMPARE_MIN, SAVED_PATH } from './paths';
import { useSavedCalculations } from './use-saved';

const BalanceCurves = lazy(() => import('./balance-chart'));

/** `?ids=3,7` (or a single number) → [3, 7]. */
function idsOf(raw: unknown): number[] {
  const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw : '';
  return [...new Set(text.split(',').map(Number))].filter((id) => Number.isInteger(id) && id > 0);
}

type Computed = { output: unknown } | { error: string };

/** Computes each saved input again with the tool as it is now (in the compute worker). */
function useOutputs(tool: string, items: readonly SavedCalculation[]): (Computed | undefined)[] {
  const compute = useCompute<Record<string, unknown>, unknown>(tool);
  const [outputs, setOutputs] = useState<(Computed | undefined)[]>([]);
  const key = items.map((item) => item.id).join(',');
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` names the items; `items` changes identity on every read.
  useEffect(() => {
    let live = true;
    setOutputs([]);
    // Fields a view adds at run time (today's year); never stored with the input.
    const extra = { currentYear: new Date().getFullYear() };
    void Promise.all(
      items.map(async (item): Promise<Computed> => {
        const outcome = await compute({ ...item.input, ...extra });
        return outcome.ok ? { output: outcome.value } : { error: outcome.error };
      }),
    ).then((done) => {
      if (live) setOutputs(done);
    });
    return () => {
      live = false;
    };
  }, [compute, key]);
  return outputs;
}

interface LoanRowLike {
  month: number;
  balance: number;
  principal: number;
}

/** The balance curve of a loan's output (from the full amount at month 0), if it has a schedule. */
function curveOf(name: string, output: unknown): Curve | undefined {
  const schedule = (output as { schedule?: LoanRowLike[] } | undefined)?.schedule;
  if (!Array.isArray(schedule) || schedule.length === 0) return undefined;
  const first = schedule[0] as LoanRowLike;
  return {
    name,
    points: [
      { month: 0, balance: first.balance + first.principal },
      ...schedule.map(({ month, balance }) => ({ month, balance })),
    ],
  };
}

function Comparison({ items }: { items: SavedCalculation[] }) {
  const tool = items[0]?.tool ?? '';
  const outputs = useOutputs(tool, items);
  const ready = outputs.length === items.length;
  const columns: CompareColumn[] = items.map((item, index) => {
    const computed = outputs[index];
    return {
      name: item.name,
      input: item.input,
      savedText: item.result_text,
      ...(computed && ('error' in computed ? { error: computed.error } : { output: computed.output })),
    };
  });
  const rows = compareTable(columns);
  const curves = ready
    ? items.flatMap((item, index) => {
        const computed = outputs[index];
        const curve = computed && 'output' in computed ? curveOf(item.name, computed.output) : undefined;
        return curve ? [curve] : [];
      })
    : [];
  const caption = `${findTool(tool)?.label ?? tool}: ${items.map((item) => item.name).join(' compared with ')}`;
  const section = (name: 'input' | 'output', title: string) => (
    <>
      <Table.Tr>
        <Table.Th colSpan={items.length + 1} scope="colgroup">
          <Text fw={700} size="sm" tt="uppercase">
            {title}
          </Text>
        </Table.Th>
      </Table.Tr>
      {rows
        .filter((row) => row.section === name)
        .map((row) => (
          <Table.Tr key={`${name}-${row.key}`} data-differs={row.differs || undefined}>
            <Table.Th scope="row" fw={500}>
              {row.label}
              {row.differs && (
                <Text span ml="xs" size="xs" fw={700} className={classes.differs}>
                  differs
                </Text>
              )}
            </Table.Th>
            {row.values.map((value, index) => (
              <Table.Td
                // biome-ignore lint/suspicious/noArrayIndexKey: one cell per compared calculation, in order.
                key={index}
                fw={row.differs ? 700 : undefined}
                bg={
                  row.differs
                    ? 'light-dark(var(--mantine-color-orange-0), var(--mantine-color-dark-5))'
                    : undefined
                }
                style={{ whiteSpace: 'pre-line' }}
              >
                {value}
              </Table.Td>
            ))}
          </Table.Tr>
        ))}
    </>
  );
  return (
    <>
      <Text mt="xs">
        Each result is computed again from its saved input with the tool as it is now. Rows whose values
        differ are marked “differs” and set in bold.
      </Text>
      <div aria-live="polite">{!ready && <Text mt="md">Computing…</Text>}</div>
      <ScrollTable minWidth={480} mt="lg" label={caption}>
        <Table withTableBorder withColumnBorders data-testid="compare-table">
          <caption>
            <VisuallyHidden>{caption}</VisuallyHidden>
          </caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">Field</Table.Th>
              {items.map((item) => (
                <Table.Th key={item.id} scope="col" style={{ overflowWrap: 'anywhere' }}>
                  {item.name}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {section('input', 'Input')}
            {ready && section('output', 'Result')}
          </Table.Tbody>
        </Table>
      </ScrollTable>
      {curves.length > 0 && (
        <section aria-labelledby="compare-balance">
          <Title order={2} size="h3" mt="xl" mb="sm" id="compare-balance">
            Balance over time
          </Title>
          <Suspense fallback={<div style={{ height: 280 }} />}>
            <BalanceCurves curves={curves} />
          </Suspense>
        </section>
      )}
    </>
  );
}

/** /saved/compare?ids=1,2: two to four saved calculations of one tool side by side. */
export default function CompareView() {
  const raw = useQueryRead([COMPARE_IDS_KEY])[COMPARE_IDS_KEY];
  const ids = useMemo(() => idsOf(raw), [raw]);
  const saved = useSavedCalculations('');
  const items = useMemo(
    () => ids.flatMap((id) => saved.data?.filter((item) => item.id === id) ?? []),
    [ids, saved.data],
  );
  let problem: string | undefined;
  if (saved.data) {
    if (ids.length < COMPARE_MIN || ids.length > COMPARE_MAX)
      problem = `Choose ${COMPARE_MIN} to ${COMPARE_MAX} saved calculations to compare.`;
    else if (items.length !== ids.length) problem = 'Some of these saved calculations no longer exist.';
    else if (new Set(items.map((item) => item.tool)).size > 1)
      problem = 'Only calculations of the same tool can be compared.';
  }
  return (
    <Container size={1100} py="xl">
      <Title order={1}>Compare saved calculations</Title>
      {saved.isError && (
        <Alert color="red" mt="lg" title="Could not load">
          {saved.error.message}
        </Alert>
      )}
      {problem && (
        <Alert color="yellow" mt="lg" role="alert">
          {problem}
        </Alert>
      )}
      {saved.data && !problem && <Comparison items={items} />}
      <Text mt="xl">
        <Anchor component={Link} to={SAVED_PATH}>
          Back to saved calculations
        </Anchor>
      </Text>
    </Container>
  );
}
