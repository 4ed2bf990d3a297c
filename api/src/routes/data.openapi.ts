/** OpenAPI operations of routes/data.ts (outside data for the tools). */

import * as v from 'valibot';
import { describe } from '../openapi/describe';
import { CountryBody, CpiBody, CurrencyBody, RatesBody } from '../openapi/shapes';
import { CpiQuery, RatesQuery } from './data';

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
]);
