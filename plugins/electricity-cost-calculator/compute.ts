import { err, numeric, ok, type Result, round, toFixedText, validate } from '@toolbox/sdk';
import * as v from 'valibot';
import { priceOf } from './prices';

const INVALID_CONSUMPTION = 'Please enter a valid electricity consumption.';
const NO_PRICE = 'Electricity price is not available for selected country.';

/** Days in an average month and year (365.25 days a year, leap years included; a month is a twelfth). */
export const DAYS_PER_YEAR = 365.25;
export const DAYS_PER_MONTH = DAYS_PER_YEAR / 12;

export const inputSchema = v.object(
  {
    consumptionKwh: v.pipe(numeric(INVALID_CONSUMPTION), v.minValue(0, INVALID_CONSUMPTION)),
    country: v.pipe(v.string(NO_PRICE), v.trim(), v.toUpperCase()),
  },
  // A missing field gets that field's message (valibot's own would be "Invalid key: …").
  (issue) => (issue.path?.[0]?.key === 'country' ? NO_PRICE : INVALID_CONSUMPTION),
);

export type ElectricityInput = v.InferInput<typeof inputSchema>;
export interface ElectricityOutput {
  pricePerKwh: number;
  /** consumption × price, USD, 2 decimals. */
  cost: number;
  /** `Estimated Cost: $X USD`. */
  text: string;
  /** Read as daily use: the cost a day, an average month (30.4375 days) and year (365.25 days), 2 decimals. */
  ifDaily: { perDay: number; perMonth: number; perYear: number };
  /** `If this is daily use: $X a month, $Y a year`. */
  ifDailyText: string;
}

export function compute(input: ElectricityInput): Result<ElectricityOutput> {
  const parsed = validate(inputSchema, input);
  if (!parsed.ok) return parsed;
  const { consumptionKwh, country } = parsed.value;
  const pricePerKwh = priceOf(country);
  if (pricePerKwh === undefined) return err(NO_PRICE);
  const daily = consumptionKwh * pricePerKwh;
  const cost = round(daily, 2);
  const perMonth = round(daily * DAYS_PER_MONTH, 2);
  const perYear = round(daily * DAYS_PER_YEAR, 2);
  return ok({
    pricePerKwh,
    cost,
    text: `Estimated Cost: $${toFixedText(cost, 2)} USD`,
    ifDaily: { perDay: cost, perMonth, perYear },
    ifDailyText: `If this is daily use: $${toFixedText(perMonth, 2)} a month, $${toFixedText(perYear, 2)} a year`,
  });
}
