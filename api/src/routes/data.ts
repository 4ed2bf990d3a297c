/**
 * GET /api/data/countries/, /currencies/, /rates/?base=, /cpi/?country=&start=&end=,
 * /geocode/?q=&country=, /places/?q=&country=, /route/?from=lat,lon&to=lat,lon, /route-map/ (the
 * same query: the route drawn on a map, data/route-map.ts), /images/?q= and
 * /images/{id}.svg|jpg (docs/api.md, "Data for the tools"). Countries, currencies and places are offline
 * only; rates, CPI, routes and images use a live provider when one is configured (RATES_URL,
 * CPI_URL, ORS_API_KEY / OSRM_URL, PIXABAY_KEY), cache its answers in the database, and fall back to
 * the last cached answer or the offline default when it fails, saying so in `source`.
 */

import { IMAGE_KEYWORD_MAX, IMAGE_SEARCH_MESSAGES, ROUTE_MESSAGES } from '@toolbox/sdk';
import { FIELD_MESSAGES } from '@toolbox/sdk/wire';
import { Hono } from 'hono';
import * as v from 'valibot';
import { COUNTRIES, COUNTRY_CODES, CURRENCIES } from '../data/countries';
import { CPI_NOT_AVAILABLE, createCpiService } from '../data/cpi';
import { DEFAULT_PROVIDER_TIMEOUT_MS } from '../data/fetch-json';
import { createImagesService, IMAGE_FILE, offlineSvg } from '../data/images';
import { GAZETTEER_SOURCE, geocode, searchPlaces } from '../data/places';
import { createRatesService, rebase } from '../data/rates';
import { createRouteService, type LatLon, type RouteProviderOptions } from '../data/route';
import { drawRouteMap } from '../data/route-map';
import type { AppEnv } from '../env';
import { validateQuery } from '../http/validation';

export interface DataProviderOptions {
  /** Live exchange rates in the open.er-api shape, USD based (e.g. `https://open.er-api.com/v6/latest/USD`); unset: the offline snapshot. */
  ratesUrl?: string | undefined;
  /** Base of the World Bank API (e.g. `https://api.worldbank.org/v2`); unset: no CPI. */
  cpiUrl?: string | undefined;
  /** Pixabay's API key (PIXABAY_KEY); unset: offline images only. */
  pixabayKey?: string | undefined;
  /** Pixabay's search address (PIXABAY_URL), default `https://pixabay.com/api/`; tests point it at a fake. */
  pixabayUrl?: string | undefined;
  /** ORS_API_KEY, ORS_URL, OSRM_URL and ROUTE_CIRCUITY: the live router and the estimate (data/route.ts). */
  route?: Omit<RouteProviderOptions, 'timeoutMs' | 'now'> | undefined;
  /** How long a provider gets to answer; default DEFAULT_PROVIDER_TIMEOUT_MS. */
  timeoutMs?: number | undefined;
  /** The clock for cache ages (milliseconds since 1970); tests move it forward. */
  now?: (() => number) | undefined;
}

/** Countries and currencies change with a deployment, not during a day. */
const CACHE_A_DAY = 'public, max-age=86400';
/** Rates and CPI: the server's own cache keeps provider calls down; browsers look again soon. */
const CACHE_A_WHILE = 'public, max-age=600';
/** A fallback answer is not kept: the next visit may find the provider back. */
const DO_NOT_KEEP = 'no-store';
/** An image never changes under its id; a browser may keep it a day. */
const IMAGE_CACHE = 'public, max-age=86400';
/** What an image may do when opened on its own: nothing but show itself. */
const IMAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; sandbox";
const IMAGE_NOT_FOUND = 'Image not found.';
const IMAGE_UNAVAILABLE = 'The image is not available right now.';

export const FIRST_YEAR = 1900;
const UNKNOWN_CURRENCY = 'Unknown currency code.';
const REQUIRED = FIELD_MESSAGES.required;
const COUNTRY_FORMAT = 'Enter a two-letter country code.';

/** This year somewhere on Earth (UTC+14 is the first to reach a new year). */
const latestYear = () => new Date(Date.now() + 14 * 60 * 60 * 1000).getUTCFullYear();
const yearMessage = () => `Enter a year from ${FIRST_YEAR} to ${latestYear()}.`;

