/**
 * `npm run bench`: what a visitor's browser really transfers and waits for, in the system Chromium
 * against the real server on an embedded database.
 * - JavaScript of the first page, of tool pages and of the page plugins' public pages as
 *   transferred (the encoded body size of each response in Chromium's own network records, with the
 *   Content-Encoding the server chose), and the number of scripts and requests;
 * - time from navigation to the first result on screen (the page's own answer or the app's; the
 *   first frame that shows it, on the page's clock) of three tools opened from a shared link, cold
 *   (fresh context, empty cache), warm (a new tab in the same context: HTTP cache and service worker
 *   in play) and back later (the same, once the browser has stopped the idle service worker, as it
 *   does after about 30 s), median of the runs; and the first paint of a tool page opened at its own
 *   path, back later; and, back later, the time until a page the server renders with its data
 *   shows it (the blog's first card, the newest post's title);
 * - with BENCH_LIGHTHOUSE=1, Lighthouse (mobile preset) performance and accessibility of `/`, three
 *   tool pages and the blog, the median of BENCH_LIGHTHOUSE_RUNS (3) runs each (and the longest tasks
 *   of the run with the median TBT: lighthouse-summary.ts), with the CPU index
 *   Lighthouse measured on this machine (its `benchmarkIndex`: it simulates a phone by slowing this
 *   CPU 4×, so a slower machine scores lower; below about 1000 it warns). Lighthouse is not a
 *   dependency of the project: `npx` fetches lighthouse@13 on demand.
 * BENCH_RUNS sets the number of timed runs (7; 0: bytes and requests only); BENCH_STATIC_DIR measures
 * another build (platform/dist).
 */
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { EARLY_RESULT } from '@toolbox/platform/src/early-answer';
import type { BrowserContext, Page } from 'playwright-core';
import { CHROME_PATH, launchBrowser } from '../support/browser';
import {
  addedTo,
  BMI_LINK,
  CURRENCY_LINK,
  FORM_LINKS,
  FUEL_LINK,
  firstResultShown,
  heading,
  kb,
  MORE_TOOL_LINKS,
  PAGE_LINKS,
  RESULT,
  routeMap,
  sum,
  TOOL_LINK,
  toolResult,
  type Visit,
  visit,
} from '../support/page-weight';
import { median, startBenchedApp } from './benched-app';
import { type LighthouseReport, summarizeLighthouse } from './lighthouse-summary';

const RUNS = Number(process.env.BENCH_RUNS ?? 7);
/** The tools timed to their first result. */
const TIMED_LINKS = [TOOL_LINK, BMI_LINK, CURRENCY_LINK];
/** The page whose first paint is timed when a visitor comes back to it (no query: a bookmark). */
const RETURN_PAGE = '/bmi-calculator';
/**
 * Pages the server renders with their data, and what shows it: timed to the frame that shows it
 * when a visitor comes back (their service worker installed by a visit to the About page, then
 * stopped). The newest post's page is added once the bench knows its id.
 */
const FIRST_CARD = '[data-testid="post-grid"] article';
const POST_TITLE = 'main article h1';

const RESULT_ATTRIBUTES = ['data-testid', EARLY_RESULT];

/**
 * Has every page of `context` note, from its document's start, when its first result is shown: the
 * time of the first frame (its `requestAnimationFrame` time, in ms from the navigation's start)
 * in which a result is in the page and visible. Playwright's wait alone would say when it looked:
 * it polls 0, 20, 50, 100, 100 and then 500 ms apart, so a result that comes after about 270 ms
 * was timed up to half a second late.
 */
const noteResultTimes = (context: BrowserContext, shown: string = RESULT) =>
  context.addInitScript(
    ([selector, attributes]) => {
      const page = window as typeof window & { resultShownAt?: number };
      // One look per frame, however many changes came before it.
      let looking = false;
      const observer = new MutationObserver(() => {
        if (looking) return;
        looking = true;
        requestAnimationFrame((frame) => {
          looking = false;
          if (!document.querySelector(selector)?.checkVisibility()) return;
          page.resultShownAt = frame;
          observer.disconnect();
        });
      });
      observer.observe(document, {
        childList: true,
        subtree: true,
        attributes: true,
        attributeFilter: attributes,
      });
    },
    [shown, RESULT_ATTRIBUTES] as const,
  );

/**
 * Waits for the page's first result and returns when it was shown (above). A result shown by a
 * change that moves nothing in the page (a stylesheet that reveals it) is not noted: it is timed
 * by the wait's end, on the page's clock.
 */
async function resultShown(page: Page, shown: string = RESULT): Promise<number> {
  await page.locator(shown).first().waitFor();
  return page.evaluate(
    () => (window as typeof window & { resultShownAt?: number }).resultShownAt ?? performance.now(),
  );
}

/** The browser stops an idle service worker after about 30 s: a visitor coming back finds it stopped. */
async function stopServiceWorkers(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  await cdp.detach();
}

