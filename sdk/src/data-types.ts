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
/** GET /api/data/geocode/ (one place) and /api/data/places/ (a list of them, without `source`). */
export interface PlaceAnswer {
  name: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  lat: number;
  lon: number;
  population: number;
  source?: string;
}
/** GET /api/data/route/: `source` is `estimate` (great circle × circuity) or the live router's name. */
export interface RouteAnswer {
  distance_m: number;
  /** The line to draw, [latitude, longitude] pairs from start to end. */
  points: [number, number][];
  source: string;
}
