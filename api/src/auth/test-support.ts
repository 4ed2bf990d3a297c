/**
 * For the auth tests: one migrated database per describe block, on PGlite in memory and, when
 * TEST_DATABASE_URL is set, on a scratch PostgreSQL database. Never used by the running server.
 */
import { afterAll, beforeAll } from 'vitest';
import { type OpenedDatabase, openDatabase } from '../db/client';
import { createScratchDatabase, type ScratchDatabase } from '../db/testing';

export const BACKENDS: { name: 'pglite' | 'postgres'; adminUrl?: string }[] = [{ name: 'pglite' }];
if (process.env.TEST_DATABASE_URL)
  BACKENDS.push({ name: 'postgres', adminUrl: process.env.TEST_DATABASE_URL });

/** Call inside a describe block; the returned function gives the open database inside tests. */
export function useTestDatabase(adminUrl: string | undefined): () => OpenedDatabase {
  let database: OpenedDatabase | undefined;
  let scratch: ScratchDatabase | undefined;
  beforeAll(async () => {
    if (adminUrl) scratch = await createScratchDatabase(adminUrl);
    database = await openDatabase({ dataDir: 'memory://', databaseUrl: scratch?.url });
  });
  afterAll(async () => {
    await database?.close();
    await scratch?.drop();
  });
  return () => {
    if (!database) throw new Error('The test database is not open yet.');
    return database;
  };
}
