/**
 * Test support: a fresh PostgreSQL database per test file, so files never see each other's rows:
 * empty (the migrations run from scratch) or a copy of a template (the black-box tests copy one
 * database migrated once per run). Used by the API's own tests and by tests/support; never by the
 * running server.
 */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

export interface ScratchDatabase {
  /** URL of the new database (same server and credentials as the admin URL). */
  url: string;
  name: string;
  /** Drops the database, ending any connection still open to it. */
  drop(): Promise<void>;
}

export interface ScratchDatabaseOptions {
  /**
   * Copy this database (`CREATE DATABASE … TEMPLATE`, e.g. one already migrated) instead of the
   * server's empty default; nothing may be connected to it meanwhile.
   */
  template?: string | undefined;
}

/** Creates `toolbox_t_<random>` on the server of `adminUrl` (e.g. TEST_DATABASE_URL). */
export async function createScratchDatabase(
  adminUrl: string,
  { template }: ScratchDatabaseOptions = {},
): Promise<ScratchDatabase> {
  const name = `toolbox_t_${randomBytes(6).toString('hex')}`;
  const admin = () => postgres(adminUrl, { max: 1, onnotice: () => {} });
  const sql = admin();
  try {
    await sql.unsafe(
      `CREATE DATABASE "${name}"${template ? ` TEMPLATE "${template.replaceAll('"', '""')}"` : ''}`,
    );
  } finally {
    await sql.end({ timeout: 5 });
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    name,
    async drop() {
      const dropper = admin();
      try {
        await dropper.unsafe(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
      } finally {
        await dropper.end({ timeout: 5 });
      }
    },
  };
}
