/**
 * Opens the database: embedded PGlite in a data folder by default, PostgreSQL through postgres.js
 * when a URL is given. Both run the same migrations (`api/drizzle`) before anything else uses them,
 * and both are exposed as the same drizzle `Database` type, so route code never knows which it has.
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { type SQLWrapper, sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js';
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator';
import postgres from 'postgres';
import { lockDataDir } from './data-dir-lock';
import * as schema from './schema';

export type Schema = typeof schema;

/** The drizzle database as route code sees it, whichever driver is underneath. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;

export interface OpenDatabaseOptions {
  /** `postgres://…`: use that server. Unset: embedded PGlite in `dataDir`. */
  databaseUrl?: string | undefined;
  /** PGlite's data folder (created if missing); `memory://` keeps it in memory. Ignored for PostgreSQL. */
  dataDir: string;
  /** PostgreSQL connections this process may open (DATABASE_POOL_SIZE; postgres.js' default 10). */
  poolSize?: number | undefined;
}

export interface OpenedDatabase {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL and returns its rows on either driver (PGlite answers `{ rows }`, postgres.js an array). */
  execute<T extends Record<string, unknown> = Record<string, unknown>>(
    query: SQLWrapper | string,
  ): Promise<T[]>;
  close(): Promise<void>;
}

export const migrationsFolder = fileURLToPath(new URL('../../drizzle', import.meta.url));

/** Any constant works; it only has to be the same on every API node. */
const MIGRATION_LOCK_ID = 7_461_823;

export async function openDatabase({
  databaseUrl,
  dataDir,
  poolSize = 10,
}: OpenDatabaseOptions): Promise<OpenedDatabase> {
  return databaseUrl ? openPostgres(databaseUrl, poolSize) : openPglite(dataDir);
}

async function openPglite(dataDir: string): Promise<OpenedDatabase> {
  const onDisk = !dataDir.includes('://');
  if (onDisk) await mkdir(dataDir, { recursive: true });
  // Before anything touches the folder: one server per folder (db/data-dir-lock.ts).
  const lock = onDisk ? lockDataDir(dataDir) : undefined;
  let client: PGlite;
  try {
    // One options object: `new PGlite(dataDir, { extensions })` silently ignores the extensions.
    client = new PGlite({ dataDir, extensions: { pg_trgm } });
  } catch (error) {
    lock?.release();
    throw error;
  }
  try {
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db,
      kind: 'pglite',
      async execute<T extends Record<string, unknown>>(query: SQLWrapper | string) {
        const result = await db.execute<T>(query);
        return result.rows as T[];
      },
      async close() {
        try {
          await client.close();
        } finally {
          lock?.release();
        }
      },
    };
  } catch (error) {
    await client.close().catch(() => {});
    lock?.release();
    throw error;
  }
}

/**
 * Time-outs that keep a lost or stuck database from holding requests (and from committing a write
 * after its client was told it failed): connecting gives up after DB_CONNECT_TIMEOUT_S; on the
 * server, a statement is cancelled after DB_STATEMENT_TIMEOUT_MS and a transaction left open
 * (its client gone) is rolled back after DB_IDLE_TRANSACTION_TIMEOUT_MS. A statement cancelled or
 * a connection lost answers 503 (db/unavailable.ts).
 */
export const DB_CONNECT_TIMEOUT_S = 3;
export const DB_STATEMENT_TIMEOUT_MS = 10_000;
export const DB_IDLE_TRANSACTION_TIMEOUT_MS = 10_000;

async function openPostgres(url: string, poolSize: number): Promise<OpenedDatabase> {
  const base = {
    onnotice: () => {},
    connect_timeout: DB_CONNECT_TIMEOUT_S,
    keep_alive: 5,
    // postgres.js waits up to 20 s (growing with each failure) before reconnecting, and holds the
    // queries meanwhile: they hung, then ran once the database was back, after their clients had
    // been told nothing. A short, capped pause makes them fail (503) at once instead.
    backoff: (retries: number) => Math.min(0.05 * retries, 0.5),
  };
  // Migrations may wait for another node's migration lock: no statement time-out there.
  await migrateWithLock(url, base);
  const client = postgres(url, {
    ...base,
    max: poolSize,
    connection: {
      statement_timeout: DB_STATEMENT_TIMEOUT_MS,
      idle_in_transaction_session_timeout: DB_IDLE_TRANSACTION_TIMEOUT_MS,
      // Statements are prepared once per connection; planning each execution for its own values
      // keeps a search's plan right for its term (trigram index for a rare one, newest-first walk
      // for a common one) instead of one generic plan for all.
      plan_cache_mode: 'force_custom_plan',
    },
  });
  const db = drizzlePostgres({ client, schema });
  return {
    db,
    kind: 'postgres',
    async execute<T extends Record<string, unknown>>(query: SQLWrapper | string) {
      const rows = await db.execute<T>(query);
      return [...rows] as T[];
    },
    close: () => client.end({ timeout: 5 }),
  };
}

/**
 * Several API nodes may start together against one server: an advisory lock, held on the single
 * connection that runs the migrations, lets one of them migrate while the others wait.
 */
async function migrateWithLock(url: string, options: postgres.Options<Record<string, never>>) {
  const client = postgres(url, { ...options, max: 1 });
  try {
    const db = drizzlePostgres({ client, schema });
    await db.execute(sql`select pg_advisory_lock(${MIGRATION_LOCK_ID})`);
    try {
      await migratePostgres(db, { migrationsFolder });
    } finally {
      await db.execute(sql`select pg_advisory_unlock(${MIGRATION_LOCK_ID})`);
    }
  } finally {
    await client.end({ timeout: 5 });
  }
}
