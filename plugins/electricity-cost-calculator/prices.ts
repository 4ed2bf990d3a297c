/**
 * The electricity prices by country, shared by the compute and the view (kept apart from
 * compute.ts so the view does not load valibot).
 */

/** Average household price per kWh in USD (spec 9); only these countries are listed. */
export const PRICES_USD_PER_KWH = {
  US: 0.16,
  UG: 0.18,
  KE: 0.22,
  GB: 0.32,
  DE: 0.38,
  IN: 0.08,
  CN: 0.09,
  JP: 0.23,
  ZA: 0.13,
  NG: 0.1,
  FR: 0.25,
  IT: 0.28,
  CA: 0.15,
  BR: 0.2,
  RU: 0.07,
  AU: 0.26,
} as const satisfies Record<string, number>;

export type PricedCountry = keyof typeof PRICES_USD_PER_KWH;

/** The price per kWh of a listed country (its ISO code), else undefined. */
export function priceOf(country: string): number | undefined {
  return Object.hasOwn(PRICES_USD_PER_KWH, country)
    ? PRICES_USD_PER_KWH[country as PricedCountry]
    : undefined;
}
