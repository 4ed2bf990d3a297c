/**
 * Countries and currencies, offline only (docs/api.md, Data for the tools): countries from `countries-list` (MIT, kept
 * current: SLE, ZWG, XCG), currency descriptions from `currency-codes` (ISO 4217 names).
 */

import type { Country, Currency } from '@toolbox/sdk/wire';
import { countries } from 'countries-list';
import { currencies as countriesListCurrencies } from 'countries-list/currencies';
import currencyCodes from 'currency-codes';

export type { Country, Currency } from '@toolbox/sdk/wire';

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'en');

/** Every country, sorted by name. */
export const COUNTRIES: readonly Country[] = Object.entries(countries)
  .map(([code, country]) => ({ name: country.name, code, currency: country.currency[0] ?? 'USD' }))
  .sort(byName);

export const COUNTRY_CODES: ReadonlySet<string> = new Set(COUNTRIES.map((country) => country.code));

/**
 * The current currencies: those some country uses today (countries-list follows withdrawals, such
 * as ANG, BGN and CUC, which the 2024 ISO list in currency-codes still has), described by their ISO
 * 4217 name, or countries-list's name for a code newer than that list (XCG). Sorted by code.
 */
export const CURRENCIES: readonly Currency[] = (() => {
  const inUse = new Set(Object.values(countries).flatMap((country) => country.currency as string[]));
  return [...inUse].sort().flatMap((code) => {
    const description =
      currencyCodes.code(code)?.currency ??
      (countriesListCurrencies as Record<string, { name: string } | undefined>)[code]?.name;
    return description ? [{ code, description }] : [];
  });
})();

/**
 * Every ISO 4217 code either package knows, current or not (metals and SDR included): the codes a
 * rates table may carry. Crypto tokens and non-ISO local names in providers' tables are left out.
 */
export const KNOWN_CURRENCY_CODES: ReadonlySet<string> = new Set([
  ...currencyCodes.codes(),
  ...Object.keys(countriesListCurrencies),
]);
