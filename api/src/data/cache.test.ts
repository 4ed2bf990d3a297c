import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, type OpenedDatabase, openDatabase } from '../db/client';
import { createScratchDatabase, type ScratchDatabase } from '../db/testing';
import { createLogger } from '../logger';
import { LiveData, type LiveQuery, PROVIDER_RETRY_MS, readCache, writeCache } from './cache';
import { ProviderError } from './fetch-json';

const backends: { name: string; adminUrl?: string }[] = [{ name: 'pglite' }];
if (process.env.TEST_DATABASE_URL)
  backends.push({ name: 'postgres', adminUrl: process.env.TEST_DATABASE_URL });

const logger = createLogger('silent');
const HOUR = 60 * 60 * 1000;

/** A query whose provider answers what `answers` holds next (a value, or an error to throw). */
function query(key: string, answers: unknown[]) {
  let calls = 0;
  const q: LiveQuery<{ n: number }> & { calls: () => number } = {
    key,
    maxAgeMs: HOUR,
    async fetch() {
      calls++;
      const next = answers.shift();
      if (next instanceof Error) throw next;
      return next as { n: number };
    },
    fromCache: (body) =>
      body && typeof body === 'object' && typeof (body as { n?: unknown }).n === 'number'
        ? (body as { n: number })
        : undefined,
    calls: () => calls,
  };
  return q;
}

describe.each(backends)('the data cache on $name', ({ adminUrl }) => {
  let database: OpenedDatabase;
  let scratch: ScratchDatabase | undefined;
  let db: Database;
  let clock = Date.parse('2026-10-01T00:00:00Z');
  const now = () => clock;

  beforeAll(async () => {
    if (adminUrl) scratch = await createScratchDatabase(adminUrl);
    database = await openDatabase({ dataDir: 'memory://', databaseUrl: scratch?.url });
    db = database.db;
  });
  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });

  it('keeps a JSON body and its time, and replaces it', async () => {
    const body = { date: '2026-10-01', rates: { EUR: 0.9, USD: 1 }, host: 'example.com' };
    await writeCache(db, 'test:roundtrip', body, new Date(clock));
    expect(await readCache(db, 'test:roundtrip')).toEqual({ body, fetchedAt: new Date(clock) });
    await writeCache(db, 'test:roundtrip', { n: 2 }, new Date(clock + 1000));
    expect(await readCache(db, 'test:roundtrip')).toEqual({
      body: { n: 2 },
      fetchedAt: new Date(clock + 1000),
    });
    expect(await readCache(db, 'test:absent')).toBeUndefined();
  });

  it('fetches, serves from the cache while fresh, falls back to it when the provider fails', async () => {
    const live = new LiveData({ name: 'test', now });
    const q = query('test:flow', [{ n: 1 }, new ProviderError('down'), { n: 3 }]);
    expect(await live.get(db, logger, q)).toMatchObject({ status: 'live', value: { n: 1 } });
    clock += HOUR - 1;
    expect(await live.get(db, logger, q)).toMatchObject({ status: 'live', value: { n: 1 } });
    expect(q.calls()).toBe(1);
    clock += 1;
    expect(await live.get(db, logger, q)).toMatchObject({ status: 'stale', value: { n: 1 } });
    expect(q.calls()).toBe(2);
    // Within the retry pause the provider is not asked.
    clock += PROVIDER_RETRY_MS - 1;
    expect(await live.get(db, logger, q)).toMatchObject({ status: 'stale', value: { n: 1 } });
    expect(q.calls()).toBe(2);
    clock += 1;
    expect(await live.get(db, logger, q)).toMatchObject({ status: 'live', value: { n: 3 } });
    expect(q.calls()).toBe(3);
  });

  it('answers unavailable when the provider fails and nothing is cached', async () => {
    const live = new LiveData({ name: 'test', now });
    const q = query('test:nothing', [new ProviderError('garbage')]);
    expect(await live.get(db, logger, q)).toEqual({ status: 'unavailable' });
  });

  it('ignores a cached body it cannot read', async () => {
    await writeCache(db, 'test:corrupt', { something: 'else' }, new Date(clock));
    const live = new LiveData({ name: 'test', now });
    const q = query('test:corrupt', [new ProviderError('down')]);
    expect(await live.get(db, logger, q)).toEqual({ status: 'unavailable' });
  });

  it('lets concurrent requests share one provider call', async () => {
    const live = new LiveData({ name: 'test', now });
    const q = query('test:concurrent', [{ n: 7 }, { n: 8 }]);
    const results = await Promise.all(Array.from({ length: 5 }, () => live.get(db, logger, q)));
    expect(results.map((r) => r.status === 'live' && r.value.n)).toEqual([7, 7, 7, 7, 7]);
    expect(q.calls()).toBe(1);
  });

  it('answers from the provider when the database cannot be read or written', async () => {
    const failing = {
      select: () => {
        throw new Error('db down');
      },
      insert: () => {
        throw new Error('db down');
      },
    } as unknown as Database;
    const live = new LiveData({ name: 'test', now });
    const q = query('test:nodb', [{ n: 5 }, { n: 6 }]);
    expect(await live.get(failing, logger, q)).toMatchObject({ status: 'live', value: { n: 5 } });
  });

  it('lets a programming error through rather than hiding it as a provider failure', async () => {
    const live = new LiveData({ name: 'test', now });
    const q = query('test:bug', [new TypeError('bug')]);
    await expect(live.get(db, logger, q)).rejects.toThrow(TypeError);
  });
});
