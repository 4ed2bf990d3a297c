import { describe, expect, it } from 'vitest';
import { appReady, result, toolError, useBrowserApp } from '../support/app';
import { holdScripts } from '../support/held-scripts';

const app = useBrowserApp();

/**
 * A new page opened at `path` with its scripts held (see holdScripts), once they are asked for: with
 * `entry: 'runs'` the entry has run by then (it starts the app, whose scripts are held).
 */
async function openHeld(path: string, entry: 'held' | 'runs') {
  const page = await app.newPage();
  const scripts = await holdScripts(page, app.url, path, { entry });
  await page.goto(path, { waitUntil: 'commit' });
  await expect.poll(() => scripts.held.length).toBeGreaterThan(0);
  return { page, scripts };
}

describe('what a visitor does before the page has hydrated is kept', () => {
  it('numbers typed before any script ran are the form’s once it hydrates', async () => {
    const { page, scripts } = await openHeld('/bmi-calculator', 'held');
    await page.getByLabel('Weight (kg)').fill('70');
    await page.getByLabel('Height (m)').fill('1.75');

    await scripts.release();
    await appReady(page);
    // Played back frame by frame until React holds it (the session may show before that).
    await expect.poll(() => page.getByLabel('Weight (kg)').inputValue()).toBe('70');
    // The button waits for both fields: it is enabled only if the form's state has them.
    await page.getByRole('button', { name: 'Calculate BMI' }).click();
    await expect.poll(() => result(page).innerText()).toMatch(/22\.9[\s\S]*Normal Weight/);
  });

  it('an arrow key pressed in a searchable list before the app started opens the list once it has', async () => {
    const { page, scripts } = await openHeld('/currency-converter', 'runs');
    const from = page.getByRole('combobox', { name: 'From' });
    await from.click();
    await page.keyboard.press('ArrowDown');
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-ready'))).toBe(false);

    await scripts.release();
    await page.getByRole('listbox', { name: 'From' }).getByRole('option').first().waitFor();
    expect(await from.getAttribute('aria-expanded')).toBe('true');
  });

  it('a search typed into a searchable list before any script ran is searched once the app has started', async () => {
    const { page, scripts } = await openHeld('/timezone-converter', 'held');
    const from = page.getByRole('combobox', { name: 'From time zone' });
    // No script selects the label on focus yet, as the app does: the click leaves the caret inside it.
    await from.click();
    await page.keyboard.type('new york');

    await scripts.release();
    const first = page.getByRole('listbox', { name: 'From time zone' }).getByRole('option').first();
    await expect.poll(() => first.allInnerTexts()).toEqual([expect.stringContaining(' · New York · ')]);
    expect(await from.inputValue()).toBe('new york');
    await page.keyboard.press('Enter');
    expect(await from.inputValue()).toMatch(/ · New York · /);
  });

  it('Enter pressed over a search in a searchable list before the app started picks its best match once it has', async () => {
    const { page, scripts } = await openHeld('/timezone-converter', 'runs');
    const from = page.getByRole('combobox', { name: 'From time zone' });
    await from.click();
    await page.keyboard.type('new york');
    await page.keyboard.press('Enter');
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-ready'))).toBe(false);
    expect(await from.inputValue()).toBe('new york');

    await scripts.release();
    await expect.poll(() => from.inputValue()).toMatch(/ · New York · /);
    expect(await from.getAttribute('aria-expanded')).toBe('false');
  });

  it('a calculation asked for before hydration runs, on the typed date, once it is done', async () => {
    const { page, scripts } = await openHeld('/age-calculator', 'runs');
    const year = new Date().getFullYear();
    await page.getByLabel('Birth date').fill(`${year - 30}-01-01`);
    await page.getByRole('button', { name: 'Calculate' }).click();
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-ready'))).toBe(false);

    await scripts.release();
    await expect.poll(() => result(page).innerText()).toContain('Your age is: 30 years');
    expect(page.url()).toContain(`birthDate=${year - 30}-01-01`);
  });

  it('a press on a shared link’s page before the app started is made on the form the app renders, other fields and all', async () => {
    // A link to another kind of calculation than the prerendered form shows: the app renders the
    // page afresh, its form with other fields, its view a moment after the rest. The link lacks the
    // rate and time, so it is only shown: the message below comes from the press alone.
    const link = '/financial-calculator?type=compound-interest&principal=1000';
    const { page, scripts } = await openHeld(link, 'runs');
    await page.getByRole('button', { name: 'Calculate' }).click();
    expect(await page.evaluate(() => document.documentElement.hasAttribute('data-ready'))).toBe(false);

    await scripts.release();
    await expect.poll(() => toolError(page).innerText()).toBe('Enter valid principal, rate, and time');
    expect(await page.getByLabel('Principal').inputValue()).toBe('1000');
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
    const path = '/login?redirect=%2Fdashboard';
    const { page, scripts } = await openHeld(path, 'runs');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.keyboard.press('Enter');

    await scripts.release();
    await page.waitForURL('**/dashboard');
  });

  it('Ctrl+K pressed before the app has started opens the tool search once it has', async () => {
    const { page, scripts } = await openHeld('/', 'runs');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.keyboard.press('Control+k');
    expect(await page.getByRole('textbox', { name: 'Search tools' }).count()).toBe(0);

    await scripts.release();
    const search = page.getByRole('textbox', { name: 'Search tools' });
    await search.waitFor();
    await expect.poll(() => search.evaluate((input) => input === document.activeElement)).toBe(true);
  });
});
