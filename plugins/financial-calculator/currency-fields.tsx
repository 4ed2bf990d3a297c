/** The fields of a currency conversion: two currency codes. Loaded when that type is chosen (view.tsx). */
import { Group, TextField } from '@toolbox/sdk/react';

interface CurrencyFieldsProps {
  from: string;
  to: string;
  /** Called with the code as typed, upper-cased. */
  onChange: (field: 'from' | 'to', code: string) => void;
}

export default function CurrencyFields({ from, to, onChange }: CurrencyFieldsProps) {
  const field = (name: 'from' | 'to', label: string, example: string, value: string) => (
    <TextField
      label={label}
      description={`Currency code, e.g. ${example}`}
      value={value}
      onChange={(event) => onChange(name, event.currentTarget.value.toUpperCase())}
      maxLength={3}
      autoCapitalize="characters"
      autoComplete="off"
      spellCheck={false}
    />
  );
  return (
    <Group grow align="flex-start">
      {field('from', 'From', 'USD', from)}
      {field('to', 'To', 'EUR', to)}
    </Group>
  );
}
