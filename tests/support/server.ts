/**
 * Black-box test harness: the real API (the same `startServer` as production) on a free port,
 * with its own database, migrated and empty. One server per test file and database, because
 * starting one costs a second or more.
 *
 *   describeEachDatabase('profiles', (api) => {
 *     it('lists nothing at first', async () => {
 *       const { status, body } = await api.json('/api/profiles/');
 *       expect(status).toBe(401);
 *     });
 *   });
 *
 * Every suite runs on embedded PGlite (a fresh temporary DATA_DIR) and, when TEST_DATABASE_URL
 * is set, again on PostgreSQL in a fresh `toolbox_t_<random>` database dropped afterwards. Under
 * vitest both start as copies of the run's migrated templates (global-setup.ts).
 * Request logging stays off unless LOG_LEVEL is set; server errors are still printed.
 */
import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScratchDatabase, type ScratchDatabase } from '@toolbox/api/db/testing';
import { createLogger, LOG_LEVELS, type LogLevel } from '@toolbox/api/logger';
import { type RunningServer, type StartServerOptions, startServer } from '@toolbox/api/server';
import { afterAll, beforeAll, describe } from 'vitest';
import { PGLITE_TEMPLATE_ENV, POSTGRES_TEMPLATE_ENV } from './global-setup';

export type DatabaseKind = 'pglite' | 'postgres';

/** The admin every test server starts with (ADMIN_USERNAME / ADMIN_PASSWORD of the real server). */
export interface TestAdmin {
  username: string;
  password: string;
}

/** The default admin of every test server: `admin`, with a password drawn once per test process. */
export const ADMIN: TestAdmin = Object.freeze({
  username: 'admin',
  password: `admin-${randomBytes(12).toString('hex')}`,
});

export interface StartTestServerOptions {
  /** Default 'pglite'; 'postgres' needs TEST_DATABASE_URL. */
  database?: DatabaseKind;
  /** A built platform to serve (e.g. a temporary folder with an index.html). */
  staticDir?: string;
  /** The admin created at start; default ADMIN (`admin` with a random password). */
  admin?: TestAdmin;
  /** Live data providers for /api/data (e.g. a fake provider on loopback); unset: offline data. */
  providers?: StartServerOptions['providers'];
  /** The tools' API: plugin folders, compute time limit, throttle; unset: the defaults. */
  tools?: StartServerOptions['tools'];
  /** The file converter's server engine; default: LibreOffice when soffice is on PATH. */
  office?: StartServerOptions['office'];
  /** The client's address from X-Forwarded-For, so a test can speak from several addresses. */
  trustProxy?: boolean;
}

export interface JsonInit extends Omit<RequestInit, 'body'> {
  /** Sent as JSON (with its Content-Type) unless it is already a string, FormData or similar. */
  body?: unknown;
}

export interface JsonAnswer<T> {
  status: number;
  headers: Headers;
  /** The parsed body; null when it was empty. */
  body: T;
}

export interface TestServer {
  /** Origin of the running server, e.g. `http://127.0.0.1:41234`. */
  url: string;
  database: DatabaseKind;
  /** PostgreSQL only: the scratch database's URL. */
  databaseUrl: string | undefined;
  /** PGlite only: the temporary data folder. */
  dataDir: string;
  /** The admin created at start: log in with it (tests/support/accounts.ts) to create other accounts. */
  admin: TestAdmin;
  /** `fetch` against the server; `path` starts with `/`. Redirects are not followed. */
  request(path: string, init?: RequestInit): Promise<Response>;
  /** `request` with a JSON body in and a parsed JSON body out. */
  json<T = unknown>(path: string, init?: JsonInit): Promise<JsonAnswer<T>>;
  close(): Promise<void>;
}

/** The databases this run can test: PGlite always, PostgreSQL when TEST_DATABASE_URL is set. */
export function availableDatabases(): DatabaseKind[] {
  return process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];
}

function testLogger() {
  const wanted = process.env.LOG_LEVEL?.toLowerCase();
  const level = LOG_LEVELS.find((known) => known === wanted) ?? ('error' satisfies LogLevel);
  return createLogger(level);
}

