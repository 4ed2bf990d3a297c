/** Wire shapes of `/api/data/*` (API.md, "Data for the tools"). */
export interface Country {
  name: string;
  code: string;
  currency: string;
}
export interface Currency {
  code: string;
  description: string;
}
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
