/**
 * `npm run bench`: what a visitor downloads and waits for, measured in the system Chromium against
 * the real server on an embedded database.
 * - JavaScript of the first page and of one tool page (gzip, as served), and what the tool page adds;
 * - time from navigation to the first result of a tool page opened from a shared link (median of runs).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { silentLogger } from '@toolbox/api/logger';
import { startServer } from '@toolbox/api/server';
import type { Page } from 'playwright-core';
import { launchBrowser } from '../support/browser';

const root = join(import.meta.dirname, '..', '..');
const staticDir = join(root, 'platform', 'dist');
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const TOOL_LINK = '/temperature-converter?value=100&from=Celsius&to=Fahrenheit';

/** Collects every script the page loads: url → gzip size of its body. */
function recordScripts(page: Page): Map<string, number> {
  const scripts = new Map<string, number>();
  page.on('response', async (response) => {
    const type = response.request().resourceType();
    if (type !== 'script' && !response.url().endsWith('.js')) return;
    try {
      scripts.set(response.url(), gzipSync(await response.body(), { level: 9 }).length);
    } catch {
      // a response without a body (redirect, aborted) carries no bytes
    }
  });
  return scripts;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const sum = (sizes: Iterable<number>) => [...sizes].reduce((a, b) => a + b, 0);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? Number.NaN;

if (!existsSync(join(staticDir, 'index.html'))) {
  execFileSync('npm', ['run', 'build', '-w', '@toolbox/platform'], { cwd: root, stdio: 'inherit' });
}
const dataDir = mkdtempSync(join(tmpdir(), 'toolbox-bench-'));
const server = await startServer({ port: 0, dataDir, staticDir, logger: silentLogger });
const session = await launchBrowser();
try {
  // First page: a fresh visitor on Home, no service worker yet.
  const homeContext = await session.newContext({ serviceWorkers: 'block' });
  const home = await homeContext.newPage();
  const homeScripts = recordScripts(home);
  await home.goto(`${server.url}/`, { waitUntil: 'networkidle' });
  await homeContext.close();

  // A tool page opened directly: shell + registry + the tool's view, compute and the worker.
  const toolContext = await session.newContext({ serviceWorkers: 'block' });
  const tool = await toolContext.newPage();
  const toolScripts = recordScripts(tool);
  await tool.goto(`${server.url}${TOOL_LINK}`, { waitUntil: 'networkidle' });
  await tool.getByTestId('tool-result').waitFor();
  await toolContext.close();
  const added = [...toolScripts].filter(([url]) => !homeScripts.has(url));

  // Navigation to first result, cold (fresh context each run, no service worker, HTTP cache empty).
  const times: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await session.newContext({ serviceWorkers: 'block' });
    const page = await context.newPage();
    const started = performance.now();
    await page.goto(`${server.url}${TOOL_LINK}`);
    await page.getByTestId('tool-result').waitFor();
    times.push(performance.now() - started);
    await context.close();
  }

  console.log('\nToolbox benchmark (Chromium headless, server on loopback, gzip level 9 of each script)');
  console.log(`first page JavaScript:        ${kb(sum(homeScripts.values()))} in ${homeScripts.size} files`);
  console.log(`tool page JavaScript:         ${kb(sum(toolScripts.values()))} in ${toolScripts.size} files`);
  console.log(
    `tool page adds:               ${kb(sum(added.map(([, size]) => size)))} in ${added.length} files`,
  );
  for (const [url, size] of added) console.log(`  + ${kb(size).padStart(9)}  ${new URL(url).pathname}`);
  console.log(
    `navigation → first result:    median ${median(times).toFixed(0)} ms over ${RUNS} cold runs (${times.map((t) => t.toFixed(0)).join(', ')})`,
  );
} finally {
  await session.close();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
