import {
  currencyCode,
  err,
  numeric,
  ok,
  parseNumber,
  type Result,
  rateOf,
  round,
  type ToolContext,
  toFixedText,
  validate,
} from '@toolbox/sdk';
import * as v from 'valibot';

import {
  DEFAULT_KM_PER_LITRE,
  DEFAULT_PRICE_USD_PER_LITRE,
  INVALID_CURRENCY,
  INVALID_FUEL,
  NO_ROUTE,
} from './units';

export { INVALID_CURRENCY, INVALID_FUEL, NO_ROUTE };

/** A USD→currency rate; anything that is not a positive number means "no rate known", i.e. 1. */
const usdRate = v.pipe(
  v.unknown(),
  v.transform((raw) => {
    const rate = parseNumber(raw);
    return rate !== undefined && rate > 0 ? rate : 1;
  }),
);

export const inputSchema = v.object(
  {
    /** The road (or estimated) distance in metres, as /api/data/route/ answers it. */
    distanceMeters: v.pipe(numeric(NO_ROUTE), v.gtValue(0, NO_ROUTE)),
    kmPerLitre: v.optional(v.pipe(numeric(INVALID_FUEL), v.gtValue(0, INVALID_FUEL)), DEFAULT_KM_PER_LITRE),
    priceUsdPerLitre: v.optional(
      v.pipe(numeric(INVALID_FUEL), v.gtValue(0, INVALID_FUEL)),
      DEFAULT_PRICE_USD_PER_LITRE,
    ),
    /** Units of `currency` for one US dollar; unknown (missing, 0, not a number) falls back to 1. */
    usdRate: v.optional(usdRate, 1),
    /** The currency the cost is shown in (an ISO 4217 code, any case); missing or blank means US dollars. */
    currency: v.optional(
      v.pipe(
        v.unknown(),
        v.transform((raw) => (typeof raw === 'string' ? currencyCode(raw) || 'USD' : (raw ?? 'USD'))),
        v.check((code) => typeof code === 'string' && /^[A-Z]{3}$/.test(code), INVALID_CURRENCY),
        v.transform((code) => code as string),
      ),
      'USD',
    ),
  },
  // A missing or broken field gets its own message (valibot's would be "Invalid key: …").
  (issue) => (issue.path?.[0]?.key === 'distanceMeters' || !issue.path ? NO_ROUTE : INVALID_FUEL),
);

export type FuelInput = v.InferInput<typeof inputSchema>;
export interface FuelOutput {
  /** distance in km, 2 decimals. */
  distanceKm: number;
  /** km ÷ kmPerLitre, 2 decimals. */
  litres: number;
  /** litres × priceUsdPerLitre × usdRate, in `currency`, 2 decimals. */
  cost: number;
  currency: string;
  /** `Distance: X km`, `Fuel Needed: Y litres`, `Estimated Cost: Z CUR` on three lines. */
  text: string;
}

export function compute(input: FuelInput): Result<FuelOutput> {
  const parsed = validate(inputSchema, input);
  if (!parsed.ok) return parsed;
  const { distanceMeters, kmPerLitre, priceUsdPerLitre, usdRate: rate, currency } = parsed.value;
  const km = distanceMeters / 1000;
  const litres = km / kmPerLitre;
  const cost = litres * priceUsdPerLitre * rate;
  if (!Number.isFinite(cost)) return err(INVALID_FUEL);
  const distanceKm = round(km, 2);
  const roundedLitres = round(litres, 2);
  const roundedCost = round(cost, 2);
  return ok({
    distanceKm,
    litres: roundedLitres,
    cost: roundedCost,
    currency,
    text: [
      `Distance: ${toFixedText(distanceKm, 2)} km`,
      `Fuel Needed: ${toFixedText(roundedLitres, 2)} litres`,
      `Estimated Cost: ${toFixedText(roundedCost, 2)} ${currency}`,
    ].join('\n'),
  });
}

/**
 * Off the browser (API, command line): the view finds the distance itself (geocode, then route)
 * and sends it as `distanceMeters`; a caller does the same. What `gather` adds is the view's
 * exchange rate: `usdRate` of `currency` from the rates table, unless the caller gives a rate (a
 * positive number). A `usdRate` that is none (`null`, `"abc"`, 0) is looked up as a missing one:
 * left as sent, it would cost the trip in dollars under the currency's name.
 */
export async function gather(input: Record<string, unknown>, context: ToolContext) {
  const given = parseNumber(input.usdRate);
  if ((given !== undefined && given > 0) || typeof input.currency !== 'string') return input;
  const rate = rateOf(await context.rates(), input.currency);
  return rate === undefined ? input : { ...input, usdRate: rate };
}
