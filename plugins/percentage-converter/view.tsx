import { Button, Stack } from '@mantine/core';
import { NumberField, ToolOutcome, useToolForm } from '@toolbox/sdk/react';
import type { PercentageOutput } from './compute';

const initial = { base: '' as string | number, percentage: '' as string | number };

export default function PercentageConverterView() {
  const form = useToolForm<typeof initial, PercentageOutput>({
    slug: 'percentage-converter',
    initial,
  });
  return (
    <form onSubmit={form.submit} noValidate>
      <Stack>
        <NumberField
          label="Base Value"
          value={form.values.base}
          onChange={(value) => form.setValue('base', value)}
        />
        <NumberField
          label="Percentage"
          value={form.values.percentage}
          onChange={(value) => form.setValue('percentage', value)}
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