export const RatesQuery = v.object({
  base: v.optional(
    v.pipe(
      v.string(UNKNOWN_CURRENCY),
      v.trim(),
      v.toUpperCase(),
      v.check((code) => code === '' || /^[A-Z]{3}$/.test(code), UNKNOWN_CURRENCY),
      v.transform((code) => code || 'USD'),
    ),
    'USD',
  ),
});

const year = v.pipe(
  v.string(yearMessage),
  v.trim(),
  v.regex(/^\d{1,4}$/, yearMessage),
  v.transform(Number),
  v.check((value) => value >= FIRST_YEAR && value <= latestYear(), yearMessage),
);

/** An ISO 3166-1 alpha-2 code of a known country, any case. */
const country = v.pipe(
  v.string(COUNTRY_FORMAT),
  v.trim(),
  v.toUpperCase(),
  v.regex(/^[A-Z]{2}$/, COUNTRY_FORMAT),
  v.check((code) => !/^[A-Z]{2}$/.test(code) || COUNTRY_CODES.has(code), 'Unknown country code.'),
);

export const CpiQuery = v.pipe(
  v.object(
    {
      country,
      start: year,
      end: year,
    },
    // The object's own message is the one a missing parameter gets.
    REQUIRED,
  ),
  v.forward(
    v.partialCheck(
      [['start'], ['end']],
      ({ start, end }) => start <= end,
      'The end year cannot be before the start year.',
    ),
    ['end'],
  ),
);

