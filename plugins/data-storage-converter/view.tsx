import {
  Button,
  choicesFor,
  Group,
  NumberField,
  SelectField,
  Stack,
  ToolNote,
  ToolOutcome,
  useToolForm,
} from '@toolbox/sdk/react';
import type { StorageOutput } from './compute';
import { STORAGE_UNITS, UNIT_NAMES } from './units';

const initial = { value: '' as string | number, from: 'B', to: 'KB' };

const unitOptions = STORAGE_UNITS.map((unit) => ({ value: unit, label: `${unit} (${UNIT_NAMES[unit]})` }));

export default function DataStorageConverterView() {
  const form = useToolForm<typeof initial, StorageOutput>({
    initial,
    choices: { from: STORAGE_UNITS, to: STORAGE_UNITS },
  });
  return (
    <form {...form.formProps}>
      <Stack>
        <NumberField label="Value" {...form.field('value')} min={0} />
        <Group grow>
          <SelectField
            label="From"
            data={choicesFor(unitOptions, form.values.from)}
            {...form.field('from')}
          />
          <SelectField label="To" data={choicesFor(unitOptions, form.values.to)} {...form.field('to')} />
        </Group>
        <Button type="submit" busy={form.pending}>
          Convert
        </Button>
      </Stack>
      <ToolOutcome error={form.error} text={form.result?.text} />
      <ToolNote>Each unit is 1024 of the one before it: 1 KB = 1024 B, 1 MB = 1024 KB, and so on.</ToolNote>
    </form>
  );
}
