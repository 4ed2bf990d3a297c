/**
 * Fuel efficiency units of the form (kept apart from compute.ts so the view does not load valibot).
 * Miles per gallon are US gallons: 1 mi = 1.609344 km, 1 US gal = 3.785411784 L (exact definitions).
 */
export const KM_PER_MILE = 1.609344;
export const LITRES_PER_US_GALLON = 3.785411784;

export type EfficiencyUnit = 'kmpl' | 'mpg';

/** km per litre from a number in `unit` (miles per US gallon or km per litre); NaN stays NaN. */
export function toKmPerLitre(value: number, unit: EfficiencyUnit): number {
  return unit === 'mpg' ? (value * KM_PER_MILE) / LITRES_PER_US_GALLON : value;
}
