import { parseNumber } from '@toolbox/sdk';
import {
  Box,
  Button,
  FieldRow,
  Group,
  NumberField,
  Paper,
  PlainButton,
  RadioField,
  Stack,
  Text,
  Title,
  ToolOutcome,
  useToolForm,
} from '@toolbox/sdk/react';
import { type FormEvent, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { BANDS, type BmiColor, HEALTHY_BMI } from './bands';
import type { BmiOutput } from './compute';
import { appendEntry, type HistoryEntry, readHistory, writeHistory } from './history';
import classes from './view.module.css';

const initial = {
  system: 'metric',
  weight: '' as string | number,
  height: '' as string | number,
  feet: '' as string | number,
  inches: '' as string | number,
};
type Values = typeof initial;

const UNIT_SYSTEMS = [
  { value: 'metric', label: 'Metric (kg, m)' },
  { value: 'imperial', label: 'Imperial (lbs, ft, in)' },
];
const SYSTEM_VALUES = UNIT_SYSTEMS.map(({ value }) => value);

const blank = (x: string | number) => typeof x === 'string' && x.trim() === '';

/** A category colour readable on the page: dark shades on light, light shades on dark (≥ 3:1). */
const strong = (color: BmiColor) =>
  `light-dark(var(--mantine-color-${color}-9), var(--mantine-color-${color}-4))`;

/** localStorage, or undefined where the browser refuses it. */
function storage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

function describeInput(values: Values): string {
  if (values.system === 'imperial') {
    const inches = blank(values.inches) ? 0 : values.inches;
    return `${values.weight} lbs, ${values.feet} ft ${inches} in`;
  }
  return `${values.weight} kg, ${values.height} m`;
}

/** The scale shown runs from BMI 10 to 40; results outside sit at its ends. */
const SCALE_MIN = 10;
const SCALE_MAX = 40;
const SEGMENTS = BANDS.map((band, index) => {
  const from = index === 0 ? SCALE_MIN : (BANDS[index - 1]?.below ?? SCALE_MIN);
  const to = Math.min(band.below, SCALE_MAX);
  return { ...band, from, to, width: to - from };
});

function rangeText(from: number, to: number): string {
  if (from === SCALE_MIN) return `below ${to}`;
  if (to === SCALE_MAX) return `${from} and above`;
  return `${from} to ${Math.round((to - 0.1) * 10) / 10}`;
}

/** A bar of the four categories with a marker at the result; screen readers hear one sentence. */
function BmiScale({ bmi, category }: Pick<BmiOutput, 'bmi' | 'category'>) {
  const position =
    ((Math.min(Math.max(bmi, SCALE_MIN), SCALE_MAX) - SCALE_MIN) / (SCALE_MAX - SCALE_MIN)) * 100;
  const segment = SEGMENTS.find((s) => s.category === category);
  const label = `BMI scale: your BMI of ${bmi} is in the ${category} range${
    segment ? ` (${rangeText(segment.from, segment.to)})` : ''
  }.`;
  return (
    <Box role="img" aria-label={label} mt="md" data-testid="bmi-scale">
      <Box pos="relative" py={4}>
        <Group gap={2} h={12} wrap="nowrap">
          {SEGMENTS.map((s) => (
            <Box
              key={s.category}
              h="100%"
              style={{
                flex: `${s.width} 0 0`,
                background: `var(--mantine-color-${s.color}-filled)`,
                borderRadius: 3,
              }}
            />
          ))}
        </Group>
        <Box
          pos="absolute"
          top={0}
          h={20}
          w={6}
          style={{
            left: `${position}%`,
            transform: 'translateX(-50%)',
            background: 'var(--mantine-color-text)',
            border: '1px solid var(--mantine-color-body)',
            borderRadius: 3,
          }}
        />
      </Box>
      <Group gap={2} wrap="nowrap" mt={4} aria-hidden="true">
        {SEGMENTS.map((s) => (
          <Text key={s.category} size="xs" ta="center" style={{ flex: `${s.width} 0 0` }} lh={1.2}>
            {s.category}
            <br />
            <Text span size="xs" c="dimmed">
              {rangeText(s.from, s.to)}
            </Text>
          </Text>
        ))}
      </Group>
    </Box>
  );
}

export default function BmiCalculatorView() {
  const form = useToolForm<Values, BmiOutput>({ initial, choices: { system: SYSTEM_VALUES } });
  const { values } = form;
  const imperial = values.system === 'imperial';
  const unit = imperial ? 'lbs' : 'kg';
  const missing = blank(values.weight) || (imperial ? blank(values.feet) : blank(values.height));

  // Spec 4: the latest five results, newest appended, kept across reloads.
  // Read once the page is the app's (before it paints): the prerendered page has no history, and
  // a first render that differed from it would make React throw the page away and render it anew.
  const [history, setHistory] = useState<HistoryEntry[]>([]);
  useLayoutEffect(() => {
    // Nothing stored (a first visit): no second render of the form.
    const stored = readHistory(storage());
    if (stored.length > 0) setHistory(stored);
  }, []);
  // The values a result was computed from (a shared link's own values at first), so the unit of
  // the healthy range stays right when the form is switched afterwards.
  const submitted = useRef<Values>(values);
  // Only a calculation asked for with the button is recorded, not a shared link restored on load.
  const record = useRef(false);
  const [shown, setShown] = useState<{ result: BmiOutput; input: Values }>();
  const onSubmit = (event: FormEvent) => {
    submitted.current = values;
    record.current = true;
    void form.submit(event);
  };
  const { result, error } = form;
  useEffect(() => {
    if (!result) {
      setShown(undefined);
      if (error !== undefined) record.current = false;
      return;
    }
    const input = submitted.current;
    setShown({ result, input });
    if (!record.current) return;
    record.current = false;
    const entry: HistoryEntry = {
      bmi: result.bmi,
      category: result.category,
      color: result.color,
      system: input.system === 'imperial' ? 'imperial' : 'metric',
      input: describeInput(input),
      at: new Date().toISOString(),
    };
    setHistory((current) => {
      const next = appendEntry(current, entry);
      writeHistory(storage(), next);
      return next;
    });
  }, [result, error]);
  const clearHistory = () => {
    writeHistory(storage(), []);
    setHistory([]);
  };

  const height = parseNumber(values.height);
  const metreHint =
    !imperial && height !== undefined && height > 3
      ? `Height is in metres: ${height} cm is ${height / 100} m.`
      : 'In metres, e.g. 1.75';

  return (
    <form {...form.formProps} onSubmit={onSubmit}>
      <Stack>
        <RadioField label="Unit system" {...form.field('system')} options={UNIT_SYSTEMS} />
        {/* Required: the button is disabled while one is empty (the page keeps it so before the app runs). */}
        <NumberField
          label={`Weight (${unit})`}
          {...form.field('weight')}
          above={0}
          required
          withAsterisk={false}
        />
        {imperial ? (
          <FieldRow>
            <NumberField label="Height (ft)" {...form.field('feet')} min={0} required withAsterisk={false} />
            <NumberField label="Height (in)" {...form.field('inches')} min={0} />
          </FieldRow>
        ) : (
          <NumberField
            label="Height (m)"
            description={metreHint}
            {...form.field('height')}
            above={0}
            required
            withAsterisk={false}
          />
        )}
        <Button type="submit" busy={form.pending} disabled={missing}>
          Calculate BMI
        </Button>
      </Stack>
      <ToolOutcome error={error} text={shown?.result.text}>
        {shown && (
          <BmiDetails result={shown.result} unit={shown.input.system === 'imperial' ? 'lbs' : 'kg'} />
        )}
      </ToolOutcome>
      {history.length > 0 && (
        <Box mt="xl">
          <Group justify="space-between" align="baseline">
            <Title order={2} size="h4">
              Previous Calculations
            </Title>
            <PlainButton onClick={clearHistory} fz="sm" c="dimmed" td="underline">
              Clear history
            </PlainButton>
          </Group>
          <ul className={classes.history}>
            {history.map((entry) => (
              <li key={entry.at + entry.input}>
                {/* Inline-flex, as inside Mantine's List item: each row takes a full line of the list's text. */}
                <Group gap="xs" wrap="nowrap" display="inline-flex">
                  <Box
                    w={10}
                    h={10}
                    aria-hidden="true"
                    style={{ borderRadius: '50%', background: strong(entry.color), flexShrink: 0 }}
                  />
                  <Text size="sm">
                    <strong>{entry.bmi.toFixed(1)}</strong> {entry.category}{' '}
                    <Text span c="dimmed" size="sm">
                      ({entry.input})
                    </Text>
                  </Text>
                </Group>
              </li>
            ))}
          </ul>
        </Box>
      )}
    </form>
  );
}

/** Category, tip, healthy range and scale, framed in the category's colour. */
function BmiDetails({ result, unit }: { result: BmiOutput; unit: 'kg' | 'lbs' }) {
  return (
    <Paper
      mt="md"
      p="md"
      radius="md"
      data-category={result.color}
      style={{ border: `3px solid ${strong(result.color)}` }}
    >
      {/* 20px bold is large text: the colour needs 3:1, which every shade used here gives. */}
      <Text fz="xl" fw={700} style={{ color: strong(result.color) }}>
        {result.category}
      </Text>
      <Text mt={4}>{result.tip}</Text>
      <Text size="sm" mt="sm">
        Healthy weight for your height (BMI {HEALTHY_BMI.min}–{HEALTHY_BMI.max}):{' '}
        <strong>
          {result.healthyWeight.min.toFixed(1)}–{result.healthyWeight.max.toFixed(1)} {unit}
        </strong>
      </Text>
      <BmiScale bmi={result.bmi} category={result.category} />
    </Paper>
  );
}
