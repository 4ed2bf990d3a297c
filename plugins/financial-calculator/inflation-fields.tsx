/**
 * The fields of an inflation adjustment: the years and the country of the price index, and the
 * index itself for those years. Loaded when that type is chosen (view.tsx), with the country list it
 * fetches and its searchable select.
 */
import { ApiError, parseNumber } from '@toolbox/sdk';
import {
  type FieldBinding,
  Group,
  NumberField,
  SearchableSelect,
  useCountries,
  useCpi,
} from '@toolbox/sdk/react';
import { useEffect, useMemo } from 'react';
import { CPI_MISSING, FIRST_YEAR } from './calculations';
import { type DataProps, useDataReport } from './data-report';

const FETCH_CPI_FAILED = 'Error fetching inflation data.';

/** A year the CPI can be asked for: a whole number from 1900 to this year. */
function validYear(raw: string | number, currentYear: number): number | undefined {
  const year = parseNumber(raw);
  return year !== undefined && Number.isInteger(year) && year >= FIRST_YEAR && year <= currentYear
    ? year
    : undefined;
}

/** The CPI of `country` for the years between the two fields, once both are valid years. */
function useCpiOfYears(
  country: string,
  first: string | number,
  second: string | number,
  currentYear: number,
) {
  const start = validYear(first, currentYear);
  const end = validYear(second, currentYear);
  const known = start !== undefined && end !== undefined;
  return useCpi(
    known ? country : undefined,
    known ? Math.min(start, end) : undefined,
    known ? Math.max(start, end) : undefined,
  );
}

const YEARS = [
  ['startYear', 'Start Year'],
  ['endYear', 'End Year'],
] as const;

interface InflationFieldsProps extends DataProps {
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
  ...dataProps
}: InflationFieldsProps) {
  const cpi = useCpiOfYears(country, field('startYear').value, field('endYear').value, currentYear);
  const answer = cpi.data;
  dataProps.data.current.cpi = answer?.series;
  // A 404 is the API saying it has no series for those years: that is CPI_MISSING itself, not a
  // failed fetch.
  const none = cpi.isError && cpi.error instanceof ApiError && cpi.error.status === 404;
  useDataReport(dataProps, cpi, {
    type: 'inflation-adjustment',
    waiting: cpi.isFetching,
    missing: CPI_MISSING,
    failed: cpi.isError && !none ? FETCH_CPI_FAILED : undefined,
    none,
    note: answer && `Consumer price index: ${answer.source}.`,
  });

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
        loading={countries.isPending}
        loadingLabel="Loading countries..."
      />
    </>
  );
}
