/**
 * The financial calculator's calculations and the inflation adjustment's limits, shared by the
 * compute and the view (kept apart from compute.ts so the view does not load valibot).
 */
import { INTEREST_TYPES } from '../_shared/interest/choices';

export const FINANCIAL_TYPES = [...INTEREST_TYPES, 'currency-conversion', 'inflation-adjustment'] as const;
export type FinancialType = (typeof FINANCIAL_TYPES)[number];

/** The first year an inflation adjustment accepts; the last is the input's `currentYear`. */
export const FIRST_YEAR = 1900;

/** The compute's answer when the CPI lacks a year asked (the view tells it from a failed fetch). */
export const CPI_MISSING = 'Inflation data not available for selected years.';
