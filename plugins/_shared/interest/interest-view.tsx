/**
 * View pieces shared by the financial-calculator and interest-calculator plugins: the fields of
 * simple interest, compound interest and loan payment, and the place of a result's details (a
 * loan's amortisation schedule, a deposit's growth: interest-details.tsx), whose code loads once a
 * form may show them.
 */

import { choicesFor, type FieldBinding, FieldRow, NumberField, SelectField } from '@toolbox/sdk/react';
import { lazy, Suspense, useEffect } from 'react';
import { FREQUENCIES, type InterestType } from './choices';
import type { InterestOutput } from './interest';
import { LoadBoundary } from './load-boundary';

export const INTEREST_TYPE_LABELS: Record<InterestType, string> = {
  'simple-interest': 'Simple Interest',
  'compound-interest': 'Compound Interest',
  'loan-payment': 'Loan Payment',
};

const FREQUENCY_OPTIONS = FREQUENCIES.map((value) => ({
  value,
  label: value.charAt(0).toUpperCase() + value.slice(1),
}));

/** The details' code: simple interest has none, so it loads once another type is chosen. */
const loadDetails = () => import('./interest-details');
const LoanDetails = lazy(() => loadDetails().then((m) => ({ default: m.LoanDetails })));
const GrowthDetails = lazy(() => loadDetails().then((m) => ({ default: m.GrowthDetails })));

export interface InterestFieldValues {
  principal: string | number;
  rate: string | number;
  time: string | number;
  frequency: string;
}

interface InterestFieldsProps {
  type: InterestType;
  /** The form's field binder (`form.field`). */
  field: (key: keyof InterestFieldValues) => FieldBinding<string | number>;
}

/** Spec 2.6: Simple: Loan Amount, Rate (%), Time (years); Compound: + Frequency; Loan: Principal, Rate, Time. */
export function InterestFields({ type, field }: InterestFieldsProps) {
  useEffect(() => {
    if (type !== 'simple-interest') void loadDetails().catch(() => {});
  }, [type]);
  return (
    <>
      <NumberField
        label={type === 'simple-interest' ? 'Loan Amount' : 'Principal'}
        {...field('principal')}
        above={0}
      />
      <FieldRow>
        <NumberField label="Rate (%)" description="Per year" {...field('rate')} min={0} />
        <NumberField
          label="Time (years)"
          description={type === 'loan-payment' ? 'Up to 100 years' : undefined}
          {...field('time')}
          above={0}
        />
      </FieldRow>
      {type === 'compound-interest' && (
        <SelectField
          label="Frequency"
          description="How often interest is compounded"
          data={choicesFor(FREQUENCY_OPTIONS, String(field('frequency').value))}
          {...field('frequency')}
        />
      )}
    </>
  );
}

/** What an interest result shows under its sentence: the schedule of a loan, the growth of a deposit. */
export function InterestDetails({ result }: { result: InterestOutput | undefined }) {
  if (!result?.schedule && !result?.growth) return null;
  return (
    <LoadBoundary>
      <Suspense fallback={null}>
        {result.schedule ? <LoanDetails schedule={result.schedule} /> : null}
        {result.growth && !result.schedule ? <GrowthDetails growth={result.growth} /> : null}
      </Suspense>
    </LoadBoundary>
  );
}
