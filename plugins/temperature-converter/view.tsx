import { Button, Group, NumberInput, Select, Stack } from '@mantine/core';
import { ToolOutcome, useToolForm } from '@toolbox/sdk/react';
import { inputSchema, SCALES, type TemperatureOutput } from './compute';

const initial = { value: '' as string | number, from: 'Celsius', to: 'Fahrenheit' };

export default function TemperatureConverterView() {
  const form = useToolForm<typeof initial, TemperatureOutput>({
    slug: 'temperature-converter',
    initial,
    schema: inputSchema,
  });
  return (
    <form onSubmit={form.submit} noValidate>
      <Stack>
        <NumberInput
          label="Value"
          value={form.values.value}
          onChange={(value) => form.setValue('value', value)}
          decimalScale={6}
          allowDecimal
        />
        <Group grow>
          <Select
            label="From"
            data={SCALES}
            value={form.values.from}
            onChange={(value) => value && form.setValue('from', value)}
            allowDeselect={false}
          />
          <Select
            label="To"
            data={SCALES}
            value={form.values.to}
            onChange={(value) => value && form.setValue('to', value)}
            allowDeselect={false}
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
