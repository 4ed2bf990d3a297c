import { Button, NumberField, Stack, ToolOutcome, useToolForm } from '@toolbox/sdk/react';
import type { __PASCAL__Output } from './compute';

const initial = { value: '' as string | number };

export default function __PASCAL__View() {
  const form = useToolForm<typeof initial, __PASCAL__Output>({ initial });
  return (
    <form {...form.formProps}>
      <Stack>
        <NumberField label="Value" {...form.field('value')} />
        <Button type="submit" loading={form.pending}>
          Calculate
        </Button>
      </Stack>
      <ToolOutcome error={form.error} text={form.result?.text} />
    </form>
  );
}