export async function startTestServer({
  database = 'pglite',
  staticDir,
  providers,
  tools,
  office,
  trustProxy,
  admin = ADMIN,
}: StartTestServerOptions = {}): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'toolbox-test-'));
  let scratch: ScratchDatabase | undefined;
  let running: RunningServer | undefined;
  const cleanUp = async () => {
    await running?.close();
    await scratch?.drop();
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    if (database === 'postgres') {
      const adminUrl = process.env.TEST_DATABASE_URL;
      if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set: PostgreSQL tests cannot run.');
      scratch = await createScratchDatabase(adminUrl, { template: process.env[POSTGRES_TEMPLATE_ENV] });
    } else {
      // A copy of the run's migrated template (global-setup.ts), when there is one.
      const template = process.env[PGLITE_TEMPLATE_ENV];
      if (template) await cp(template, dataDir, { recursive: true });
    }
    running = await startServer({
      port: 0,
      hostname: '127.0.0.1',
      dataDir,
      databaseUrl: scratch?.url,
      staticDir,
      logger: testLogger(),
      admin,
      providers,
      tools,
      office,
      trustProxy,
    });
  } catch (error) {
    await cleanUp();
    throw error;
  }

  const url = running.url;
  const request = (path: string, init?: RequestInit) =>
    fetch(new URL(path, url), { redirect: 'manual', ...init });
  return {
    url,
    database,
    databaseUrl: scratch?.url,
    dataDir,
    admin,
    request,
    async json<T>(path: string, { body, headers, ...init }: JsonInit = {}) {
      const sendsJson =
        body !== undefined && (typeof body !== 'object' || body === null || isPlainData(body));
      const finalHeaders = new Headers(headers);
      if (!finalHeaders.has('Accept')) finalHeaders.set('Accept', 'application/json');
      if (sendsJson && !finalHeaders.has('Content-Type'))
        finalHeaders.set('Content-Type', 'application/json');
      const res = await request(path, {
        ...init,
        headers: finalHeaders,
        body: sendsJson && typeof body !== 'string' ? JSON.stringify(body) : (body as BodyInit | undefined),
      });
      const text = await res.text();
      return { status: res.status, headers: res.headers, body: (text ? JSON.parse(text) : null) as T };
    },
    close: cleanUp,
  };
}

/** Plain objects and arrays are sent as JSON; FormData, Blob, URLSearchParams and streams as they are. */
function isPlainData(value: object) {
  return Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype;
}

export interface DescribeEachDatabaseOptions {
  /** The platform folder to serve; a function is called when the server starts. */
  staticDir?: string | (() => string);
  /** Live data providers; a function is called when the server starts, so it can name a fake provider started in a top-level beforeAll. */
  providers?: StartTestServerOptions['providers'] | (() => StartTestServerOptions['providers']);
  /** The tools' API options (plugin folders, time limit, throttle); a function is called when the server starts. */
  tools?: StartTestServerOptions['tools'] | (() => StartTestServerOptions['tools']);
}

/**
 * Declares the suite once per available database (`name [pglite]`, `name [postgres]`). `api`
 * is usable inside tests and hooks (not while declaring them): its server starts in beforeAll
 * and stops in afterAll.
 */
export function describeEachDatabase(
  name: string,
  suite: (api: TestServer) => void,
  options: DescribeEachDatabaseOptions = {},
) {
  for (const database of availableDatabases()) {
    describe(`${name} [${database}]`, () => {
      let server: TestServer | undefined;
      const current = () => {
        if (!server) throw new Error('The test server is not running: use the API inside tests and hooks.');
        return server;
      };
      beforeAll(async () => {
        const staticDir = typeof options.staticDir === 'function' ? options.staticDir() : options.staticDir;
        const providers = typeof options.providers === 'function' ? options.providers() : options.providers;
        const tools = typeof options.tools === 'function' ? options.tools() : options.tools;
        server = await startTestServer({ database, staticDir, providers, tools });
      });
      afterAll(async () => {
        await server?.close();
        server = undefined;
      });
      const api: TestServer = {
        get url() {
          return current().url;
        },
        get database() {
          return database;
        },
        get databaseUrl() {
          return current().databaseUrl;
        },
        get dataDir() {
          return current().dataDir;
        },
        get admin() {
          return current().admin;
        },
        request: (path, init) => current().request(path, init),
        json: (path, init) => current().json(path, init),
        close: () => current().close(),
      };
      suite(api);
    });
  }
}
