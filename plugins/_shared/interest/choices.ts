/**
 * The interest calculations and compounding frequencies, shared by the computes (interest.ts) and
 * the views (interest-view.tsx): kept apart from interest.ts so the views do not load valibot.
 */
export const INTEREST_TYPES = ['simple-interest', 'compound-interest', 'loan-payment'] as const;
export type InterestType = (typeof INTEREST_TYPES)[number];

export const FREQUENCIES = ['annually', 'semiannually', 'quarterly', 'monthly', 'daily'] as const;
export type Frequency = (typeof FREQUENCIES)[number];
