import {
  Button,
  choicesFor,
  labelledChoices,
  NumberField,
  SelectField,
  Stack,
  Text,
  ToolNote,
  ToolOutcome,
  useToolForm,
} from '@toolbox/sdk/react';
import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { FREQUENCIES } from '../_shared/interest/choices';
import { INTEREST_TYPE_LABELS, InterestDetails, InterestFields } from '../_shared/interest/interest-view';
import { FINANCIAL_TYPES, type FinancialType } from './calculations';
import type { FinancialOutput } from './compute';
import type { DataReport, FinancialData } from './data-report';

/**
 * Each type's own fields load when that type is chosen; those of the types that need data (rates,
 * CPI) fetch it too, so the interest types load none of it.
 */
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
const TYPE_OPTIONS = labelledChoices(FINANCIAL_TYPES, TYPE_LABELS);
const isFinancialType = (x: string): x is FinancialType => (FINANCIAL_TYPES as readonly string[]).includes(x);

/** A value naming no type (a link's is ignored, so none set by hand) shows the first type's fields. */
const typeOf = (value: string): FinancialType => (isFinancialType(value) ? value : 'simple-interest');
const needsDataOf = (type: FinancialType) =>
  type === 'currency-conversion' || type === 'inflation-adjustment';
/**
 * What the page says of the data before any press, as the currency converter does of its rates:
 * that fetching it failed, or that the API has none for this input. A shared link is only prefilled
 * when its compute refuses it, so without this its page would say nothing of why.
 */
const dataProblem = (report: DataReport | undefined): string | undefined =>
  report?.failed ?? (report?.none ? report.missing : undefined);
/** Until its fields have loaded and said, the data of a type that needs it is on its way. */
const waitingForData = (type: FinancialType, report: DataReport | undefined) =>
  needsDataOf(type) && (report?.type === type ? report.waiting : true);

export default function FinancialCalculatorView() {
  const currentYear = useMemo(() => new Date().getFullYear(), []);
  // Rates and CPI reach compute through `extra`, never the URL: the fields of their types set them
  // in this ref while rendering, so a press made as they arrive reads them.
  const data = useRef<FinancialData>({});
  const extra = useCallback(() => ({ ...data.current, currentYear }), [currentYear]);
  // A shared link of a type that needs data (rates or CPI) is computed once the data is here. The
  // type comes from the form itself, so readiness is learnt one render late.
  const [dataReady, setDataReady] = useState(false);
  const [report, setReport] = useState<DataReport>();
  const form = useToolForm<typeof initial, FinancialOutput>({
    initial,
    extra,
    ready: dataReady,
    // A press made while the type's data is on its way is answered once it has come.
    waiting: (values) => waitingForData(typeOf(values.type), report),
    choices: { type: FINANCIAL_TYPES, frequency: FREQUENCIES },
  });
  const type = typeOf(form.values.type);
  const needsData = needsDataOf(type);
  const shown = report?.type === type ? report : undefined;
  const needed = needsData ? shown?.ready : true;
  useEffect(() => {
    if (needed) setDataReady(true);
  }, [needed]);
  // When the rates or the CPI could not be fetched, say so rather than "unknown code" or "not
  // available".
  const error = shown?.failed && form.error === shown.missing ? shown.failed : form.error;
  const problem = dataProblem(shown);
  const dataProps = { form, data, onReport: setReport };

  return (
    <form {...form.formProps}>
      <Stack>
        <SelectField
          label="Calculation"
          data={choicesFor(TYPE_OPTIONS, form.values.type)}
          {...form.field('type')}
        />
        {(type === 'simple-interest' || type === 'compound-interest' || type === 'loan-payment') && (
          <InterestFields type={type} field={form.field} />
        )}
        {needsData && <NumberField label="Amount" {...form.field('amount')} above={0} />}
        {type === 'currency-conversion' && (
          <Suspense fallback={null}>
            <CurrencyFields
              from={form.values.from}
              to={form.values.to}
              onChange={(field, code) => form.setValue(field, code)}
              {...dataProps}
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
              {...dataProps}
            />
          </Suspense>
        )}
        {/* Once a press has answered with the same message, it is said there, once. */}
        {problem && error !== problem && (
          <Text role="alert" c="var(--mantine-color-error)" size="sm">
            {problem}
          </Text>
        )}
        <Button type="submit" busy={form.pending}>
          Calculate
        </Button>
      </Stack>
      <ToolOutcome error={error} text={form.result?.text}>
        <InterestDetails result={form.result} />
      </ToolOutcome>
      {shown?.note && <ToolNote>{shown.note}</ToolNote>}
    </form>
  );
}
