/**
 * Starts the API: opens (and migrates) the database, builds the app, listens. Run directly
 * (`npm start -w @toolbox/api`, i.e. `tsx src/server.ts`) it reads the environment (see config.ts)
 * and shuts down cleanly on SIGINT/SIGTERM; tests call `startServer` with port 0.
 */
import { existsSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { serve } from '@hono/node-server';
import { createApp, type ToolsOptions } from './app';
import { type AdminAccount, ensureAdmin } from './auth/accounts';
import { isClusterWorker, runPrimary } from './cluster';
import { ConfigError, loadConfig } from './config';
import { createOfficeEngine, findSoffice, type OfficeEngine } from './convert/office';
import { openDatabase } from './db/client';
import { isEntry } from './entry';
import { createLogger, type Logger } from './logger';
import type { DataProviderOptions } from './routes/data';
import { createDiskStorage } from './storage/storage';

export interface StartServerOptions {
  /** 0 picks a free port. */
  port: number;
  /** Interface to listen on; all of them when unset. */
  hostname?: string | undefined;
  dataDir: string;
  databaseUrl?: string | undefined;
  /** The built platform; ignored (with a warning) when it holds no index.html. */
  staticDir?: string | undefined;
  logger?: Logger | undefined;
  /** TRUST_PROXY: the client's address comes from X-Forwarded-For (one reverse proxy in front). */
  trustProxy?: boolean | undefined;
  /** ADMIN_USERNAME / ADMIN_PASSWORD: created as an admin when no user has that name (never overwritten). */
  admin?: AdminAccount | undefined;
  /** Live data providers for /api/data; unset: offline data only. */
  providers?: DataProviderOptions | undefined;
  /** The tools' API: plugin folders, compute time limit, throttle (defaults in app.ts). */
  tools?: ToolsOptions | undefined;
  /** The File Converter's server engine; by default LibreOffice when `soffice` is on PATH, else none. */
  office?: OfficeEngine | undefined;
  /** DATABASE_POOL_SIZE: PostgreSQL connections of this process. */
  poolSize?: number | undefined;
}

export interface RunningServer {
  /** e.g. `http://127.0.0.1:41234`, no trailing slash. */
  url: string;
  port: number;
  database: 'pglite' | 'postgres';
  close(): Promise<void>;
}

export async function startServer({
  port,
  hostname,
  dataDir,
  databaseUrl,
  staticDir,
  logger = createLogger('info'),
  trustProxy,
  admin,
  providers,
  tools,
  office,
  poolSize,
}: StartServerOptions): Promise<RunningServer> {
  const database = await openDatabase({ databaseUrl, dataDir, poolSize });
  if (admin) {
    try {
      await ensureAdmin(database.db, admin, logger);
    } catch (error) {
      await database.close();
      throw error;
    }
  }
  let servedDir = staticDir;
  if (staticDir && !existsSync(join(staticDir, 'index.html'))) {
    logger.warn(
      `No built platform in ${staticDir} (run \`npm run build -w @toolbox/platform\`): serving the API only.`,
    );
    servedDir = undefined;
  }
  const storage = createDiskStorage(join(dataDir, 'uploads'));
  const engine = office ?? createOfficeEngine(await findSoffice());
  if (!engine.soffice)
    logger.info('LibreOffice (soffice) not found: the file converter works in the browser only.');
  const app = createApp({
    db: database.db,
    staticDir: servedDir,
    logger,
    providers,
    storage,
    trustProxy,
    tools,
    office: engine,
  });

  let server: ReturnType<typeof serve>;
  let address: AddressInfo;
  try {
    ({ server, address } = await new Promise<{ server: ReturnType<typeof serve>; address: AddressInfo }>(
      (resolvePromise, reject) => {
        const created = serve({ fetch: app.fetch, port, hostname }, (info) =>
          resolvePromise({ server: created, address: info }),
        );
        created.once('error', reject);
      },
    ));
  } catch (error) {
    await database.close();
    throw error;
  }

  const host = !hostname || hostname === '0.0.0.0' || hostname === '::' ? 'localhost' : hostname;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
  logger.info(`Toolbox API listening on ${url} (database: ${database.kind})`);

  let closing: Promise<void> | undefined;
  return {
    url,
    port: address.port,
    database: database.kind,
    close() {
      closing ??= (async () => {
        await new Promise<void>((resolveClose) => {
          server.close(() => resolveClose());
          if ('closeAllConnections' in server) server.closeAllConnections();
        });
        await app.dispose();
        await database.close();
      })();
      return closing;
    },
  };
}

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(1);
    }
    throw error;
  }
  const logger = createLogger(config.logLevel);
  const providers = {
    ratesUrl: config.ratesUrl,
    cpiUrl: config.cpiUrl,
    pixabayKey: config.pixabayKey,
    pixabayUrl: config.pixabayUrl,
    timeoutMs: config.dataTimeoutMs,
    route: config.route,
  };
  if (await runPrimary(config, logger)) return;
  const admin = isClusterWorker() ? undefined : config.admin;
  const running = await startServer({ ...config, admin, logger, providers });

  const shutdown = (signal: string) => {
    logger.info(`${signal}: shutting down`);
    const force = setTimeout(() => {
      logger.error('Shutdown took longer than 10 s: exiting anyway');
      process.exit(1);
    }, 10_000);
    force.unref();
    running.close().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error('Shutdown failed', error);
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', () => shutdown('SIGINT'));
  process.once('SIGTERM', () => shutdown('SIGTERM'));
}

if (isEntry(import.meta.url)) {
  main().catch((error: unknown) => {
    console.error('The API could not start:', error);
    process.exit(1);
  });
}
