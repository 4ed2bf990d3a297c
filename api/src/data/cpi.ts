/**
 * Consumer price index. No package ships one (docs/api.md, Data for the tools), so offline there is none. Live when
 * CPI_URL is set: the World Bank API, `GET {CPI_URL}/country/{CC}/indicator/FP.CPI.TOTL?date=A:B&format=json&per_page=100`
 * → `[meta, [{ date: "2020", value: 123.4 | null }, …]]`, newest first; the second element is
 * missing or null when the country is unknown. Each country and range is cached for a day.
 */
import * as v from 'valibot';
import type { Database } from '../db/client';
import type { Logger } from '../logger';
import { LiveData } from './cache';
import { fetchJson, ProviderError } from './fetch-json';

export const CPI_MAX_AGE_MS = 24 * 60 * 60 * 1000;
export const CPI_INDICATOR = 'FP.CPI.TOTL';
/** Pages the provider is asked for at most (1900..this year is under 300 years at 100 a page). */
const MAX_PAGES = 3;

export const CPI_NOT_AVAILABLE = 'Inflation data not available for selected years.';

export const CPI_SOURCE = {
  live: (host: string) => `live: ${host}`,
  cached: 'cached live answer (provider unavailable)',
} as const;

export interface CpiPoint {
  year: number;
  value: number;
}

export interface CpiAnswer {
  country: string;
  source: string;
  series: CpiPoint[];
}

const WorldBankEntry = v.object({
  date: v.pipe(v.string(), v.regex(/^\d{4}$/)),
  value: v.nullish(v.pipe(v.number(), v.finite())),
});

const WorldBankAnswer = v.looseTuple([
  v.looseObject({ pages: v.optional(v.pipe(v.number(), v.integer(), v.minValue(0))) }),
  v.nullish(v.array(WorldBankEntry)),
]);

export interface WorldBankPage {
  /** How many pages the answer has (1 when the meta does not say). */
  pages: number;
  series: CpiPoint[];
}

/** Reads one page of a World Bank answer; entries without a value are skipped. */
export function parseWorldBank(json: unknown): WorldBankPage {
  const parsed = v.safeParse(WorldBankAnswer, json);
  if (!parsed.success) {
    throw new ProviderError(`answered an unexpected shape (${v.getDotPath(parsed.issues[0]) ?? 'root'})`);
  }
  const [meta, entries] = parsed.output;
  const series = (entries ?? []).flatMap(({ date, value }) =>
    value === null || value === undefined ? [] : [{ year: Number(date), value }],
  );
  return { pages: meta.pages ?? 1, series };
}

/** Ascending by year, one point a year, only the years asked for. */
export function normaliseSeries(points: readonly CpiPoint[], start: number, end: number): CpiPoint[] {
  const byYear = new Map<number, number>();
  for (const { year, value } of points) {
    if (year >= start && year <= end && !byYear.has(year)) byYear.set(year, value);
  }
  return [...byYear].sort(([a], [b]) => a - b).map(([year, value]) => ({ year, value }));
}

/** The provider's URL for one page. */
export function worldBankUrl(baseUrl: string, country: string, start: number, end: number, page = 1) {
  const base = baseUrl.replace(/\/+$/, '');
  const url = `${base}/country/${country}/indicator/${CPI_INDICATOR}?date=${start}:${end}&format=json&per_page=100`;
  return page > 1 ? `${url}&page=${page}` : url;
}

const CachedSeries = v.object({
  series: v.array(v.object({ year: v.pipe(v.number(), v.integer()), value: v.pipe(v.number(), v.finite()) })),
  host: v.string(),
});
type CachedSeries = v.InferOutput<typeof CachedSeries>;

export interface CpiProviderOptions {
  /** The World Bank API's base, e.g. `https://api.worldbank.org/v2`; unset means no CPI. */
  url?: string | undefined;
  timeoutMs: number;
  now?: (() => number) | undefined;
}

export interface CpiService {
  /** The answer, or undefined when no data covers the request (answered 404). */
  series(
    db: Database,
    logger: Logger,
    country: string,
    start: number,
    end: number,
  ): Promise<(CpiAnswer & { fallback: boolean }) | undefined>;
}

export function createCpiService({ url, timeoutMs, now }: CpiProviderOptions): CpiService {
  if (!url) return { series: async () => undefined };
  const host = new URL(url).host;
  const live = new LiveData({ name: 'cpi', now });

  const fetchSeries = async (country: string, start: number, end: number): Promise<CachedSeries> => {
    const first = parseWorldBank(await fetchJson(worldBankUrl(url, country, start, end), { timeoutMs }));
    const points = [...first.series];
    for (let page = 2; page <= Math.min(first.pages, MAX_PAGES); page++) {
      const next = parseWorldBank(
        await fetchJson(worldBankUrl(url, country, start, end, page), { timeoutMs }),
      );
      points.push(...next.series);
    }
    return { series: normaliseSeries(points, start, end), host };
  };

  return {
    async series(db, logger, country, start, end) {
      const result = await live.get(db, logger, {
        key: `cpi:${country}:${start}:${end}`,
        maxAgeMs: CPI_MAX_AGE_MS,
        fetch: () => fetchSeries(country, start, end),
        fromCache: (body) => {
          const parsed = v.safeParse(CachedSeries, body);
          return parsed.success ? parsed.output : undefined;
        },
      });
      if (result.status === 'unavailable' || result.value.series.length === 0) return undefined;
      const { series, host: from } = result.value;
      return result.status === 'live'
        ? { country, source: CPI_SOURCE.live(from), series, fallback: false }
        : { country, source: CPI_SOURCE.cached, series, fallback: true };
    },
  };
}
