/**
 * One server per embedded-database folder. PGlite has no lock of its own: two servers on one
 * DATA_DIR both start, hand out the same ids and lose each other's writes. The first to start
 * writes `toolbox.lock` (its pid, host and start time) in the folder with an exclusive create;
 * another finds it and refuses to start, naming the folder and the process. A lock whose process
 * is gone (a crash, `kill -9`) is stale: it is replaced.
 */
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';

export const LOCK_FILE = 'toolbox.lock';

interface LockContent {
  pid: number;
  host: string;
  startedAt: string;
}

export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  constructor(
    readonly dataDir: string,
    readonly holder: LockContent,
  ) {
    super(
      `The data folder ${dataDir} is in use by another Toolbox server (process ${holder.pid} on ${holder.host}, ` +
        `started ${holder.startedAt}). Two servers on one folder lose each other's writes: stop that one first, ` +
        `or give this one another DATA_DIR. (If no such process runs, delete ${join(dataDir, LOCK_FILE)}.)`,
    );
  }
}

export interface DataDirLock {
  release(): void;
}

/** Whether the process `pid` runs on this machine (EPERM: it does, under another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function readLock(path: string): LockContent | null {
  try {
    const parsed = JSON.parse(readFileSync(path, 'utf8')) as Partial<LockContent>;
    if (typeof parsed.pid !== 'number' || typeof parsed.host !== 'string') return null;
    return { pid: parsed.pid, host: parsed.host, startedAt: String(parsed.startedAt ?? 'unknown') };
  } catch {
    return null;
  }
}

/** Takes the folder's lock or throws DataDirLockedError. The folder must exist. */
export function lockDataDir(dataDir: string): DataDirLock {
  const path = join(dataDir, LOCK_FILE);
  const content: LockContent = { pid: process.pid, host: hostname(), startedAt: new Date().toISOString() };
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const fd = openSync(path, 'wx', 0o644);
      try {
        writeSync(fd, `${JSON.stringify(content)}\n`);
      } finally {
        closeSync(fd);
      }
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        process.off('exit', release);
        // Only our own lock is removed.
        if (readLock(path)?.pid === process.pid) {
          try {
            unlinkSync(path);
          } catch {
            // Already gone.
          }
        }
      };
      process.on('exit', release);
      return { release };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = readLock(path);
    // A lock from another host (a folder shared over the network) cannot be checked: it is honoured.
    const stale = holder === null ? false : holder.host === content.host && !isRunning(holder.pid);
    if (holder && !stale) throw new DataDirLockedError(dataDir, holder);
    if (holder === null && attempt === 0) {
      // Being written right now by a server starting at the same moment, or left empty by a crash:
      // look again once before treating it as stale.
      const again = readLock(path);
      if (again) throw new DataDirLockedError(dataDir, again);
    }
    try {
      unlinkSync(path);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    }
  }
  const holder = readLock(path);
  throw new DataDirLockedError(dataDir, holder ?? { pid: -1, host: 'unknown', startedAt: 'unknown' });
}
