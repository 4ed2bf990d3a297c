import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, expect } from 'vitest';
import { type BrowserSession, launchBrowser } from './browser';
import { startTestServer, type TestServer } from './server';
import { Timeline } from './timeline';

export const PLATFORM_DIST = join(import.meta.dirname, '..', '..', 'platform', 'dist');

/**
 * How long one Playwright step (a click, a wait for an element) may take by default: below the
 * test's own time-out (vitest.config.ts), so a stuck step fails with its own name and call log.
 */
export const STEP_TIMEOUT_MS = 20_000;

export interface BrowserAppOptions {
  /** A step's time-out in this file (slow steps, such as a file converted in the worker). */
  stepTimeout?: number;
  /**
   * The built platform to serve, asked for as the app starts; default PLATFORM_DIST. A file that
   * changes the build (a new deployment) serves a copy of its own, made in a `beforeAll` registered
   * before this call.
   */
  staticDir?: () => string;
}

export interface BrowserApp {
  /** The running app's origin. */
  readonly url: string;
  readonly server: TestServer;
  /**
   * A page in a fresh context (own storage and service worker). Opened in a test, it is closed
   * after that test (a page left open goes on working: its service worker's precache, its timers);
   * opened in a `beforeAll`, after the file's tests.
   */
  newPage(options?: BrowserContextOptions): Promise<Page>;
  newContext(options?: BrowserContextOptions): Promise<BrowserContext>;
}

/**
 * The whole app for a test file: the built platform served by the real API on an embedded
 * database, and the system Chromium. Started in beforeAll, stopped in afterAll.
 */
export function useBrowserApp({
  stepTimeout = STEP_TIMEOUT_MS,
  staticDir: builtAt = () => PLATFORM_DIST,
}: BrowserAppOptions = {}): BrowserApp {
  let server: TestServer | undefined;
  let session: BrowserSession | undefined;
  /** The contexts the running test opened; undefined outside a test. */
  let testContexts: BrowserContext[] | undefined;
  /** What the running test's contexts did, printed if it fails. */
  let timeline: Timeline | undefined;

  beforeAll(async () => {
    const staticDir = builtAt();
    if (!existsSync(join(staticDir, 'index.html'))) {
      throw new Error(
        `${staticDir} has no build: run \`npm run build -w @toolbox/platform\` (npm test does).`,
      );
    }
    server = await startTestServer({ staticDir });
    session = await launchBrowser();
  });

  afterAll(async () => {
    await session?.close();
    await server?.close();
  });

  beforeEach(() => {
    testContexts = [];
    timeline = new Timeline();
  });

  // A failed test's error carries the browser's timeline, and what its pages showed as it failed:
  // the failure's report (the end of a long run's output) then says where it stuck.
  afterEach(async ({ task }) => {
    const opened = testContexts ?? [];
    const watched = timeline;
    testContexts = undefined;
    timeline = undefined;
    const error = task.result?.state === 'fail' ? task.result.errors?.[0] : undefined;
    if (error && watched) {
      await watched.notePages(opened.flatMap((context) => context.pages()));
      error.message += `\n${watched.report()}`;
    }
    await Promise.all(opened.map((context) => context.close()));
  });

  const running = () => {
    if (!server || !session) throw new Error('The app is not running: use it inside tests and hooks.');
    return { server, session };
  };

  const newContext = async (options?: BrowserContextOptions) => {
    const { server: app, session: browser } = running();
    const context = await browser.newContext({ baseURL: app.url, ...options });
    context.setDefaultTimeout(stepTimeout);
    testContexts?.push(context);
    timeline?.watch(context);
    return context;
  };

  return {
    get url() {
      return running().server.url;
    },
    get server() {
      return running().server;
    },
    newContext,
    async newPage(options) {
      const context = await newContext(options);
      return context.newPage();
    },
  };
}

/**
 * Waits until the app has hydrated and shows the stored session (`<html data-ready>`): text typed
 * into a prerendered form before then is not the app's yet.
 */
export async function appReady(page: Page): Promise<void> {
  await page.locator('html[data-ready]').waitFor({ state: 'attached' });
}

/** Waits until the page's service worker has installed and controls the page (it claims open pages once active). */
export async function untilControlled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
}

/** The result panel's sentence and the error line of a tool page. */
export const result = (page: Page) => page.getByTestId('tool-result');
export const toolError = (page: Page) => page.getByTestId('tool-error');

/** Opens a tool from the page's links (home's tool cards), as the app's router does: no new document. */
export async function openToolInApp(page: Page, label: string): Promise<void> {
  await page
    .getByRole('link', { name: new RegExp(label) })
    .first()
    .click();
  await page.getByRole('heading', { level: 1, name: label }).waitFor();
}
