import { describe, expect, it } from 'vitest';
import { result, useBrowserApp } from '../support/app';

const app = useBrowserApp();

describe('offline', () => {
  it('after one visit, a tool page loads and computes with the browser offline', async () => {
    const context = await app.newContext();
    const page = await context.newPage();
    await page.goto('/temperature-converter');
    await page.getByRole('heading', { level: 1, name: 'Temperature Converter' }).waitFor();
    // The service worker precaches the shell and every tool's chunks when it installs.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    await context.setOffline(true);
    await page.goto('/temperature-converter');
    await page.getByLabel('Value').fill('100');
    await page.getByRole('button', { name: 'Convert', exact: true }).click();
    await expect.poll(() => result(page).innerText()).toContain('100 °C = 212.00 °F');

    // A tool whose chunks were precached but never opened works too.
    await page.goto('/data-storage-converter?value=2048&from=KB&to=MB');
    await expect.poll(() => result(page).innerText()).toContain('2048 KB = 2 MB');
    await context.setOffline(false);
  });
});