/** The page's first contentful paint, in ms from its navigation's start. */
const firstPaint = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) =>
        new PerformanceObserver((list, observer) => {
          const paint = list.getEntriesByName('first-contentful-paint')[0];
          if (!paint) return;
          observer.disconnect();
          resolve(paint.startTime);
        }).observe({ type: 'paint', buffered: true }),
      ),
  );

const encodings = (v: Visit) => [...v.encodings].join(', ');
/** The pages Lighthouse audits: the first page, three tool pages and the blog. */
const LIGHTHOUSE_PAGES = [
  '/',
  '/bmi-calculator',
  '/currency-converter',
  '/financial-calculator',
  '/bloguser',
];
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3);
const execFileAsync = promisify(execFile);

/**
 * Lighthouse 13, mobile preset (its default): the median of each figure over LIGHTHOUSE_RUNS runs.
 * Run asynchronously: the server under test answers from this very process.
 */
async function lighthouse(url: string): Promise<string> {
  const reports: LighthouseReport[] = [];
  let retried = 0;
  for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) {
    let out: string;
    try {
      out = await lighthouseReport(url);
    } catch (error) {
      // Lighthouse sometimes loses its own trace (NO_NAVSTART) and asks to be run again: it is, up
      // to LIGHTHOUSE_RUNS times for the page in all.
      if (retried >= LIGHTHOUSE_RUNS) throw error;
      retried += 1;
      run -= 1;
      continue;
    }
    reports.push(JSON.parse(out) as LighthouseReport);
  }
  return summarizeLighthouse(reports, retried);
}

/** One Lighthouse run's JSON report. */
async function lighthouseReport(url: string): Promise<string> {
  const { stdout } = await execFileAsync(
    'npx',
    [
      '--yes',
      'lighthouse@13.5.0',
      url,
      '--only-categories=performance,accessibility',
      '--output=json',
      '--quiet',
      '--chrome-flags=--headless=new --no-sandbox --disable-gpu --disable-quic --no-first-run --disable-background-networking --disable-component-update --disable-sync',
    ],
    { env: { ...process.env, CHROME_PATH }, maxBuffer: 64 * 1024 * 1024 },
  );
  return stdout.toString();
}

