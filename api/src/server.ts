/**
 * Starts the API: opens (and migrates) the database, builds the app, listens. Run directly
 * (`npm start -w @toolbox/api`, i.e. `node --import tsx src/server.ts`: decision 142) it reads the
 * environment (see config.ts) and shuts down gracefully on SIGINT/SIGTERM (`installShutdown`);
 * tests call `startServer` with port 0.
 *
 * Shutting down (`RunningServer.close`): the server stops accepting connections and drains: the
 * requests in flight finish (at most `shutdownTimeoutMs`, SHUTDOWN_TIMEOUT_MS, then the remaining
 * connections are cut), idle keep-alive connections are closed at once and every answer sent while
 * draining says `Connection: close`; /api/health/ answers 503 meanwhile. Then the database closes.
 */
import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { getRequestListener } from '@hono/node-server';
import { createApp, type ToolsOptions } from './app';
import { type AdminAccount, ensureAdmin } from './auth/accounts';
import { warmUpPasswordHashing } from './auth/password';
import { measureStoredImagesInBackground } from './blog/measure-stored-images';
import { isClusterWorker, runPrimary } from './cluster';
import { ConfigError, loadConfig } from './config';
import { createOfficeEngine, findSoffice, type OfficeEngine } from './convert/office';
import { openDatabase } from './db/client';
import { DataDirLockedError } from './db/data-dir-lock';
import { isEntry } from './entry';
import { type FollowedConnections, followConnections } from './http/graceful-stop';
import { closeGently } from './http/lingering-close';
import { answerExpectations, answerUnreadableRequest } from './http/unreadable-requests';
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
  /** SHUTDOWN_TIMEOUT_MS: how long `close()` lets requests in flight finish. */
  shutdownTimeoutMs?: number | undefined;
  /** ANSWER_CACHE_ENTRIES: anonymous answers kept in memory; 0 keeps none (default in app.ts). */
  answerCacheEntries?: number | undefined;
  /**
   * Once listening, measure in the background the post images stored before their size was kept
   * (blog/measure-stored-images.ts); default true. One process of a cluster does it.
   */
  measureImages?: boolean | undefined;
}

export const DEFAULT_SHUTDOWN_TIMEOUT_MS = 10_000;

export interface RunningServer {
  /** e.g. `http://127.0.0.1:41234`, no trailing slash. */
  url: string;
  port: number;
  database: 'pglite' | 'postgres';
  /** True from the moment `close()` is called. */
  readonly draining: boolean;
  /**
   * Graceful: stop accepting, let requests in flight finish (bounded by the shutdown time-out),
   * close the database. Resolves `{ forced: true }` when connections had to be cut.
   */
  close(): Promise<{ forced: boolean }>;
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
  shutdownTimeoutMs = DEFAULT_SHUTDOWN_TIMEOUT_MS,
  answerCacheEntries,
  measureImages = true,
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
  let draining = false;
  const app = createApp({
    db: database.db,
    staticDir: servedDir,
    logger,
    providers,
    storage,
    trustProxy,
    tools,
    office: engine,
    isDraining: () => draining,
    answerCacheEntries,
  });

  let server: Server;
  let connections: FollowedConnections | undefined;
  let address: AddressInfo;
  try {
    ({ server, address } = await new Promise<{ server: Server; address: AddressInfo }>(
      (resolvePromise, reject) => {
        // Without Host, or with one that is not a host name, a request gets the app's JSON 400
        // rather than Node's empty one (http/unreadable-requests.ts).
        const created = createServer(
          { requireHostHeader: false },
          getRequestListener(app.fetch, { errorHandler: answerUnreadableRequest }),
        );
        answerExpectations(created);
        // Refused requests get their whole answer, however much body the client still sends.
        closeGently(created);
        connections = followConnections(created);
        created.once('error', reject);
        created.listen(port, hostname, () =>
          resolvePromise({ server: created, address: created.address() as AddressInfo }),
        );
      },
    ));
  } catch (error) {
    await database.close();
    throw error;
  }

