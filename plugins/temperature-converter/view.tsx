import {
  Button,
  choicesFor,
  Group,
  NumberField,
  SelectField,
  Stack,
  ToolOutcome,
  useToolForm,
} from '@toolbox/sdk/react';
import type { TemperatureOutput } from './compute';
import { SCALES } from './scales';

const initial = { value: '' as string | number, from: 'Celsius', to: 'Fahrenheit' };

export default function TemperatureConverterView() {
  const form = useToolForm<typeof initial, TemperatureOutput>({
    initial,
    choices: { from: SCALES, to: SCALES },
  });
  return (
    <form {...form.formProps}>
      <Stack>
        <NumberField label="Value" signed {...form.field('value')} />
        <Group grow>
          <SelectField label="From" data={choicesFor(SCALES, form.values.from)} {...form.field('from')} />
          <SelectField label="To" data={choicesFor(SCALES, form.values.to)} {...form.field('to')} />
        </Group>
        <Button type="submit" busy={form.pending}>
          Convert
        </Button>
      </Stack>
      <ToolOutcome error={form.error} text={form.result?.text} />
    </form>
  );
}
