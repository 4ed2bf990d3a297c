/**
 * `npm run bench`: what a visitor downloads and waits for, measured in the system Chromium against
 * the real server on an embedded database.
 * - JavaScript of the first page and of one tool page (gzip, as served), and what the tool page adds;
 * - what a few more tool pages add to the first page, each opened cold from a shared link;
 * - time from navigation to the first result of a tool page opened from a shared link (median of runs).
 * BENCH_RUNS sets the number of timed runs (7); BENCH_STATIC_DIR measures another build (platform/dist).
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { silentLogger } from '@toolbox/api/logger';
import { startServer } from '@toolbox/api/server';
import type { Page } from 'playwright-core';
import { type BrowserSession, launchBrowser } from '../support/browser';

const root = join(import.meta.dirname, '..', '..');
const staticDir = process.env.BENCH_STATIC_DIR ?? join(root, 'platform', 'dist');
const RUNS = Number(process.env.BENCH_RUNS ?? 7);
const TOOL_LINK = '/temperature-converter?value=100&from=Celsius&to=Fahrenheit';
/** More tool pages whose additions are reported: a long list (currency), data and charts (financial). */
const MORE_TOOL_LINKS = [
  '/unit-converter?amount=10&from=m&to=ft',
  '/currency-converter?amount=100&from=USD&to=EUR',
  '/financial-calculator?type=simple-interest&principal=1000&rate=5&time=2',
  // With its first result the fuel page also loads the map (its code and the world outlines).
  '/fuel-cost-converter?from=Kampala&to=Mbale&country=UG&currency=UGX',
];
/** Tool pages measured before any result: what the page itself adds (its form is there). */
const FORM_LINKS = ['/fuel-cost-converter'];

/**
 * Opens `url` cold (fresh context, no service worker, empty HTTP cache) and returns every script it
 * loaded (url → gzip size of its body), once `ready` holds and the network is idle. The bodies are
 * all read before the context closes (a body still being read when it closes would be lost).
 */
async function scriptsOf(
  session: BrowserSession,
  url: string,
  ready?: (page: Page) => Promise<unknown>,
): Promise<Map<string, number>> {
  const context = await session.newContext({ serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const scripts = new Map<string, number>();
    const reading: Promise<void>[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && !response.url().endsWith('.js')) return;
      reading.push(
        response.body().then(
          (body) => void scripts.set(response.url(), gzipSync(body, { level: 9 }).length),
          () => undefined, // a response without a body (redirect, aborted) carries no bytes
        ),
      );
    });
    await page.goto(url, { waitUntil: 'networkidle' });
    await ready?.(page);
    await page.waitForLoadState('networkidle');
    await Promise.all(reading);
    return scripts;
  } finally {
    await context.close();
  }
}

const toolResult = (page: Page) => page.getByTestId('tool-result').waitFor();

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
  const homeScripts = await scriptsOf(session, `${server.url}/`);

  // A tool page opened directly: shell + registry + the tool's view, compute and the worker.
  const addedTo = (scripts: Map<string, number>) => [...scripts].filter(([url]) => !homeScripts.has(url));
  const toolScripts = await scriptsOf(session, `${server.url}${TOOL_LINK}`, toolResult);
  const added = addedTo(toolScripts);
  const more: { link: string; added: [string, number][] }[] = [];
  for (const link of MORE_TOOL_LINKS) {
    more.push({ link, added: addedTo(await scriptsOf(session, `${server.url}${link}`, toolResult)) });
  }
  const forms: { link: string; added: [string, number][] }[] = [];
  for (const link of FORM_LINKS) {
    const form = (page: Page) => page.locator('main form').first().waitFor();
    forms.push({ link, added: addedTo(await scriptsOf(session, `${server.url}${link}`, form)) });
  }

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
  console.log('more tool pages, each cold from a shared link, adding to the first page:');
  for (const { link, added: files } of more) {
    const name = new URL(link, server.url).pathname.slice(1);
    console.log(
      `${`  ${name} adds:`.padEnd(30)}${kb(sum(files.map(([, size]) => size)))} in ${files.length} files`,
    );
    for (const [url, size] of files) console.log(`    + ${kb(size).padStart(9)}  ${new URL(url).pathname}`);
  }
  console.log('tool pages before a result, adding to the first page:');
  for (const { link, added: files } of forms) {
    console.log(
      `${`  ${link.slice(1)} adds:`.padEnd(30)}${kb(sum(files.map(([, size]) => size)))} in ${files.length} files`,
    );
    for (const [url, size] of files) console.log(`    + ${kb(size).padStart(9)}  ${new URL(url).pathname}`);
  }
  console.log(
    `navigation → first result:    median ${median(times).toFixed(0)} ms over ${RUNS} cold runs (${times.map((t) => t.toFixed(0)).join(', ')})`,
  );
} finally {
  await session.close();
  await server.close();
  rmSync(dataDir, { recursive: true, force: true });
}