const server = await startBenchedApp();
const session = await launchBrowser();
try {
  // First page: a fresh visitor on Home, no service worker yet.
  const { newContext } = session;
  const home = await visit(newContext, `${server.url}/`);
  const homeScripts = home.scripts;

  // A tool page opened directly: shell + registry + the tool's view, compute and the worker.
  const tool = await visit(newContext, `${server.url}${TOOL_LINK}`, toolResult);
  const added = addedTo(home, tool.scripts);
  const more: { link: string; added: [string, number][]; visit: Visit }[] = [];
  for (const link of MORE_TOOL_LINKS) {
    const seen = await visit(
      newContext,
      `${server.url}${link}`,
      link === FUEL_LINK ? routeMap : toolResult,
      firstResultShown,
    );
    more.push({ link, added: addedTo(home, seen.scripts), visit: seen });
  }

  const forms: { link: string; added: [string, number][]; visit: Visit }[] = [];
  for (const link of FORM_LINKS) {
    const seen = await visit(newContext, `${server.url}${link}`, heading);
    forms.push({ link, added: addedTo(home, seen.scripts), visit: seen });
  }

  const pages: { link: string; visit: Visit }[] = [];
  for (const link of PAGE_LINKS)
    pages.push({ link, visit: await visit(newContext, `${server.url}${link}`, heading) });

  // Navigation to first result: cold (fresh context, empty cache), then warm (a new tab in the same
  // context once the service worker is ready), then back later (a new tab, the worker stopped).
  const timings: { link: string; cold: number[]; warm: number[]; back: number[] }[] = [];
  for (const link of TIMED_LINKS) {
    const cold: number[] = [];
    const warm: number[] = [];
    const back: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const context = await session.newContext();
      try {
        await noteResultTimes(context);
        const page = await context.newPage();
        await page.goto(`${server.url}${link}`, { waitUntil: 'commit' });
        cold.push(await resultShown(page));
        await page.waitForLoadState('networkidle');
        await page.evaluate(() => navigator.serviceWorker?.ready);
        const again = await context.newPage();
        await again.goto(`${server.url}${link}`, { waitUntil: 'commit' });
        warm.push(await resultShown(again));
        await again.waitForLoadState('networkidle');
        await stopServiceWorkers(again);
        const later = await context.newPage();
        await later.goto(`${server.url}${link}`, { waitUntil: 'commit' });
        back.push(await resultShown(later));
      } finally {
        await context.close();
      }
    }
    timings.push({ link, cold, warm, back });
  }
  // A tool page opened again at its own path (the browser reads it from the cache itself: decision
  // 097), the worker stopped: its first paint.
  const returnPaints: number[] = [];
  for (let run = 0; run < RUNS; run++) {
    const context = await session.newContext();
    try {
      const page = await context.newPage();
      await page.goto(`${server.url}${RETURN_PAGE}`, { waitUntil: 'networkidle' });
      await page.evaluate(() => navigator.serviceWorker?.ready);
      await page.waitForLoadState('networkidle');
      await stopServiceWorkers(page);
      const later = await context.newPage();
      await later.goto(`${server.url}${RETURN_PAGE}`);
      returnPaints.push(await firstPaint(later));
    } finally {
      await context.close();
    }
  }

  // Pages rendered with their data, opened by a returning visitor: the data on screen.
  const newest = (await (await fetch(`${server.url}/api/posts/?page_size=1`)).json()) as {
    results: { id: number }[];
  };
  const rendered = [
    { path: '/bloguser', shown: FIRST_CARD },
    { path: `/posts/${newest.results[0]?.id ?? 1}`, shown: POST_TITLE },
  ].map((page) => ({ ...page, times: [] as number[] }));
  for (let run = 0; run < RUNS; run++) {
    for (const { path, shown, times } of rendered) {
      const context = await session.newContext();
      try {
        const page = await context.newPage();
        await page.goto(`${server.url}/about`, { waitUntil: 'networkidle' });
        await page.evaluate(() => navigator.serviceWorker?.ready);
        await page.waitForLoadState('networkidle');
        await stopServiceWorkers(page);
        await noteResultTimes(context, shown);
        const later = await context.newPage();
        await later.goto(`${server.url}${path}`, { waitUntil: 'commit' });
        times.push(await resultShown(later, shown));
      } finally {
        await context.close();
      }
    }
  }

  console.log('\nToolbox benchmark (Chromium headless, server on loopback, bytes as transferred)');
  console.log(
    `first page JavaScript:        ${kb(sum(homeScripts.values()))} in ${homeScripts.size} files (${encodings(home)}); ${home.requests} requests, ${kb(home.transferred)} in all`,
  );
  for (const [url, size] of homeScripts) console.log(`  ${kb(size).padStart(11)}  ${new URL(url).pathname}`);
  console.log(
    `tool page JavaScript:         ${kb(sum(tool.scripts.values()))} in ${tool.scripts.size} files (${encodings(tool)}); ${tool.requests} requests`,
  );
  console.log(
    `tool page adds:               ${kb(sum(added.map(([, size]) => size)))} in ${added.length} files`,
  );
  for (const [url, size] of added) console.log(`  + ${kb(size).padStart(9)}  ${new URL(url).pathname}`);
  console.log('more tool pages, each cold from a shared link, adding to the first page:');
  for (const { link, added: files, visit: seen } of more) {
    const name = new URL(link, server.url).pathname.slice(1);
    console.log(
      `${`  ${name} adds:`.padEnd(30)}${kb(sum(files.map(([, size]) => size)))} in ${files.length} files; ${seen.scripts.size} scripts (${seen.scriptsBeforeShown} before a result shows), ${seen.requests} requests`,
    );
    for (const [url, size] of files) console.log(`    + ${kb(size).padStart(9)}  ${new URL(url).pathname}`);
  }
  console.log('tool pages before a result, adding to the first page:');
  for (const { link, added: files, visit: seen } of forms) {
    console.log(
      `${`  ${link.slice(1)} adds:`.padEnd(30)}${kb(sum(files.map(([, size]) => size)))} in ${files.length} files; ${seen.scripts.size} scripts, ${seen.requests} requests`,
    );
  }
  console.log("page plugins' pages, JavaScript in all:");
  for (const { link, visit: seen } of pages) {
    console.log(
      `${`  ${link.slice(1)}:`.padEnd(30)}${kb(sum(seen.scripts.values()))} in ${seen.scripts.size} scripts; ${seen.requests} requests`,
    );
  }
  for (const { link, cold, warm, back } of RUNS > 0 ? timings : []) {
    const name = new URL(link, server.url).pathname.slice(1);
    console.log(
      `${`${name} → first result:`.padEnd(44)}cold median ${median(cold).toFixed(0)} ms, warm median ${median(warm).toFixed(0)} ms, back later median ${median(back).toFixed(0)} ms over ${RUNS} runs`,
    );
  }
  if (RUNS > 0) {
    console.log(
      `${`${RETURN_PAGE.slice(1)} back later → first paint:`.padEnd(44)}median ${median(returnPaints).toFixed(0)} ms over ${RUNS} runs`,
    );
  }
  for (const { path, times } of RUNS > 0 ? rendered : []) {
    console.log(
      `${`${path.slice(1)} back later → data shown:`.padEnd(44)}median ${median(times).toFixed(0)} ms over ${RUNS} runs`,
    );
  }
  if (process.env.BENCH_LIGHTHOUSE === '1') {
    for (const path of LIGHTHOUSE_PAGES)
      console.log(`lighthouse ${path}: ${await lighthouse(`${server.url}${path}`)}`);
  }
} finally {
  await session.close();
  await server.close();
}
