import { Button, NumberField, Stack, ToolOutcome, useToolForm } from '@toolbox/sdk/react';
import type { PercentageOutput } from './compute';

const initial = { base: '' as string | number, percentage: '' as string | number };

export default function PercentageConverterView() {
  const form = useToolForm<typeof initial, PercentageOutput>({ initial });
  return (
    <form {...form.formProps}>
      <Stack>
        <NumberField label="Base Value" {...form.field('base')} />
        <NumberField label="Percentage" {...form.field('percentage')} rightSection="%" />
        <Button type="submit" busy={form.pending}>
          Calculate
        </Button>
      </Stack>
      <ToolOutcome error={form.error} text={form.result?.text} />
    </form>
  );
}
