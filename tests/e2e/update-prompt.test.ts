import { appendFileSync, cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import AxeBuilder from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appReady, PLATFORM_DIST, untilControlled, useBrowserApp } from '../support/app';

/**
 * A deployment while a page is open: this file serves a copy of the build, and replaces its service
 * worker as a new build would.
 */
let build = '';
beforeAll(() => {
  build = mkdtempSync(join(tmpdir(), 'toolbox-deployment-'));
  cpSync(PLATFORM_DIST, build, { recursive: true });
});
afterAll(() => {
  if (build) rmSync(build, { recursive: true, force: true });
});

const app = useBrowserApp({ staticDir: () => build });

/** A new deployment's worker: another `sw.js`, with the compressed copies the server sends. */
function deployNewWorker() {
  const worker = join(build, 'sw.js');
  appendFileSync(worker, `\n// deployed ${Date.now()}\n`);
  const body = readFileSync(worker);
  writeFileSync(`${worker}.br`, brotliCompressSync(body));
  writeFileSync(`${worker}.gz`, gzipSync(body));
}

/** A page of a new context at `path`, once the service worker has installed and controls it. */
async function controlledPage(path: string) {
  const page = await app.newPage();
  await page.goto(path);
  await appReady(page);
  await untilControlled(page);
  return page;
}

/** Asks the page's service worker registration to look for a new worker now (it does every hour). */
async function lookForUpdate(page: Page) {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.getRegistration();
    await registration?.update();
  });
}

const updatePrompt = (page: Page) =>
  page.getByRole('alert').filter({ hasText: 'A new version is available' });

describe('a new deployment while a page is open', () => {
  it('says a new version is available, in a notification whose every control is named, and reloads on request', async () => {
    const page = await controlledPage('/bmi-calculator');
    // A page the worker controlled from its start.
    await page.reload();
    await appReady(page);

    deployNewWorker();
    await lookForUpdate(page);

    const prompt = updatePrompt(page);
    await prompt.waitFor();
    await prompt.getByRole('button', { name: 'Close notification' }).waitFor();
    const { violations } = await new AxeBuilder({ page }).include('[role="alert"]').analyze();
    expect(violations.map(({ id, nodes }) => `${id}: ${nodes.map((node) => node.html).join(' | ')}`)).toEqual(
      [],
    );

    const reloaded = page.waitForEvent('framenavigated', {
      predicate: (frame) => frame === page.mainFrame(),
    });
    await prompt.getByRole('button', { name: 'Reload' }).click();
    await reloaded;
    await page.getByRole('heading', { level: 1, name: 'BMI Calculator' }).waitFor();
    await appReady(page);
    expect(await updatePrompt(page).count()).toBe(0);
  });

  it('says so on the page whose visit installed the first worker too', async () => {
    const page = await controlledPage('/');

    deployNewWorker();
    await lookForUpdate(page);

    await updatePrompt(page).waitFor();
  });
});
