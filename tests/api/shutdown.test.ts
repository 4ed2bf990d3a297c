/**
 * Graceful shutdown of the real server process (issue 16, item 2): on SIGTERM a request in flight
 * still gets its answer, new connections are refused, the process exits 0.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScratchDatabase, type ScratchDatabase } from '@toolbox/api/db/testing';
import { TAKE_UP_MS } from '@toolbox/api/http/graceful-stop';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer } from '../support/process';
import { availableDatabases } from '../support/server';

/** The processes whose parent is `pid` (Linux: /proc/<pid>/stat names the parent). */
function childrenOf(pid: number): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === pid;
      } catch {
        return false; // gone meanwhile
      }
    })
    .map(Number);
}

/**
 * A failed login whose body is held back: the server has the request (it answered 100 Continue)
 * while `meanwhile` runs; then the body goes and the answer is read.
 */
function loginHeldBack(
  url: string,
  meanwhile: () => Promise<void>,
): Promise<{ status: number; connection: string | undefined; text: string }> {
  const body = JSON.stringify({ username: 'nobody', password: 'not the password' });
  return new Promise((resolveAnswer, reject) => {
    const req = httpRequest(`${url}/api/login/`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        'Content-Length': String(Buffer.byteLength(body)),
        Expect: '100-continue',
      },
    });
    req.on('error', reject);
    req.on('response', (res) => {
      let text = '';
      res.on('data', (chunk) => {
        text += chunk;
      });
      res.on('end', () =>
        resolveAnswer({ status: res.statusCode ?? 0, connection: res.headers.connection, text }),
      );
    });
    req.on('continue', () => {
      meanwhile().then(() => req.end(body), reject);
    });
  });
}

/**
 * Requests `url`, each on a new connection, until one is refused; the answers before it as
 * "status connection". Fails if none is refused within TAKE_UP_MS and a margin.
 */
async function answersUntilRefused(url: string): Promise<string[]> {
  const answers: string[] = [];
  const deadline = Date.now() + TAKE_UP_MS + 5000;
  while (Date.now() < deadline) {
    try {
      const response = await fetch(url, { headers: { Connection: 'close' } });
      await response.arrayBuffer();
      answers.push(`${response.status} ${response.headers.get('connection')}`);
    } catch {
      return answers;
    }
  }
  throw new Error(`Still accepting connections after ${TAKE_UP_MS + 5000} ms: ${answers.join(', ')}`);
}

for (const database of availableDatabases()) {
  describe(`shutdown [${database}]`, () => {
    const cleanUps: (() => Promise<unknown>)[] = [];
    afterAll(async () => {
      for (const cleanUp of cleanUps.reverse()) await cleanUp();
    });

    it('finishes a request in flight on SIGTERM, refuses new connections, exits 0', async () => {
      const dataDir = await mkdtemp(join(tmpdir(), 'toolbox-shutdown-'));
      cleanUps.push(() => rm(dataDir, { recursive: true, force: true }));
      let scratch: ScratchDatabase | undefined;
      if (database === 'postgres' && process.env.TEST_DATABASE_URL) {
        scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL);
        cleanUps.push(() => (scratch as ScratchDatabase).drop());
      }
      const server = await spawnServer({
        DATA_DIR: dataDir,
        DATABASE_URL: scratch?.url,
        SHUTDOWN_TIMEOUT_MS: '60000',
        // One process: with several cluster workers the primary keeps accepting while they drain
        // (a draining worker then answers 503 with Connection: close).
        WEB_CONCURRENCY: '1',
      });
      cleanUps.push(async () => {
        if (server.child.exitCode === null) server.child.kill('SIGKILL');
      });

      const { status, connection, text } = await loginHeldBack(server.url, async () => {
        server.child.kill('SIGTERM');
        await server.waitFor('SIGTERM: shutting down');
        // Draining: the server first takes up the connections already waiting when the signal
        // came (graceful-stop.ts), so one made now may still be answered, 503 with
        // `Connection: close`; soon after, none is accepted.
        const answers = await answersUntilRefused(`${server.url}/api/health/`);
        expect(answers.filter((answer) => answer !== '503 close')).toEqual([]);
      });
      expect(status).toBe(400);
      expect(JSON.parse(text)).toEqual({ error: 'Unable to log in with provided credentials.' });
      expect(connection).toBe('close');
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('Stopped.');
    }, 180_000);

    if (database === 'postgres') {
      it('stops every cluster worker gracefully when the primary and the workers all get SIGTERM', async () => {
        const scratch = await createScratchDatabase(process.env.TEST_DATABASE_URL ?? '');
        cleanUps.push(() => scratch.drop());
        const server = await spawnServer({ DATABASE_URL: scratch.url, WEB_CONCURRENCY: '2' });
        const pid = server.child.pid ?? 0;
        cleanUps.push(async () => {
          if (server.child.exitCode === null) server.child.kill('SIGKILL');
        });
        await server.waitFor(/listening on[\s\S]*listening on/);
        expect((await fetch(`${server.url}/api/health/`)).status).toBe(200);

        // A login in flight (its body held back), so the workers are still draining when the
        // primary passes the signal on to them.
        const { status } = await loginHeldBack(server.url, async () => {
          // As Ctrl+C in a terminal or `kill -- -PGID`: every process gets the signal (here one
          // after the other: signals sent together may merge into one). The idle worker stops at
          // once, and the primary then passes the signal on: the busy worker has it twice.
          const workers = childrenOf(pid);
          expect(workers).toHaveLength(2);
          for (const worker of workers) process.kill(worker, 'SIGTERM');
          await server.waitFor(/shutting down[\s\S]*shutting down/);
          process.kill(pid, 'SIGTERM');
          await server.waitFor('SIGTERM again');
        });
        expect(status).toBe(400);
        expect(await server.exited).toBe(0);
        const output = server.output();
        expect(output.match(/Stopped\./g)).toHaveLength(2);
        expect(output).not.toContain('again while shutting down');
        expect(output).not.toMatch(/EPIPE|Unhandled|\n\s+at /);
      }, 120_000);
    }
  });
}
