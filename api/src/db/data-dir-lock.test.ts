import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './client';
import { DataDirLockedError, LOCK_FILE, lockDataDir } from './data-dir-lock';

describe('one server per PGlite data folder (issue 16, item 1)', () => {
  const folders: string[] = [];
  const newFolder = () => {
    const dir = mkdtempSync(join(tmpdir(), 'toolbox-lock-'));
    folders.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of folders.splice(0)) rmSync(dir, { recursive: true, force: true });
  });
  const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const writeLock = (dataDir: string, pid: number | undefined) =>
    writeFileSync(
      join(dataDir, LOCK_FILE),
      JSON.stringify({ pid, host: hostname(), startedAt: '2026-11-24T01:00:00.000Z' }),
    );

  it('writes the pid in the folder, refuses a second lock while held, and frees it on release', () => {
    const dataDir = newFolder();
    const lock = lockDataDir(dataDir);
    expect(JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8'))).toMatchObject({
      pid: process.pid,
      host: hostname(),
    });
    expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
    lock.release();
    expect(existsSync(join(dataDir, LOCK_FILE))).toBe(false);
    lockDataDir(dataDir).release();
  });

  it('refuses to open the database while another process holds the folder, naming both', async () => {
    const dataDir = newFolder();
    const other = spawn(process.execPath, ['-e', 'setInterval(() => {}, 1000)'], { stdio: 'ignore' });
    try {
      writeLock(dataDir, other.pid);
      await expect(openDatabase({ dataDir })).rejects.toThrow(
        new RegExp(
          `^The data folder ${escapeRegExp(dataDir)} is in use by another Toolbox server \\(process ${other.pid} on ${escapeRegExp(hostname())}, started 2026-11-24T01:00:00.000Z\\)`,
        ),
      );
      // The other server's lock is left alone.
      expect(JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8')).pid).toBe(other.pid);
    } finally {
      other.kill();
    }
  });

  it('replaces a stale lock left by a process that is gone', () => {
    const dataDir = newFolder();
    writeLock(dataDir, spawnSync(process.execPath, ['-e', '0']).pid);
    const lock = lockDataDir(dataDir);
    expect(JSON.parse(readFileSync(join(dataDir, LOCK_FILE), 'utf8')).pid).toBe(process.pid);
    lock.release();
  });
});