  const host = !hostname || hostname === '0.0.0.0' || hostname === '::' ? 'localhost' : hostname;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${address.port}`;
  logger.info(`Toolbox API listening on ${url} (database: ${database.kind})`);
  // The first login with an unknown username then takes no longer than a wrong password.
  warmUpPasswordHashing();
  const stopMeasuring = new AbortController();
  const measuring = measureImages
    ? measureStoredImagesInBackground(database.db, storage, logger, stopMeasuring.signal)
    : Promise.resolve();

  let closing: Promise<{ forced: boolean }> | undefined;
  return {
    url,
    port: address.port,
    database: database.kind,
    get draining() {
      return draining;
    },
    close() {
      closing ??= (async () => {
        draining = true;
        // Keep-alive connections waiting for a next request are closed now; the busy ones once
        // their answer is written out (it says `Connection: close`, app.ts), not cut as Node's own
        // close would (http/graceful-stop.ts).
        const closed = connections?.stop() ?? Promise.resolve();
        let timer: NodeJS.Timeout | undefined;
        const timedOut = new Promise<'timeout'>((resolveTimeout) => {
          timer = setTimeout(() => resolveTimeout('timeout'), shutdownTimeoutMs);
        });
        const outcome = await Promise.race([closed.then(() => 'drained' as const), timedOut]);
        clearTimeout(timer);
        const forced = outcome === 'timeout';
        if (forced) {
          logger.warn(`Requests still running after ${shutdownTimeoutMs} ms: their connections are cut.`);
          server.closeAllConnections();
          await closed;
        }
        stopMeasuring.abort();
        await measuring;
        await app.dispose();
        await database.close();
        return { forced };
      })();
      return closing;
    },
  };
}

/**
 * Shuts `running` down gracefully on SIGTERM and SIGINT (and, in a cluster worker, when the
 * primary disconnects it), then exits: 0 once drained, 1 when the shutdown failed. A second signal
 * while draining exits at once (in a single process; a cluster's primary forces its workers). One call per process: api/src/cluster.ts calls it in every worker.
 */
export function installShutdown(
  running: Pick<RunningServer, 'close'>,
  { logger, exit = (code: number) => process.exit(code) }: { logger: Logger; exit?: (code: number) => void },
): (reason: string) => void {
  let started = false;
  const shutdown = (reason: string) => {
    if (started && cluster.isWorker) {
      // A signal to the process group reaches a worker twice (directly and from the primary): the
      // worker goes on draining; forcing is the primary's to do (cluster.ts).
      logger.info(`${reason} again: still finishing the requests in flight.`);
      return;
    }
    if (started) {
      logger.warn(`${reason} again while shutting down: exiting now.`);
      exit(1);
      return;
    }
    started = true;
    logger.info(`${reason}: shutting down (finishing the requests in flight)`);
    running.close().then(
      ({ forced }) => {
        logger.info(forced ? 'Stopped (some requests were cut).' : 'Stopped.');
        exit(0);
      },
      (error: unknown) => {
        logger.error('Shutdown failed', error);
        exit(1);
      },
    );
  };
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));
  if (cluster.isWorker) {
    process.once('disconnect', () => shutdown('Disconnected by the primary'));
    // A primary gone before this worker (killed) cannot hear its server close: nothing to tell it.
    cluster.worker?.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'EPIPE' && error.code !== 'ERR_IPC_CHANNEL_CLOSED')
        logger.error('Cluster channel', error);
    });
  }
  return shutdown;
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
  const starting = startServer({
    ...config,
    admin,
    logger,
    providers,
    measureImages: !isClusterWorker() || cluster.worker?.id === 1,
  });
  // Installed before the server says it listens: a signal sent as soon as it has said so (by a
  // supervisor, or a test) reaches these handlers, not the default action that ends the process at
  // once. A signal during the start stops the server once it has started.
  installShutdown({ close: async () => (await starting).close() }, { logger });
  await starting;
}

if (isEntry(import.meta.url)) {
  main().catch((error: unknown) => {
    if (error instanceof DataDirLockedError) {
      console.error(error.message);
      process.exit(1);
    }
    console.error('The API could not start:', error);
    process.exit(1);
  });
}
