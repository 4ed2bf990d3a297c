import { Button, Group, NativeSelect, Stack } from '@mantine/core';
import { choicesFor, NumberField, ToolOutcome, useToolForm } from '@toolbox/sdk/react';
import { SCALES, type TemperatureOutput } from './compute';

const initial = { value: '' as string | number, from: 'Celsius', to: 'Fahrenheit' };

export default function TemperatureConverterView() {
  const form = useToolForm<typeof initial, TemperatureOutput>({ slug: 'temperature-converter', initial });
  return (
    <form onSubmit={form.submit} noValidate>
      <Stack>
        <NumberField
          label="Value"
          value={form.values.value}
          onChange={(value) => form.setValue('value', value)}
        />
        <Group grow>
          <NativeSelect
            label="From"
            data={choicesFor(SCALES, form.values.from)}
            value={form.values.from}
            onChange={(event) => form.setValue('from', event.currentTarget.value)}
          />
          <NativeSelect
            label="To"
            data={choicesFor(SCALES, form.values.to)}
            value={form.values.to}
            onChange={(event) => form.setValue('to', event.currentTarget.value)}
          />
        </Group>
        <Button type="submit" loading={form.pending}>
          Convert
        </Button>
      </Stack>
      <ToolOutcome error={form.error} text={form.result?.text} />
    </form>
  );
}
