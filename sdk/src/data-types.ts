/** Wire shapes of `/api/data/*` (docs/api.md, "Data for the tools"). */
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

/** One image of `GET /api/data/images/?q=`: served by the API itself at `url`. */
export interface ImageHit {
  /** Names the image in `/api/data/images/{id}.{svg|jpg}` and in a meme's link. */
  id: string;
  /** `/api/data/images/{id}.svg` (offline) or `.jpg` (live). */
  url: string;
  width: number;
  height: number;
  /** What the image shows (`cat face`), for its alternative text. */
  label: string;
  /** Who made it. */
  credit: string;
  /** Its licence, e.g. `Apache-2.0` or `Pixabay Content License`. */
  licence: string;
  /** `offline` (the emoji set shipped with the API) or `live: <host>`. */
  source: string;
}

/** The image search's texts, shared by the API (its 400 for an empty keyword) and the Meme Generator. */
export const IMAGE_SEARCH_MESSAGES = {
  emptyKeyword: 'Please enter a keyword like "cat" or "dog"',
  searching: 'Searching Image...',
  noHits: 'No images found for this keyword. Try another.',
  failed: 'Failed to fetch images.',
} as const;

/** Whose the offline images are: the Noto emoji shipped with the API. */
export const OFFLINE_IMAGE_CREDIT = { credit: 'Noto Emoji by Google', licence: 'Apache-2.0' } as const;

/** The longest keyword the image search takes. */
export const IMAGE_KEYWORD_MAX = 100;

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

/**
 * GET /api/data/route-map/: the route between two points drawn as SVG shapes on a map `width` ×
 * `height` units big (ROUTE_MAP_WIDTH × ROUTE_MAP_HEIGHT: country outlines, the route's line, its two ends). `source`
 * is the route's.
 */
export interface RouteMapAnswer {
  width: number;
  height: number;
  /** The countries in view; `visited` when one of the two ends is in it. */
  outlines: { name: string; d: string; visited: boolean }[];
  /** The route's line. */
  route: string;
  /** Where the start and the end are. */
  marks: { x: number; y: number }[];
  source: string;
}
