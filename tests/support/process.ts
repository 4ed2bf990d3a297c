/**
 * The API as a separate process, exactly as `npm start -w @toolbox/api` runs it (`node --import tsx
 * src/server.ts`), for what only a real process shows: signals, exit codes, two servers on one
 * data folder. Used by tests/api/shutdown.test.ts and the reliability script.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';

export const SERVER_ENTRY = join(import.meta.dirname, '..', '..', 'api', 'src', 'server.ts');

export interface ServerProcess {
  child: ChildProcess;
  /** `http://127.0.0.1:<port>` once listening. */
  url: string;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
  /** Resolves when the output contains `text`. */
  waitFor(text: string | RegExp): Promise<void>;
  /** Resolves with the exit code (null when killed by a signal). */
  exited: Promise<number | null>;
}

/**
 * Starts the server with `env` (PORT 0 unless given). Resolves once it listens, rejects when it
 * exits first (with its output in the message). LOG_LEVEL must stay `info` or lower: the
 * "listening on" line is how the port is learnt.
 */
export async function spawnServer(env: Record<string, string | undefined>): Promise<ServerProcess> {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    env: { ...process.env, PORT: '0', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const waiters: { test: (text: string) => boolean; resolve: () => void }[] = [];
  const onData = (chunk: Buffer) => {
    output += chunk.toString();
    for (const waiter of [...waiters]) {
      if (waiter.test(output)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve();
      }
    }
  };
  child.stdout?.on('data', onData);
  child.stderr?.on('data', onData);
  const exited = new Promise<number | null>((resolveExit) => child.once('exit', (code) => resolveExit(code)));
  const waitFor = (text: string | RegExp) =>
    new Promise<void>((resolveWait, reject) => {
      const test = (all: string) => (typeof text === 'string' ? all.includes(text) : text.test(all));
      if (test(output)) return resolveWait();
      waiters.push({ test, resolve: resolveWait });
      void exited.then(() => {
        if (!test(output)) reject(new Error(`The server exited before printing ${text}:\n${output}`));
      });
    });
  await waitFor(/listening on http:\/\/\S+:\d+/);
  const port = /listening on http:\/\/\S+:(\d+)/.exec(output)?.[1];
  return { child, url: `http://127.0.0.1:${port}`, output: () => output, waitFor, exited };
}
