/**
 * The fields of an inflation adjustment: the years and the country of the price index. Loaded when
 * that type is chosen (view.tsx), with the country list it fetches and its searchable select.
 */
import { type FieldBinding, Group, NumberField, SearchableSelect, useCountries } from '@toolbox/sdk/react';
import { useEffect, useMemo } from 'react';
import { FIRST_YEAR } from './calculations';

const YEARS = [
  ['startYear', 'Start Year'],
  ['endYear', 'End Year'],
] as const;

interface InflationFieldsProps {
  /** The form's field binder (`form.field`). */
  field: (key: 'startYear' | 'endYear') => FieldBinding<string | number>;
  country: string;
  onCountryChange: (code: string) => void;
  currentYear: number;
}

export default function InflationFields({
  field,
  country,
  onCountryChange,
  currentYear,
}: InflationFieldsProps) {
  const countries = useCountries();
  // Spec 8: a country list that fails to load is logged only; the list stays empty.
  useEffect(() => {
    if (countries.error) console.error('Failed to load countries', countries.error);
  }, [countries.error]);
  const countryOptions = useMemo(
    () => (countries.data ?? []).map((c) => ({ value: c.code, label: `${c.name} (${c.code})` })),
    [countries.data],
  );
  return (
    <>
      <Group grow align="flex-start">
        {YEARS.map(([key, label]) => (
          <NumberField
            key={key}
            label={label}
            {...field(key)}
            min={FIRST_YEAR}
            max={currentYear}
            inputMode="numeric"
          />
        ))}
      </Group>
      <SearchableSelect
        label="Country"
        data={countryOptions}
        value={country}
        onChange={onCountryChange}
        placeholder={countryOptions.length === 0 ? 'Loading countries...' : 'Select a country'}
        nothingFound="No such country"
      />
    </>
  );
}
