/**
 * The fields of a currency conversion (two currency codes) and the rates it needs. Loaded when that
 * type is chosen (view.tsx).
 */
import { Group, TextField, useRates } from '@toolbox/sdk/react';
import { NO_RATE } from '../_shared/rates/messages';
import { type DataProps, useDataReport } from './data-report';

const FETCH_RATES_FAILED = 'Error fetching currency conversion.';

interface CurrencyFieldsProps extends DataProps {
  from: string;
  to: string;
  /** Called with the code as typed, upper-cased. */
  onChange: (field: 'from' | 'to', code: string) => void;
}

export default function CurrencyFields({ from, to, onChange, ...dataProps }: CurrencyFieldsProps) {
  const rates = useRates();
  const answer = rates.data;
  dataProps.data.current.rates = answer?.rates;
  useDataReport(dataProps, rates, {
    type: 'currency-conversion',
    waiting: rates.isPending,
    missing: NO_RATE,
    failed: rates.isError ? FETCH_RATES_FAILED : undefined,
    note: answer && `Exchange rates of ${answer.date} (${answer.source}).`,
  });

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
