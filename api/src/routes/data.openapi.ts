/** OpenAPI operations of routes/data.ts (outside data for the tools). */

import { ROUTE_MESSAGES } from '@toolbox/sdk';
import * as v from 'valibot';
import { IMAGE_FILE } from '../data/images';
import { GAZETTEER_SOURCE } from '../data/places';
import { describe } from '../openapi/describe';
import {
  CountryBody,
  CpiBody,
  CurrencyBody,
  ErrorBody,
  GeocodeBody,
  ImageHitBody,
  PlaceBody,
  RatesBody,
  RouteBody,
  RouteMapBody,
} from '../openapi/shapes';
import { CpiQuery, ImagesQuery, PlaceQuery, RatesQuery, RouteQuery, SUGGESTIONS } from './data';

/** The answer of /route/ and /route-map/ when no route could be had. */
const NO_ROUTE = {
  description: 'No route could be had.',
  schema: ErrorBody,
  example: { error: ROUTE_MESSAGES.noRoute },
};

export const dataOperations = describe([
  {
    method: 'get',
    path: '/api/data/countries/',
    tag: 'Data',
    summary: 'Countries, with their currency',
    auth: 'none',
    responses: {
      200: {
        description: 'Sorted by name.',
        schema: v.array(CountryBody),
        example: [{ name: 'Uganda', code: 'UG', currency: 'UGX' }],
      },
    },
  },
  {
    method: 'get',
    path: '/api/data/currencies/',
    tag: 'Data',
    summary: 'Currencies in use',
    auth: 'none',
    responses: {
      200: {
        description: 'Sorted by code.',
        schema: v.array(CurrencyBody),
        example: [{ code: 'EUR', description: 'Euro' }],
      },
    },
  },
  {
    method: 'get',
    path: '/api/data/rates/',
    tag: 'Data',
    summary: 'Exchange rates: units of each currency per one `base`',
    auth: 'none',
    query: RatesQuery,
    responses: {
      200: {
        description: '`source` says where the rates come from (live, cached, offline snapshot).',
        schema: RatesBody,
        example: {
          base: 'USD',
          date: '2026-09-29',
          source: 'offline snapshot',
          rates: { EUR: 0.85, USD: 1 },
        },
      },
      400: 'FieldErrors',
    },
  },
  {
    method: 'get',
    path: '/api/data/cpi/',
    tag: 'Data',
    summary: 'Consumer price index of a country over years',
    auth: 'none',
    query: CpiQuery,
    responses: {
      200: {
        description: 'The years of the range that have a value, ascending.',
        schema: CpiBody,
        example: { country: 'US', source: 'live: api.worldbank.org', series: [{ year: 2000, value: 68.3 }] },
      },
      400: 'FieldErrors',
      404: 'NotFound',
    },
  },
  {
    method: 'get',
    path: '/api/data/images/',
    tag: 'Data',
    summary: 'Images for a keyword (the Meme Generator)',
    description:
      'Freely licensed emoji shipped with the API, or photos from a live provider when one is configured; at most 10, best first. An empty `q` is refused.',
    auth: 'none',
    query: ImagesQuery,
    responses: {
      200: {
        description: '`[]` when nothing matches.',
        schema: v.array(ImageHitBody),
        example: [
          {
            id: 'cat-face',
            url: '/api/data/images/cat-face.svg',
            width: 128,
            height: 128,
            label: 'cat face',
            credit: 'Noto Emoji by Google',
            licence: 'Apache-2.0',
            source: 'offline',
          },
        ],
      },
      400: 'FieldErrors',
    },
  },
  {
    method: 'get',
    path: '/api/data/images/{file}/',
    tag: 'Data',
    summary: 'One image: an offline emoji as SVG, a live photo as JPEG',
    auth: 'none',
    params: { file: { type: 'string', pattern: IMAGE_FILE.source } },
    responses: {
      200: {
        description: 'The image, cached for a day, with a Content-Security-Policy that runs nothing.',
        contentType: 'image/*',
        schema: { type: 'string', contentMediaType: 'image/*' },
      },
      404: 'NotFound',
      503: {
        description: 'The photo provider did not answer.',
        schema: ErrorBody,
        example: { error: 'The image is not available right now.' },
      },
    },
  },
  {
    method: 'get',
    path: '/api/data/geocode/',
    tag: 'Data',
    summary: 'The place a name means (the most populous of that name)',
    description: `From the ${GAZETTEER_SOURCE}; \`country\` (two letters, optional) narrows it.`,
    auth: 'none',
    query: PlaceQuery,
    responses: {
      200: {
        description: 'The place.',
        schema: GeocodeBody,
        example: {
          name: 'Kampala',
          lat: 0.31628,
          lon: 32.58219,
          country: 'UG',
          population: 1353189,
          source: GAZETTEER_SOURCE,
        },
      },
      400: 'FieldErrors',
      404: {
        description: 'No place of that name.',
        schema: ErrorBody,
        example: { error: ROUTE_MESSAGES.locationNotFound('Xyzzy') },
      },
    },
  },
  {
    method: 'get',
    path: '/api/data/places/',
    tag: 'Data',
    summary: 'Places for type-ahead',
    description: `Up to ${SUGGESTIONS} places: exact names first, then names starting with \`q\`, each group most populous first.`,
    auth: 'none',
    query: PlaceQuery,
    responses: {
      200: {
        description: '`[]` when none.',
        schema: v.array(PlaceBody),
        example: [{ name: 'Kampala', lat: 0.31628, lon: 32.58219, country: 'UG', population: 1353189 }],
      },
      400: 'FieldErrors',
    },
  },
  {
    method: 'get',
    path: '/api/data/route/',
    tag: 'Data',
    summary: 'Road distance and the line of a route between two points',
    description:
      '`from` and `to` as `latitude,longitude`. `source` is the live router, or `estimate` (the great-circle distance × a typical road factor) without one.',
    auth: 'none',
    query: RouteQuery,
    responses: {
      200: {
        description: 'The route.',
        schema: RouteBody,
        example: {
          distance_m: 224000,
          points: [
            [0.31628, 32.58219],
            [1.08209, 34.17503],
          ],
          source: 'estimate',
        },
      },
      400: 'FieldErrors',
      503: NO_ROUTE,
    },
  },
  {
    method: 'get',
    path: '/api/data/route-map/',
    tag: 'Data',
    summary: 'The route between two points drawn on a map',
    description:
      "The route `/api/data/route/` answers for the same `from` and `to`, drawn as SVG shapes on a map `width` × `height` units big: the outlines of the countries in view (Natural Earth 1:110m, Mercator, fitted to the route; `visited` when one of the two ends is in it), the route's line and its two ends (`marks`, start first).",
    auth: 'none',
    query: RouteQuery,
    responses: {
      200: {
        description: 'The map.',
        schema: RouteMapBody,
        example: {
          width: 600,
          height: 360,
          outlines: [{ name: 'Uganda', d: 'M187.2,95.4L…Z', visited: true }],
          route: 'M227.7,255.6L372.3,104.4',
          marks: [
            { x: 227.7, y: 255.6 },
            { x: 372.3, y: 104.4 },
          ],
          source: 'estimate',
        },
      },
      400: 'FieldErrors',
      503: NO_ROUTE,
    },
  },
]);
