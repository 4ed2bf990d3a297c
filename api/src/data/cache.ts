/**
 * Live answers kept in the database (`data_cache`), shared by every API node: a fresh cached answer
 * is served without calling the provider; when the provider fails, the last cached answer (however
 * old) stands in. Each `LiveData` also remembers, in memory, that a provider has just failed, so a
 * provider that is down costs one slow request a minute rather than one per visitor, and it makes
 * concurrent requests for the same answer share one provider call.
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client';
import { dataCache } from '../db/schema';
import type { Logger } from '../logger';
import { ProviderError } from './fetch-json';

/** After a provider fails, it is left alone for this long (answers come from the fallback). */
export const PROVIDER_RETRY_MS = 60_000;

export interface CachedAnswer {
  body: unknown;
  fetchedAt: Date;
}

export async function readCache(db: Database, key: string): Promise<CachedAnswer | undefined> {
  const [row] = await db
    .select({ body: dataCache.body, fetchedAt: dataCache.fetchedAt })
    .from(dataCache)
    .where(eq(dataCache.key, key))
    .limit(1);
  return row;
}

export async function writeCache(db: Database, key: string, body: unknown, fetchedAt: Date): Promise<void> {
  await db
    .insert(dataCache)
    .values({ key, body, fetchedAt })
    .onConflictDoUpdate({ target: dataCache.key, set: { body, fetchedAt } });
}

/** One kind of answer from one provider, e.g. the USD rates table or one country's CPI range. */
export interface LiveQuery<T> {
  /** The `data_cache` key, e.g. `rates:USD`. */
  key: string;
  /** How long a cached answer is served without asking the provider. */
  maxAgeMs: number;
  /** Calls the provider; throws ProviderError when it fails or answers nonsense. */
  fetch(): Promise<T>;
  /** Reads a cached body back; undefined when it is not (or no longer) a valid answer. */
  fromCache(body: unknown): T | undefined;
}

export type LiveResult<T> =
  /** Just fetched, or cached less than `maxAgeMs` ago. */
  | { status: 'live'; value: T; fetchedAt: Date }
  /** The provider failed: the last cached answer, older than `maxAgeMs`. */
  | { status: 'stale'; value: T; fetchedAt: Date }
  /** The provider failed and nothing is cached. */
  | { status: 'unavailable' };

export interface LiveDataOptions {
  /** Names the provider in the log, e.g. `rates`. */
  name: string;
  /** The clock for cache ages; tests move it forward. */
  now?: () => number;
  retryMs?: number;
}

export class LiveData {
  private readonly now: () => number;
  private readonly retryMs: number;
  private failedAt: number | undefined;
  private readonly inFlight = new Map<string, Promise<LiveResult<unknown>>>();

  constructor(private readonly options: LiveDataOptions) {
    this.now = options.now ?? Date.now;
    this.retryMs = options.retryMs ?? PROVIDER_RETRY_MS;
  }

  /** Concurrent requests for one key share one answer (one cache read, at most one provider call). */
  get<T>(db: Database, logger: Logger, query: LiveQuery<T>): Promise<LiveResult<T>> {
    let pending = this.inFlight.get(query.key) as Promise<LiveResult<T>> | undefined;
    if (!pending) {
      pending = this.resolve(db, logger, query);
      this.inFlight.set(query.key, pending);
      const forget = () => this.inFlight.delete(query.key);
      pending.then(forget, forget);
    }
    return pending;
  }

  private async resolve<T>(db: Database, logger: Logger, query: LiveQuery<T>): Promise<LiveResult<T>> {
    const cached = await this.read(db, logger, query);
    if (cached && this.now() - cached.fetchedAt.getTime() < query.maxAgeMs)
      return { status: 'live', ...cached };
    const fresh = await this.refresh(db, logger, query);
    if (fresh) return { status: 'live', ...fresh };
    if (cached) return { status: 'stale', ...cached };
    return { status: 'unavailable' };
  }

  private async read<T>(db: Database, logger: Logger, query: LiveQuery<T>) {
    try {
      const row = await readCache(db, query.key);
      const value = row && query.fromCache(row.body);
      return value === undefined || !row ? undefined : { value, fetchedAt: row.fetchedAt };
    } catch (error) {
      logger.error(`${this.options.name}: could not read the cached answer ${query.key}`, error);
      return undefined;
    }
  }

  /** Asks the provider (unless it failed a moment ago) and caches its answer; undefined on failure. */
  private async refresh<T>(db: Database, logger: Logger, query: LiveQuery<T>) {
    const started = this.now();
    if (this.failedAt !== undefined && started - this.failedAt < this.retryMs) return undefined;
    let value: T;
    try {
      value = await query.fetch();
    } catch (error) {
      if (!(error instanceof ProviderError)) throw error;
      this.failedAt = this.now();
      logger.warn(`${this.options.name}: provider failed for ${query.key}: ${error.message}`);
      return undefined;
    }
    this.failedAt = undefined;
    const fetchedAt = new Date(this.now());
    try {
      await writeCache(db, query.key, value, fetchedAt);
    } catch (error) {
      logger.error(`${this.options.name}: could not cache the answer ${query.key}`, error);
    }
    return { value, fetchedAt };
  }
}
