import { Button, NumberInput, Stack } from '@mantine/core';
import { ToolOutcome, useToolForm } from '@toolbox/sdk/react';
import { inputSchema, type PercentageOutput } from './compute';

const initial = { base: '' as string | number, percentage: '' as string | number };

export default function PercentageConverterView() {
  const form = useToolForm<typeof initial, PercentageOutput>({
    slug: 'percentage-converter',
    initial,
    schema: inputSchema,
  });
  return (
    <form onSubmit={form.submit} noValidate>
      <Stack>
        <NumberInput
          label="Base Value"
          value={form.values.base}
          onChange={(value) => form.setValue('base', value)}
          allowDecimal
        />
        <NumberInput
          label="Percentage"
          value={form.values.percentage}
          onChange={(value) => form.setValue('percentage', value)}
          allowDecimal
          rightSection="%"
        />
        <Button type="submit" loading={form.pending}>
          Calculate
        </Button>
      </Stack>
      <ToolOutcome error={form.error} text={form.result?.text} />
    </form>
  );
}
