/**
 * `npm run bench:steps -- [URL...]`: where a person's time to a result goes, step by step, on BMI
 * pages side by side. The steps are those of the shared front-end bench (`ttr.mjs`): open the page,
 * fill 70 into the field named "weight" and 1.75 into "height", press "Calculate BMI", see 22.9.
 * Each step's end is noted on the bench's clock, cold (a fresh context) and warm (a reload of the
 * same tab once the network is quiet and any service worker is ready), and the medians are printed
 * with each page's difference from the first.
 *
 * Each URL is a page that does the BMI calculation: this app's (a build served by `npm start`, or
 * another build on another port) or any other, such as a hand-written static page. Without a URL
 * the bench starts the app on the build in platform/dist (BENCH_STATIC_DIR: another build) and
 * times its `/bmi-calculator` alone. The pages take turns, in alternating order, run after run:
 * STEPS_RUNS (21) runs after one unrecorded run each. Two medians of 21 runs of the same page
 * differ by up to about 10 ms on a 2-core machine; compare within one run of this bench.
 * STEPS_SERVICE_WORKERS=block keeps service workers out (the warm visit then reads the HTTP cache).
 * STEPS_PLAIN=1 adds the same build's BMI page served as a plain static site (plain-page-server.ts),
 * twice: with the app's opener policy and without it, both with no service worker. Beside the app
 * they tell what the page itself costs from what the app's way of serving it costs (decision 102).
 */
import { performance } from 'node:perf_hooks';
import type { Page } from 'playwright-core';
import { type BrowserSession, launchBrowser } from '../support/browser';
import { type BenchedApp, builtPlatform, median, startBenchedApp } from './benched-app';
import { type PlainPageServer, servePlainPage } from './plain-page-server';

const RUNS = Number(process.env.STEPS_RUNS ?? 21);
const SERVICE_WORKERS = process.env.STEPS_SERVICE_WORKERS === 'block' ? 'block' : 'allow';
const PLAIN = process.env.STEPS_PLAIN === '1';
const STEPS = ['commit', 'weight filled', 'height filled', 'pressed', 'result'] as const;
type Step = (typeof STEPS)[number];
type Timings = Record<Step, number>;

/** An input by its accessible name: a number field is a spinbutton, a text field a textbox. */
const field = (page: Page, name: RegExp) =>
  page.getByRole('spinbutton', { name }).or(page.getByRole('textbox', { name })).first();

/** A person's steps from the start of a navigation, each step's end in ms since `start`. */
async function personSteps(page: Page, start: number, navigate: () => Promise<unknown>): Promise<Timings> {
  const since = () => performance.now() - start;
  await navigate();
  const commit = since();
  await field(page, /weight/i).fill('70');
  const weight = since();
  await field(page, /height/i).fill('1.75');
  const height = since();
  await page
    .getByRole('button', { name: /calculate bmi/i })
    .first()
    .click();
  const pressed = since();
  await page.getByText(/22\.9/).filter({ visible: true }).first().waitFor({ timeout: 10_000 });
  return {
    commit,
    'weight filled': weight,
    'height filled': height,
    pressed,
    result: since(),
  };
}

/** One cold visit to `url` in a fresh context, then a warm reload once the page has settled. */
async function coldAndWarm(session: BrowserSession, url: string): Promise<{ cold: Timings; warm: Timings }> {
  const context = await session.newContext({ serviceWorkers: SERVICE_WORKERS });
  try {
    const page = await context.newPage();
    const cold = await personSteps(page, performance.now(), () => page.goto(url, { waitUntil: 'commit' }));
    await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => undefined);
    await page.evaluate(async () => {
      if (!(await navigator.serviceWorker?.getRegistration())) return;
      await Promise.race([
        navigator.serviceWorker.ready,
        new Promise((resolve) => setTimeout(resolve, 10_000)),
      ]);
    });
    const warm = await personSteps(page, performance.now(), () => page.reload({ waitUntil: 'commit' }));
    return { cold, warm };
  } finally {
    await context.close();
  }
}

/** How the report names each page: a plain copy of the build by what it is, any other by its URL. */
const labels = new Map<string, string>();
const label = (url: string) => labels.get(url) ?? url;

function report(urls: string[], samples: Map<string, { cold: Timings[]; warm: Timings[] }>) {
  for (const visit of ['cold', 'warm'] as const) {
    console.log(`\n${visit} (median of ${RUNS} runs, ms since the navigation began)`);
    console.log(`${'page'.padEnd(48)}${STEPS.map((step) => step.padStart(15)).join('')}`);
    const rows = urls.map((url) =>
      STEPS.map((step) => median((samples.get(url)?.[visit] ?? []).map((t) => t[step]))),
    );
    for (const [row, url] of urls.entries()) {
      const cells = (rows[row] ?? []).map((value, i) => {
        const difference = value - (rows[0]?.[i] ?? 0);
        const shown = row === 0 ? '' : ` (${difference >= 0 ? '+' : ''}${difference.toFixed(0)})`;
        return `${value.toFixed(0)}${shown}`.padStart(15);
      });
      console.log(`${label(url).slice(0, 47).padEnd(48)}${cells.join('')}`);
    }
  }
}

let app: BenchedApp | undefined;
let urls = process.argv.slice(2);
if (urls.length === 0) {
  app = await startBenchedApp();
  urls = [`${app.url}/bmi-calculator`];
}
const plainPages: PlainPageServer[] = [];
if (PLAIN) {
  const staticDir = builtPlatform();
  for (const [openerPolicy, name] of [
    [true, 'built page, opener policy, no worker'],
    [false, 'built page alone: no policy, no worker'],
  ] as const) {
    const plain = await servePlainPage({ staticDir, page: 'bmi-calculator', openerPolicy });
    plainPages.push(plain);
    labels.set(plain.url, name);
    urls.push(plain.url);
  }
}
const session = await launchBrowser();
try {
  const samples = new Map(urls.map((url) => [url, { cold: [] as Timings[], warm: [] as Timings[] }]));
  for (let run = 0; run <= RUNS; run++) {
    for (const url of run % 2 === 0 ? urls : [...urls].reverse()) {
      const timings = await coldAndWarm(session, url);
      if (run === 0) continue; // unrecorded: servers and disk caches warmed
      samples.get(url)?.cold.push(timings.cold);
      samples.get(url)?.warm.push(timings.warm);
    }
  }
  report(urls, samples);
} finally {
  await session.close();
  await app?.close();
  await Promise.all(plainPages.map((plain) => plain.close()));
}
