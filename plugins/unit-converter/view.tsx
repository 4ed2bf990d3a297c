import { IconArrowsUpDown } from '@tabler/icons-react';
import {
  Button,
  choicesFor,
  Group,
  IconButton,
  NumberField,
  SelectField,
  Stack,
  ToolOutcome,
  useToolForm,
} from '@toolbox/sdk/react';
import type { UnitOutput } from './compute';
import { MEASURES, type Measure, measureOf, units, unitsOf } from './units';

const initial = { amount: '' as string | number, from: 'm', to: 'ft' };

const measureOptions = MEASURES.map((m) => ({ value: m.id, label: m.label }));
/** Every unit of every measure: a link's unit naming none of them is ignored. */
const ALL_UNITS = units().map((u) => u.abbr);

function unitOptions(measure: Measure) {
  return unitsOf(measure).map((u) => ({ value: u.abbr, label: `${u.singular} (${u.abbr})` }));
}

export default function UnitConverterView() {
  const form = useToolForm<typeof initial, UnitOutput>({
    initial,
    choices: { from: ALL_UNITS, to: ALL_UNITS },
  });
  // The measure is not a field of its own: it follows the units, so a shared link cannot contradict it.
  const measure = measureOf(form.values.from) ?? measureOf(form.values.to) ?? 'length';
  const options = unitOptions(measure);

  // A measure or a swap changes both units at once: a result shown is answered again for them, as the
  // currency converter's swap does, so it never speaks of units no longer on the form.
  const setUnits = (from: string, to: string) => {
    const next = { ...form.values, from, to };
    form.setValues(next);
    if (form.result) void form.submit(undefined, next);
  };
  const chooseMeasure = (next: string) => {
    const chosen = MEASURES.find((m) => m.id === next);
    if (chosen && chosen.id !== measure) setUnits(chosen.from, chosen.to);
  };

  return (
    <form {...form.formProps}>
      <Stack>
        <NumberField label="Amount" {...form.field('amount')} />
        <SelectField
          label="Measure"
          data={measureOptions}
          value={measure}
          onChange={(event) => chooseMeasure(event.currentTarget.value)}
        />
        {/* Stacked rather than side by side: names such as "imperial fluid ounce (fl-oz-imp)" need the width. */}
        <Stack gap={4}>
          <SelectField
            label="From Unit"
            data={choicesFor(options, form.values.from)}
            {...form.field('from')}
          />
          <Group justify="center">
            <IconButton
              variant="default"
              size="lg"
              radius="xl"
              aria-label="Swap units"
              title="Swap units"
              onClick={() => setUnits(form.values.to, form.values.from)}
            >
              <IconArrowsUpDown size={18} aria-hidden="true" />
            </IconButton>
          </Group>
          <SelectField label="To Unit" data={choicesFor(options, form.values.to)} {...form.field('to')} />
        </Stack>
        <Button type="submit" busy={form.pending}>
          Convert
        </Button>
      </Stack>
      <ToolOutcome error={form.error} text={form.result?.text} />
    </form>
  );
}
