/**
 * How the fields of a type that needs data (a currency conversion: the rates; an inflation
 * adjustment: the CPI) share it with the view. Those fields fetch it themselves, so the page of the
 * interest types loads none of the data code (view.tsx).
 */
import { type DataState, useAnswerWhenDataArrives } from '@toolbox/sdk/react';
import { type RefObject, useEffect } from 'react';
import type { FinancialType } from './calculations';

/** The data compute needs beyond the form, read through `extra`: set by the fields while rendering. */
export interface FinancialData {
  rates?: Record<string, number>;
  cpi?: { year: number; value: number }[];
}

/** What the fields of a type that needs data tell the view about it. */
export interface DataReport {
  type: FinancialType;
  /** The data is here: a shared link may be computed. */
  ready: boolean;
  /** It is on its way: the button waits. */
  waiting: boolean;
  /** Compute's answer when the data is missing… */
  missing: string;
  /** …and what the person reads instead when fetching it failed (undefined when it did not). */
  failed: string | undefined;
  /** The API has none for this input (no price index for those years): `missing` is the answer. */
  none?: boolean;
  /** Where the data comes from, said under the result. */
  note: string | undefined;
}

/** What the view gives the fields of a type that needs data. */
export interface DataProps {
  form: { error: string | undefined; pending: boolean; submit(): Promise<void> };
  data: RefObject<FinancialData>;
  onReport(report: DataReport): void;
}

/**
 * Tells the view about the data of a type whenever what it shows changes (`ready` is whether
 * `state` holds the data), and answers a press refused for want of it once it arrives.
 */
export function useDataReport(
  { form, onReport }: DataProps,
  state: DataState<unknown>,
  { type, waiting, missing, failed, none = false, note }: Omit<DataReport, 'ready'>,
): void {
  useAnswerWhenDataArrives(form, state, missing);
  const ready = state.data !== undefined;
  useEffect(() => {
    onReport({ type, ready, waiting, missing, failed, none, note });
  }, [type, ready, waiting, missing, failed, none, note, onReport]);
}
