/**
 * Graceful shutdown of the real server process (issue 16, item 2): on SIGTERM a request in flight
 * still gets its answer, new connections are refused, the process exits 0.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createScratchDatabase, type ScratchDatabase } from '@toolbox/api/db/testing';
import { afterAll, describe, expect, it } from 'vitest';
import { spawnServer } from '../support/process';
import { availableDatabases } from '../support/server';

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

      const body = JSON.stringify({ username: 'nobody', password: 'not the password' });
      // The server has the request (it answered 100 Continue) but not its body yet.
      const answer = new Promise<{ status: number; connection: string | undefined; text: string }>(
        (resolveAnswer, reject) => {
          const req = httpRequest(`${server.url}/api/login/`, {
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
          req.on('continue', async () => {
            server.child.kill('SIGTERM');
            await server.waitFor('SIGTERM: shutting down');
            // Draining: no new connection is accepted.
            await expect(fetch(`${server.url}/api/health/`)).rejects.toThrow();
            req.end(body);
          });
        },
      );
      const { status, connection, text } = await answer;
      expect(status).toBe(400);
      expect(JSON.parse(text)).toEqual({ error: 'Unable to log in with provided credentials.' });
      expect(connection).toBe('close');
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('Stopped.');
    }, 180_000);
  });
}
