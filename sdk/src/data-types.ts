/** Wire shapes of `/api/data/*` (API.md, "Data for the tools"). */
export type { Country, Currency } from './wire';
export interface RatesAnswer {
  base: string;
  date: string;
  source: string;
  rates: Record<string, number>;
}
export interface CpiAnswer {
  country: string;
  source: string;
  series: { year: number; value: number }[];
}