export const ImagesQuery = v.object({
  // One message at a time: an empty keyword is only "enter a keyword".
  q: v.optional(
    v.config(
      v.pipe(
        v.string('Send one keyword.'),
        v.trim(),
        v.nonEmpty(IMAGE_SEARCH_MESSAGES.emptyKeyword),
        v.maxLength(IMAGE_KEYWORD_MAX, `Keep the keyword under ${IMAGE_KEYWORD_MAX} characters.`),
        v.regex(/^[\p{L}\p{N}\p{M}' -]+$/u, 'Use letters, digits, spaces, hyphens and apostrophes only.'),
      ),
      { abortPipeEarly: true },
    ),
    '',
  ),
});
const PLACE_NAME = 'Enter a place name.';
/** How many places the type-ahead list offers. */
export const SUGGESTIONS = 10;

export const PlaceQuery = v.object(
  {
    q: v.pipe(
      v.string(PLACE_NAME),
      v.trim(),
      v.minLength(1, PLACE_NAME),
      v.maxLength(100, 'Enter at most 100 characters.'),
    ),
    // An empty country means anywhere.
    country: v.optional(v.union([v.literal(''), country], COUNTRY_FORMAT)),
  },
  REQUIRED,
);

const POINT_FORMAT = 'Enter a point as latitude,longitude (e.g. 0.3163,32.5822).';
const point = v.pipe(
  v.string(POINT_FORMAT),
  v.trim(),
  v.regex(/^-?\d{1,3}(\.\d+)?\s*,\s*-?\d{1,3}(\.\d+)?$/, POINT_FORMAT),
  v.transform((text) => text.split(',').map((part) => Math.round(Number(part) * 1e5) / 1e5) as LatLon),
  v.check(([lat, lon]) => Math.abs(lat) <= 90 && Math.abs(lon) <= 180, POINT_FORMAT),
);
export const RouteQuery = v.object({ from: point, to: point }, REQUIRED);

export function dataRoutes(providers: DataProviderOptions = {}) {
  const timeoutMs = providers.timeoutMs ?? DEFAULT_PROVIDER_TIMEOUT_MS;
  const rates = createRatesService({ url: providers.ratesUrl, timeoutMs, now: providers.now });
  const cpi = createCpiService({ url: providers.cpiUrl, timeoutMs, now: providers.now });
  const images = createImagesService({
    key: providers.pixabayKey,
    url: providers.pixabayUrl,
    timeoutMs,
    now: providers.now,
  });
  const routes = createRouteService({ ...providers.route, timeoutMs, now: providers.now });

  return new Hono<AppEnv>()
    .get('/countries', (c) => {
      c.header('Cache-Control', CACHE_A_DAY);
      return c.json(COUNTRIES);
    })
    .get('/currencies', (c) => {
      c.header('Cache-Control', CACHE_A_DAY);
      return c.json(CURRENCIES);
    })
    .get('/rates', validateQuery(RatesQuery), async (c) => {
      const { base } = c.req.valid('query');
      const table = await rates.table(c.get('db'), c.get('logger'));
      if (!Object.hasOwn(table.rates, base)) return c.json({ base: [UNKNOWN_CURRENCY] }, 400);
      c.header('Cache-Control', table.fallback ? DO_NOT_KEEP : CACHE_A_WHILE);
      return c.json({ base, date: table.date, source: table.source, rates: rebase(table.rates, base) });
    })
    .get('/cpi', validateQuery(CpiQuery), async (c) => {
      const { country, start, end } = c.req.valid('query');
      const answer = await cpi.series(c.get('db'), c.get('logger'), country, start, end);
      if (!answer) return c.json({ error: CPI_NOT_AVAILABLE }, 404);
      c.header('Cache-Control', answer.fallback ? DO_NOT_KEEP : CACHE_A_WHILE);
      const { fallback: _, ...body } = answer;
      return c.json(body);
    })
    .get('/images', validateQuery(ImagesQuery), async (c) => {
      const { q } = c.req.valid('query');
      const answer = await images.search(c.get('db'), c.get('logger'), q);
      c.header('Cache-Control', answer.fallback ? DO_NOT_KEEP : CACHE_A_WHILE);
      return c.json(answer.hits);
    })
    .get('/images/:file', async (c) => {
      const match = IMAGE_FILE.exec(c.req.param('file'));
      if (!match?.[1]) return c.json({ error: IMAGE_NOT_FOUND }, 404);
      const [, id, extension] = match;
      if (extension === 'svg') {
        const svg = await offlineSvg(id);
        if (!svg) return c.json({ error: IMAGE_NOT_FOUND }, 404);
        c.header('Cache-Control', IMAGE_CACHE);
        c.header('Content-Security-Policy', IMAGE_CSP);
        return c.body(svg, 200, { 'Content-Type': 'image/svg+xml; charset=utf-8' });
      }
      const photo = await images.photo(c.get('db'), c.get('logger'), id);
      if (photo.status === 'not-found') return c.json({ error: IMAGE_NOT_FOUND }, 404);
      if (photo.status === 'unavailable') return c.json({ error: IMAGE_UNAVAILABLE }, 503);
      c.header('Cache-Control', IMAGE_CACHE);
      c.header('Content-Security-Policy', IMAGE_CSP);
      return c.body(new Uint8Array(photo.file.bytes), 200, { 'Content-Type': photo.file.type });
    })
    .get('/geocode', validateQuery(PlaceQuery), (c) => {
      const { q, country } = c.req.valid('query');
      const place = geocode(q, country || undefined);
      if (!place) return c.json({ error: ROUTE_MESSAGES.locationNotFound(q) }, 404);
      c.header('Cache-Control', CACHE_A_DAY);
      const { name, lat, lon, country: code, population } = place;
      return c.json({ name, lat, lon, country: code, population, source: GAZETTEER_SOURCE });
    })
    .get('/places', validateQuery(PlaceQuery), (c) => {
      const { q, country } = c.req.valid('query');
      c.header('Cache-Control', CACHE_A_DAY);
      return c.json(searchPlaces(q, country || undefined, SUGGESTIONS));
    })
    .get('/route', validateQuery(RouteQuery), async (c) => {
      const { from, to } = c.req.valid('query');
      const answer = await routes.route(c.get('db'), c.get('logger'), from, to);
      if (!answer) return c.json({ error: ROUTE_MESSAGES.noRoute }, 503);
      c.header('Cache-Control', answer.fallback ? DO_NOT_KEEP : CACHE_A_WHILE);
      const { fallback: _, ...body } = answer;
      return c.json(body);
    })
    .get('/route-map', validateQuery(RouteQuery), async (c) => {
      const { from, to } = c.req.valid('query');
      const answer = await routes.route(c.get('db'), c.get('logger'), from, to);
      if (!answer) return c.json({ error: ROUTE_MESSAGES.noRoute }, 503);
      c.header('Cache-Control', answer.fallback ? DO_NOT_KEEP : CACHE_A_WHILE);
      return c.json(drawRouteMap(from, to, answer));
    });
}
