import { ApiError, parseNumber } from '@toolbox/sdk';
import {
  Button,
  NumberField,
  SelectField,
  Stack,
  ToolNote,
  ToolOutcome,
  useCpi,
  useRates,
  useToolForm,
} from '@toolbox/sdk/react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { INTEREST_TYPE_LABELS, InterestDetails, InterestFields } from '../_shared/interest/interest-view';
import { NO_RATE } from '../_shared/rates/messages';
import { CPI_MISSING, FINANCIAL_TYPES, FIRST_YEAR, type FinancialType } from './calculations';
import type { FinancialOutput } from './compute';

/** Each type's own fields load when that type is chosen. */
const CurrencyFields = lazy(() => import('./currency-fields'));
const InflationFields = lazy(() => import('./inflation-fields'));

/** Spec 9: financial currency default USD → EUR; inflation default country US. */
const initial = {
  type: 'simple-interest' as string,
  principal: '' as string | number,
  rate: '' as string | number,
  time: '' as string | number,
  frequency: 'annually',
  amount: '' as string | number,
  from: 'USD',
  to: 'EUR',
  startYear: '' as string | number,
  endYear: '' as string | number,
  country: 'US',
};

const TYPE_LABELS: Record<FinancialType, string> = {
  ...INTEREST_TYPE_LABELS,
  'currency-conversion': 'Currency Conversion',
  'inflation-adjustment': 'Inflation Adjustment',
};
const TYPE_OPTIONS = FINANCIAL_TYPES.map((value) => ({ value, label: TYPE_LABELS[value] }));
const isFinancialType = (x: string): x is FinancialType => (FINANCIAL_TYPES as readonly string[]).includes(x);

const FETCH_CPI_FAILED = 'Error fetching inflation data.';
const FETCH_RATES_FAILED = 'Error fetching currency conversion.';

/** A year the CPI can be asked for: a whole number from 1900 to this year. */
function validYear(raw: string | number, currentYear: number): number | undefined {
  const year = parseNumber(raw);
  return year !== undefined && Number.isInteger(year) && year >= FIRST_YEAR && year <= currentYear
    ? year
    : undefined;
}

export default function FinancialCalculatorView() {
  const currentYear = useMemo(() => new Date().getFullYear(), []);
  // Rates and CPI reach compute through `extra`, never the URL. The CPI query depends on the
  // form's values, so `extra` reads the latest data from a ref, set on every render below.
  const data = useRef<{ rates?: Record<string, number>; cpi?: { year: number; value: number }[] }>({});
  const extra = useCallback(() => ({ ...data.current, currentYear }), [currentYear]);
  // A shared link of a type that needs data (rates or CPI) is computed once the data is here. The
  // type and the CPI query come from the form itself, so readiness is learnt one render late.
  const [dataReady, setDataReady] = useState(false);
  const form = useToolForm<typeof initial, FinancialOutput>({ initial, extra, ready: dataReady });
  const type = isFinancialType(form.values.type) ? form.values.type : 'simple-interest';

  // Each type's data is fetched when that type is chosen (the country list by InflationFields).
  const rates = useRates('USD', { enabled: type === 'currency-conversion' });
  const start = validYear(form.values.startYear, currentYear);
  const end = validYear(form.values.endYear, currentYear);
  const yearsKnown = start !== undefined && end !== undefined;
  const cpi = useCpi(
    type === 'inflation-adjustment' && yearsKnown ? form.values.country : undefined,
    yearsKnown ? Math.min(start, end) : undefined,
    yearsKnown ? Math.max(start, end) : undefined,
  );
  data.current = { rates: rates.data?.rates, cpi: cpi.data?.series };
  const needed =
    type === 'currency-conversion' ? rates.data : type === 'inflation-adjustment' ? cpi.data : true;
  useEffect(() => {
    if (needed) setDataReady(true);
  }, [needed]);

  const waitingForData =
    (type === 'currency-conversion' && rates.isPending) ||
    (type === 'inflation-adjustment' && cpi.isFetching);
  // When the rates or the CPI could not be fetched, say so rather than "unknown code" or "not
  // available". A 404 is the API saying it has no series for those years: that is CPI_MISSING
  // itself, not a failed fetch.
  const cpiUnavailable = cpi.error instanceof ApiError && cpi.error.status === 404;
  const error =
    form.error === CPI_MISSING && cpi.isError && !cpiUnavailable
      ? FETCH_CPI_FAILED
      : form.error === NO_RATE && rates.isError
        ? FETCH_RATES_FAILED
        : form.error;

  return (
    <form {...form.formProps}>
      <Stack>
        <SelectField label="Calculation" data={TYPE_OPTIONS} {...form.field('type')} value={type} />
        {(type === 'simple-interest' || type === 'compound-interest' || type === 'loan-payment') && (
          <InterestFields type={type} field={form.field} />
        )}
        {(type === 'currency-conversion' || type === 'inflation-adjustment') && (
          <NumberField label="Amount" {...form.field('amount')} min={0} />
        )}
        {type === 'currency-conversion' && (
          <Suspense fallback={null}>
            <CurrencyFields
              from={form.values.from}
              to={form.values.to}
              onChange={(field, code) => form.setValue(field, code)}
            />
          </Suspense>
        )}
        {type === 'inflation-adjustment' && (
          <Suspense fallback={null}>
            <InflationFields
              field={form.field}
              country={form.values.country}
              onCountryChange={(code) => form.setValue('country', code)}
              currentYear={currentYear}
            />
          </Suspense>
        )}
        <Button type="submit" loading={form.pending || waitingForData}>
          Calculate
        </Button>
      </Stack>
      <ToolOutcome error={error} text={form.result?.text}>
        <InterestDetails result={form.result} />
      </ToolOutcome>
      {type === 'currency-conversion' && rates.data && (
        <ToolNote>
          Exchange rates of {rates.data.date} ({rates.data.source}).
        </ToolNote>
      )}
      {type === 'inflation-adjustment' && cpi.data && (
        <ToolNote>Consumer price index: {cpi.data.source}.</ToolNote>
      )}
    </form>
  );
}
