import { Button, Group, NumberInput, Select, Stack } from '@mantine/core';
import { ToolNote, ToolOutcome, useToolForm } from '@toolbox/sdk/react';
import { inputSchema, STORAGE_UNITS, type StorageOutput, UNIT_NAMES } from './compute';

const initial = { value: '' as string | number, from: 'B', to: 'KB' };

const unitOptions = STORAGE_UNITS.map((unit) => ({ value: unit, label: `${unit} (${UNIT_NAMES[unit]})` }));

export default function DataStorageConverterView() {
  const form = useToolForm<typeof initial, StorageOutput>({
    slug: 'data-storage-converter',
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
          allowDecimal
          allowNegative={false}
          min={0}
        />
        <Group grow>
          <Select
            label="From"
            data={unitOptions}
            value={form.values.from}
            onChange={(value) => value && form.setValue('from', value)}
            allowDeselect={false}
          />
          <Select
            label="To"
            data={unitOptions}
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
      <ToolNote>Each unit is 1024 of the one before it: 1 KB = 1024 B, 1 MB = 1024 KB, and so on.</ToolNote>
    </form>
  );
}
