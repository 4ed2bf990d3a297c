/**
 * Exchange rates. Offline: the dated snapshot in `@fawazahmed0/currency-api` (pinned version; its
 * `v1/currencies/usd.json`, `{ date, usd: { eur: 0.88, … } }`). Live when RATES_URL is set: the
 * open.er-api shape `{ result: 'success', time_last_update_unix, base_code: 'USD', rates: { USD: 1, … } }`,
 * cached for an hour. Tables are kept USD-based and re-based per request.
 */
import snapshot from '@fawazahmed0/currency-api/v1/currencies/usd.json' with { type: 'json' };
import * as v from 'valibot';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import { LiveData } from './cache';
import { KNOWN_CURRENCY_CODES } from './countries';
import { fetchJson, ProviderError } from './fetch-json';

/** A live table is served from the cache for this long. */
export const RATES_MAX_AGE_MS = 60 * 60 * 1000;
export const RATES_CACHE_KEY = 'rates:USD';

export const SOURCE = {
  offline: 'offline snapshot',
  live: (host: string) => `live: ${host}`,
  cached: 'cached live answer (provider unavailable)',
  offlineFallback: 'offline snapshot (provider unavailable)',
} as const;

/** Units of each currency per US dollar, upper-case ISO codes, USD = 1. */
export type UsdRates = Record<string, number>;

export interface RatesTable {
  /** `YYYY-MM-DD`: the day the rates are of. */
  date: string;
  rates: UsdRates;
}

export interface RatesAnswer {
  base: string;
  date: string;
  source: string;
  rates: Record<string, number>;
}

const positiveRate = v.pipe(v.number(), v.finite(), v.gtValue(0));
const isoDate = v.pipe(v.string(), v.isoDate());

/** Keeps the ISO currencies (dropping crypto tokens and non-ISO names), upper-cased, sorted, with USD = 1. */
function toUsdRates(entries: Record<string, number>): UsdRates {
  const rates: UsdRates = { USD: 1 };
  for (const [key, rate] of Object.entries(entries)) {
    const code = key.toUpperCase();
    if (code !== 'USD' && /^[A-Z]{3}$/.test(code) && KNOWN_CURRENCY_CODES.has(code)) rates[code] = rate;
  }
  return Object.fromEntries(Object.entries(rates).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
}

const Snapshot = v.object({ date: isoDate, usd: v.record(v.string(), positiveRate) });

/** Reads the package's `usd.json`. */
export function parseSnapshot(json: unknown): RatesTable {
  const { date, usd } = v.parse(Snapshot, json);
  return { date, rates: toUsdRates(usd) };
}

export const OFFLINE_RATES: RatesTable = parseSnapshot(snapshot);

const OpenErApiAnswer = v.object({
  result: v.literal('success'),
  // Seconds since 1970, at most year 2999 (a larger number would not make a date).
  time_last_update_unix: v.pipe(v.number(), v.integer(), v.minValue(1), v.maxValue(32_503_680_000)),
  base_code: v.literal('USD'),
  rates: v.record(v.string(), positiveRate),
});

/** Reads an open.er-api answer; anything else is a ProviderError. */
export function parseOpenErApi(json: unknown): RatesTable {
  const parsed = v.safeParse(OpenErApiAnswer, json);
  if (!parsed.success) {
    throw new ProviderError(`answered an unexpected shape (${v.getDotPath(parsed.issues[0]) ?? 'root'})`);
  }
  const { time_last_update_unix: updated, rates } = parsed.output;
  const table = toUsdRates(rates);
  if (Object.keys(table).length < 2) throw new ProviderError('answered no known currency');
  return { date: new Date(updated * 1000).toISOString().slice(0, 10), rates: table };
}

/** The table against `base` (which must be in it): rates[base] = 1. */
export function rebase(rates: UsdRates, base: string): Record<string, number> {
  const perUsd = rates[base];
  if (perUsd === undefined) throw new Error(`${base} is not in the table`);
  return Object.fromEntries(
    Object.entries(rates).map(([code, rate]) => [code, code === base ? 1 : rate / perUsd]),
  );
}

/** What the cache keeps: the table and the provider's host. */
const CachedTable = v.object({
  date: isoDate,
  rates: v.record(v.pipe(v.string(), v.regex(/^[A-Z]{3}$/)), positiveRate),
  host: v.string(),
});
type CachedTable = v.InferOutput<typeof CachedTable>;

export interface RatesProviderOptions {
  /** The live provider's full URL (open.er-api shape); unset means offline only. */
  url?: string | undefined;
  timeoutMs: number;
  now?: (() => number) | undefined;
}

export interface RatesService {
  /** The USD-based table to answer with, and where it came from. */
  table(db: Database, logger: Logger): Promise<RatesTable & { source: string; fallback: boolean }>;
}

export function createRatesService({ url, timeoutMs, now }: RatesProviderOptions): RatesService {
  if (!url) {
    return { table: async () => ({ ...OFFLINE_RATES, source: SOURCE.offline, fallback: false }) };
  }
  const host = new URL(url).host;
  const live = new LiveData({ name: 'rates', now });
  const query = {
    key: RATES_CACHE_KEY,
    maxAgeMs: RATES_MAX_AGE_MS,
    fetch: async (): Promise<CachedTable> => ({
      ...parseOpenErApi(await fetchJson(url, { timeoutMs })),
      host,
    }),
    fromCache: (body: unknown) => {
      const parsed = v.safeParse(CachedTable, body);
      return parsed.success ? parsed.output : undefined;
    },
  };
  return {
    async table(db, logger) {
      const result = await live.get(db, logger, query);
      switch (result.status) {
        case 'live': {
          const { date, rates, host: from } = result.value;
          return { date, rates, source: SOURCE.live(from), fallback: false };
        }
        case 'stale': {
          const { date, rates } = result.value;
          return { date, rates, source: SOURCE.cached, fallback: true };
        }
        case 'unavailable':
          return { ...OFFLINE_RATES, source: SOURCE.offlineFallback, fallback: true };
      }
    },
  };
}
