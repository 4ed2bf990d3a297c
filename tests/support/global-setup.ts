/**
 * Once per test run (vitest `globalSetup`, see vitest.config.ts), before any file: one database of
 * each kind, created and migrated by the app's own `openDatabase`, kept as a template.
 *
 * - PGlite: a data folder. Every PGlite test server (`startTestServer`) starts on a copy of it
 *   instead of running PGlite's initdb and every migration again (a copy and an open take well
 *   under a second, a fresh folder several).
 * - PostgreSQL (with TEST_DATABASE_URL): a `toolbox_t_<random>` database, which every scratch
 *   database of a test server copies (`CREATE DATABASE … TEMPLATE`).
 *
 * The servers still run their migrations at start (they find nothing to do), so what is tested is
 * the production start-up; migrating an empty database stays tested where it belongs
 * (api/src/db/client.test.ts, and tests/api/database-loss.test.ts on PostgreSQL). The templates are
 * made by this run's code, so they always have this run's migrations.
 *
 * They reach the test workers through the environment (the workers are forked after this runs), so
 * code outside vitest (the benches) simply starts on an empty database.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '@toolbox/api/db';
import { createScratchDatabase } from '@toolbox/api/db/testing';

/** The PGlite template folder; unset outside vitest. */
export const PGLITE_TEMPLATE_ENV = 'TOOLBOX_TEST_PGLITE_TEMPLATE';
/** The PostgreSQL template database's name; unset outside vitest or without TEST_DATABASE_URL. */
export const POSTGRES_TEMPLATE_ENV = 'TOOLBOX_TEST_POSTGRES_TEMPLATE';

export default async function setup() {
  // Several projects name this setup: the first one makes the templates and removes them at the end.
  if (process.env[PGLITE_TEMPLATE_ENV]) return;
  const cleanUps: (() => Promise<unknown>)[] = [];
  const teardown = async () => {
    for (const cleanUp of cleanUps.reverse()) await cleanUp();
  };
  try {
    const folder = await mkdtemp(join(tmpdir(), 'toolbox-template-'));
    cleanUps.push(() => rm(folder, { recursive: true, force: true }));
    const pglite = await openDatabase({ dataDir: folder });
    await pglite.close();

    const adminUrl = process.env.TEST_DATABASE_URL;
    if (adminUrl) {
      const template = await createScratchDatabase(adminUrl);
      cleanUps.push(() => template.drop());
      // Closed before any copy: PostgreSQL copies a template only while nobody is connected to it.
      const postgres = await openDatabase({ databaseUrl: template.url, dataDir: folder, poolSize: 1 });
      await postgres.close();
      process.env[POSTGRES_TEMPLATE_ENV] = template.name;
      cleanUps.push(async () => delete process.env[POSTGRES_TEMPLATE_ENV]);
    }
    process.env[PGLITE_TEMPLATE_ENV] = folder;
    cleanUps.push(async () => delete process.env[PGLITE_TEMPLATE_ENV]);
  } catch (error) {
    await teardown();
    throw error;
  }
  return teardown;
}
