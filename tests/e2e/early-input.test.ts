import type { Page, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appReady, result, useBrowserApp } from '../support/app';

const app = useBrowserApp();

/**
 * Holds the page's scripts, as a slow network does: every script, or every one but the entry (it
 * runs, but the page waits for its view's code before React takes the prerendered HTML over).
 */
async function holdScripts(page: Page, path: string, { entry }: { entry: 'held' | 'runs' }) {
  const html = await (await fetch(new URL(path, app.url))).text();
  const entrySrc = /<script type="module"[^>]* src="([^"]+)"/.exec(html)?.[1];
  expect(entrySrc, 'the prerendered page names its entry script').toBeTruthy();
  const held: Route[] = [];
  let holding = true;
  await page.route('**/assets/*.js', (route) => {
    const isEntry = new URL(route.request().url()).pathname === entrySrc;
    if (!holding || (isEntry && entry === 'runs')) return route.continue();
    held.push(route);
  });
  return {
    held,
    async release() {
      holding = false;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}

describe('what a visitor does before the page has hydrated is kept', () => {
  it('numbers typed before any script ran are the form’s once it hydrates', async () => {
    const page = await app.newPage();
    const scripts = await holdScripts(page, '/bmi-calculator', { entry: 'held' });
    await page.goto('/bmi-calculator', { waitUntil: 'commit' });
    await page.getByLabel('Weight (kg)').fill('70');
    await page.getByLabel('Height (m)').fill('1.75');
    expect(scripts.held.length).toBeGreaterThan(0);

    await scripts.release();
    await appReady(page);
    // Played back frame by frame until React holds it (the session may show before that).
    await expect.poll(() => page.getByLabel('Weight (kg)').inputValue()).toBe('70');
    // The button waits for both fields: it is enabled only if the form's state has them.
    await page.getByRole('button', { name: 'Calculate BMI' }).click();
    await expect.poll(() => result(page).innerText()).toMatch(/22\.9[\s\S]*Normal Weight/);
  });

  it('a calculation asked for before hydration runs, on the typed date, once it is done', async () => {
    const page = await app.newPage();
    const scripts = await holdScripts(page, '/age-calculator', { entry: 'runs' });
    await page.goto('/age-calculator', { waitUntil: 'commit' });
    // The entry has run once it asks for the view's code (held here).
    await expect.poll(() => scripts.held.length).toBeGreaterThan(0);
    const year = new Date().getFullYear();
    await page.getByLabel('Birth date').fill(`${year - 30}-01-01`);
    await page.getByRole('button', { name: 'Calculate' }).click();
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-ready'))).toBe(false);

    await scripts.release();
    await expect.poll(() => result(page).innerText()).toContain('Your age is: 30 years');
    expect(page.url()).toContain(`birthDate=${year - 30}-01-01`);
  });

  it('a page rendered afresh (opened with a query) keeps what was typed, and signs in on the held Enter', async () => {
    const username = `early${Date.now() % 100_000}`;
    const password = 'correct horse 42';
    const signUp = await app.server.json('/api/profiles/', {
      method: 'POST',
      body: {
        username,
        password,
        email: `${username}@example.com`,
        full_name: 'Early Bird',
        phone_number: '+256 700 000000',
        address: 'Kampala',
        role: 'member',
      },
    });
    expect(signUp.status).toBe(201);
    const page = await app.newPage();
    const path = '/login?redirect=%2Fdashboard';
    const scripts = await holdScripts(page, path, { entry: 'runs' });
    await page.goto(path, { waitUntil: 'commit' });
    await expect.poll(() => scripts.held.length).toBeGreaterThan(0);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.keyboard.press('Enter');

    await scripts.release();
    await page.waitForURL('**/dashboard');
  });
});
