/** The first admin from ADMIN_USERNAME / ADMIN_PASSWORD, through the real server. */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { silentLogger } from '../logger';
import { startServer } from '../server';

/** Each test starts an embedded database on disk: seconds each, more on a busy machine. */
describe('the first admin at start', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'toolbox-first-admin-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  const loginStatus = async (url: string, username: string, password: string) =>
    (
      await fetch(`${url}/api/login/`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ username, password }),
      })
    ).status;

  it('starts with no account at all when no admin is configured: no default password', async () => {
    const server = await startServer({ port: 0, hostname: '127.0.0.1', dataDir, logger: silentLogger });
    try {
      for (const [username, password] of [
        ['admin', 'admin'],
        ['admin', 'password'],
        ['admin', 'admin123'],
        ['root', 'root'],
      ] as const) {
        expect(await loginStatus(server.url, username, password)).toBe(400);
      }
    } finally {
      await server.close();
    }
  }, 120_000);

  it('creates the configured admin, and a restart with another password changes nothing', async () => {
    const first = await startServer({
      port: 0,
      hostname: '127.0.0.1',
      dataDir,
      logger: silentLogger,
      admin: { username: 'boss', password: 'the first password' },
    });
    try {
      expect(await loginStatus(first.url, 'boss', 'the first password')).toBe(200);
    } finally {
      await first.close();
    }
    const second = await startServer({
      port: 0,
      hostname: '127.0.0.1',
      dataDir,
      logger: silentLogger,
      admin: { username: 'boss', password: 'a second password' },
    });
    try {
      expect(await loginStatus(second.url, 'boss', 'the first password')).toBe(200);
      expect(await loginStatus(second.url, 'boss', 'a second password')).toBe(400);
    } finally {
      await second.close();
    }
  }, 120_000);
});
