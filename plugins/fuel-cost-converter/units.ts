/**
 * Fuel efficiency units of the form, the spec's defaults and the tool's messages: shared by the
 * compute and the view, and kept apart from compute.ts so the view does not load valibot.
 * Miles per gallon are US gallons: 1 mi = 1.609344 km, 1 US gal = 3.785411784 L (exact definitions).
 */
import { parseNumber, ROUTE_MESSAGES } from '@toolbox/sdk';

export const NO_ROUTE = ROUTE_MESSAGES.noRoute;
export const INVALID_FUEL = 'Please enter valid fuel efficiency and price.';
export const INVALID_CURRENCY = 'Currency must be a three-letter code, such as USD.';

/** The spec's defaults: 12 km a litre, 1.2 US dollars a litre. */
export const DEFAULT_KM_PER_LITRE = 12;
export const DEFAULT_PRICE_USD_PER_LITRE = 1.2;

export const KM_PER_MILE = 1.609344;
export const LITRES_PER_US_GALLON = 3.785411784;

export const EFFICIENCY_UNITS = ['kmpl', 'mpg'] as const;
export type EfficiencyUnit = (typeof EFFICIENCY_UNITS)[number];

/** Each unit as the form names it. */
export const EFFICIENCY_UNIT_LABELS: Record<EfficiencyUnit, string> = {
  kmpl: 'km per litre',
  mpg: 'miles per US gallon',
};

/** km per litre from a number in `unit` (miles per US gallon or km per litre); NaN stays NaN. */
export function toKmPerLitre(value: number, unit: EfficiencyUnit): number {
  return unit === 'mpg' ? (value * KM_PER_MILE) / LITRES_PER_US_GALLON : value;
}

/**
 * The form's efficiency (in `unit`) and price (in the currency, `usdRate` of it a dollar; unknown is
 * 1) as compute takes them, read as every tool reads numbers ("12,5" too). A blank efficiency is left
 * blank (compute's default) and a blank price is the default price; text that is no number is NaN,
 * which compute refuses.
 */
export function fuelFigures(
  efficiency: unknown,
  price: unknown,
  unit: EfficiencyUnit,
  usdRate: number | undefined,
): { kmPerLitre: number | ''; priceUsdPerLitre: number } {
  const blank = (raw: unknown) => String(raw ?? '').trim() === '';
  const read = (raw: unknown) => parseNumber(raw) ?? Number.NaN;
  return {
    kmPerLitre: blank(efficiency) ? '' : toKmPerLitre(read(efficiency), unit),
    priceUsdPerLitre: blank(price) ? DEFAULT_PRICE_USD_PER_LITRE : read(price) / (usdRate ?? 1),
  };
}
