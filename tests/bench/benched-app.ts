/**
 * What the front-end benches share: the app they time and the median they report.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { silentLogger } from '@toolbox/api/logger';
import { startServer } from '@toolbox/api/server';

export interface BenchedApp {
  url: string;
  close(): Promise<void>;
}

/** The built platform the benches time: BENCH_STATIC_DIR, else platform/dist, built first when missing. */
export function builtPlatform(): string {
  const root = join(import.meta.dirname, '..', '..');
  const staticDir = process.env.BENCH_STATIC_DIR ?? join(root, 'platform', 'dist');
  if (!existsSync(join(staticDir, 'index.html'))) {
    execFileSync('npm', ['run', 'build', '-w', '@toolbox/platform'], { cwd: root, stdio: 'inherit' });
  }
  return staticDir;
}

/**
 * The app on the built platform (`builtPlatform()`), on an embedded database in a scratch folder
 * that `close` removes.
 */
export async function startBenchedApp(): Promise<BenchedApp> {
  const staticDir = builtPlatform();
  const dataDir = mkdtempSync(join(tmpdir(), 'toolbox-bench-'));
  const server = await startServer({ port: 0, dataDir, staticDir, logger: silentLogger });
  return {
    url: server.url,
    close: async () => {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The middle value (the upper one of an even count); NaN for none. */
export const median = (xs: number[]) =>
  [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;
