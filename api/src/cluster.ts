/**
 * One API process per core (decision 033). With DATABASE_URL, `npm start` runs a primary that
 * migrates and creates the first admin once, then forks WEB_CONCURRENCY workers (default: the
 * machine's parallelism) that share the listening port through node:cluster. Workers keep nothing
 * in memory that another must see: sessions, counters and the login, sign-up, contact and
 * conversion limits live in the database, and what a worker caches (a search's count) is checked
 * against the database before use. Only the tool-compute throttle is each worker's own
 * (tools/throttle.ts: a row per compute would cost more than the compute). The embedded
 * database (PGlite) is one process's file, so without DATABASE_URL there is exactly one process.
 */
import cluster from 'node:cluster';
import { availableParallelism } from 'node:os';
import { ensureAdmin } from './auth/accounts';
import type { Config } from './config';
import { openDatabase } from './db/client';
import type { Logger } from './logger';

/** How many API processes to run for this configuration. */
export function workerCount(
  config: Pick<Config, 'databaseUrl' | 'webConcurrency'>,
  parallelism = availableParallelism(),
): number {
  if (!config.databaseUrl) return 1;
  return config.webConcurrency ?? Math.max(1, parallelism);
}

/** A worker that exits within this long after its start is not restarted (it would only fail again). */
const EARLY_EXIT_MS = 5_000;

/**
 * In the primary process with more than one worker to run: prepares the database, forks the
 * workers, keeps them running and forwards SIGINT/SIGTERM; returns true (the caller does nothing
 * more). Elsewhere (a worker, or a single process) returns false: the caller starts the server.
 */
export async function runPrimary(config: Config, logger: Logger): Promise<boolean> {
  const count = workerCount(config);
  if (cluster.isWorker || count <= 1) return false;

  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    poolSize: 1,
  });
  try {
    if (config.admin) await ensureAdmin(database.db, config.admin, logger);
  } finally {
    await database.close();
  }

  let stopping = false;
  const fork = () => {
    const started = Date.now();
    const worker = cluster.fork();
    worker.once('exit', (code, signal) => {
      if (stopping) return;
      if (code === 0 && !signal) {
        // It stopped gracefully on a signal of its own (one sent to the whole process group, as
        // Ctrl+C does): the others stop too, and so does this process.
        stop('An API worker stopped');
        return;
      }
      if (Date.now() - started < EARLY_EXIT_MS) {
        logger.error(`An API worker exited during start (${signal ?? code}): stopping.`);
        stop('worker failure', 1);
        return;
      }
      logger.error(`An API worker exited (${signal ?? code}): starting another.`);
      fork();
    });
  };
  const stop = (reason: string, exitCode = 0) => {
    if (stopping) return;
    stopping = true;
    logger.info(`${reason}: stopping ${Object.keys(cluster.workers ?? {}).length} API workers`);
    for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGTERM');
    cluster.on('exit', () => {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
    });
    if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(exitCode);
  };
  let signalled = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (signalled) {
      // Asked twice (Ctrl+C again): the workers' requests in flight are given up.
      logger.warn(`${signal} again while stopping: the API workers are killed now.`);
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill('SIGKILL');
      process.exit(1);
    }
    signalled = true;
    stop(signal);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);

  logger.info(`Starting ${count} API workers (WEB_CONCURRENCY)`);
  for (let index = 0; index < count; index += 1) fork();
  return true;
}

/** In a worker the primary has already created the first admin. */
export const isClusterWorker = () => cluster.isWorker;
