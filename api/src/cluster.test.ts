/**
 * One API process per core with DATABASE_URL, exactly one on the embedded database: the count
 * rule, and the real `server.ts` started as `npm start` starts it, counting the processes that
 * say they listen.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { workerCount } from './cluster';
import { createScratchDatabase, type ScratchDatabase } from './db/testing';

const apiDir = fileURLToPath(new URL('..', import.meta.url));
const postgresUrls = process.env.TEST_DATABASE_URL ? [process.env.TEST_DATABASE_URL] : [];

describe('workerCount', () => {
  it('is one on the embedded database, whatever WEB_CONCURRENCY says', () => {
    expect(workerCount({ databaseUrl: undefined, webConcurrency: undefined }, 8)).toBe(1);
    expect(workerCount({ databaseUrl: undefined, webConcurrency: 4 }, 8)).toBe(1);
  });
  it('is WEB_CONCURRENCY with DATABASE_URL, else the machine parallelism', () => {
    const databaseUrl = 'postgres://x@127.0.0.1/db';
    expect(workerCount({ databaseUrl, webConcurrency: 3 }, 8)).toBe(3);
    expect(workerCount({ databaseUrl, webConcurrency: undefined }, 8)).toBe(8);
    expect(workerCount({ databaseUrl, webConcurrency: undefined }, 2)).toBe(2);
  });
});

/**
 * `npm start`'s command (package.json): node itself, with tsx as its loader. tsx's own command runs
 * the server as its child and, on SIGTERM, kills it outright when it has not said within 30 ms that
 * it got the signal, as a busy machine may not: the requests in flight were lost (decision 142).
 */
const [startCommand = '', ...startArgs] = (
  JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as {
    scripts: { start: string };
  }
).scripts.start.split(' ');

it('`npm start` runs the server in node itself, tsx its loader', () => {
  expect([startCommand, ...startArgs]).toEqual(['node', '--import', 'tsx', 'src/server.ts']);
});

/** Starts server.ts with `env`; resolves with its output once `listening` processes said so. */
function start(env: Record<string, string>, listening: number) {
  const child = spawn(process.execPath, startArgs, {
    cwd: apiDir,
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const ready = new Promise<string>((resolve, reject) => {
    const check = () => {
      if ((output.match(/Toolbox API listening on/g) ?? []).length >= listening) resolve(output);
    };
    child.stdout?.on('data', (chunk) => {
      output += String(chunk);
      check();
    });
    child.stderr?.on('data', (chunk) => {
      output += String(chunk);
    });
    child.once('exit', (code) => reject(new Error(`server.ts exited with ${code}:\n${output}`)));
  });
  return { child, ready, output: () => output };
}

/** Sends SIGTERM; resolves with how the process ended: its exit code, or the signal that ended it. */
function stop(child: ChildProcess) {
  return new Promise<number | string>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null)
      return resolve(child.exitCode ?? `${child.signalCode}`);
    child.once('exit', (code, signal) => resolve(code ?? `${signal}`));
    child.kill('SIGTERM');
  });
}

describe('npm start', () => {
  const cleanups: (() => Promise<unknown>)[] = [];
  afterAll(async () => {
    for (const cleanup of cleanups.reverse()) await cleanup();
  });

  it('runs one process on the embedded database even with WEB_CONCURRENCY set', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'toolbox-cluster-'));
    cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
    const server = start({ DATA_DIR: dataDir, DATABASE_URL: '', WEB_CONCURRENCY: '3' }, 1);
    cleanups.push(() => stop(server.child));
    const output = await server.ready;
    expect(output).toContain('(database: pglite)');
    expect(output).not.toContain('API workers');
    expect(await stop(server.child), server.output()).toBe(0);
    expect((server.output().match(/Toolbox API listening on/g) ?? []).length).toBe(1);
  }, 120_000);

  // On PostgreSQL only (TEST_DATABASE_URL), like every test that needs a server.
  for (const adminUrl of postgresUrls) {
    it('runs WEB_CONCURRENCY worker processes with DATABASE_URL, and stops them all', async () => {
      const scratch: ScratchDatabase = await createScratchDatabase(adminUrl);
      cleanups.push(() => scratch.drop());
      const server = start({ DATABASE_URL: scratch.url, WEB_CONCURRENCY: '2' }, 2);
      cleanups.push(() => stop(server.child));
      const output = await server.ready;
      expect(output).toContain('Starting 2 API workers (WEB_CONCURRENCY)');
      expect((output.match(/Toolbox API listening on/g) ?? []).length).toBe(2);
      expect(await stop(server.child), server.output()).toBe(0);
    }, 120_000);
  }
});
