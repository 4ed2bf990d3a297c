import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appReady, openToolInApp, result, toolError, useBrowserApp } from '../support/app';
import { holdScripts } from '../support/held-scripts';

const app = useBrowserApp();

/** The answer the page wrote before the app started, and whether the app has started. */
const earlyAnswer = (page: Page) => page.locator('[data-early-outcome] > *');
/** The page's dedicated workers by path, and the compute worker's. */
const workers = (page: Page) => page.workers().map((worker) => new URL(worker.url()).pathname);
const COMPUTE_WORKER = [expect.stringMatching(/^\/assets\/compute\.worker-[\w-]+\.js$/)];
const appStarted = (page: Page) => page.evaluate(() => document.documentElement.hasAttribute('data-ready'));

/** Lets the app start, and waits for its full BMI result (with the details) in the early answer's place. */
async function appTakesOver(page: Page, scripts: { release(): Promise<void> }) {
  await scripts.release();
  await appReady(page);
  await expect
    .poll(() => result(page).innerText())
    .toMatch(/Your BMI is 22\.9 \(Normal Weight\)[\s\S]*Healthy weight/);
  expect(await earlyAnswer(page).count()).toBe(0);
}

describe('a tool page answers its form before the app has started', () => {
  it('BMI: the form answers with the app held back, then the app’s full result takes its place', async () => {
    const page = await app.newPage();
    const scripts = await holdScripts(page, app.url, '/bmi-calculator', { entry: 'runs' });
    await page.goto('/bmi-calculator', { waitUntil: 'commit' });
    const button = page.getByRole('button', { name: 'Calculate BMI' });
    // Disabled while a required field is empty, before the app as after it.
    await page.getByLabel('Weight (kg)').fill('70');
    await expect.poll(() => button.isDisabled()).toBe(true);
    await page.getByLabel('Height (m)').fill('1.75');
    await expect.poll(() => button.isDisabled()).toBe(false);
    await button.click();

    await expect.poll(() => earlyAnswer(page).innerText()).toBe('Your BMI is 22.9 (Normal Weight)');
    expect(await appStarted(page)).toBe(false);
    expect(await result(page).count()).toBe(0);
    // Answered on the page itself (decision 093): no worker has started.
    expect(workers(page)).toEqual([]);

    // The app replays the press: its result, with the details, in the same place; the early one is gone.
    await appTakesOver(page, scripts);
    await expect.poll(() => page.getByText('Your BMI is 22.9 (Normal Weight)').count()).toBe(1);
    // Recorded by the app as a calculation of its own: the history and the shared link.
    await expect.poll(() => page.getByText('Previous Calculations').count()).toBe(1);
    expect(page.url()).toContain('weight=70');
    // The app goes on computing the page's own tool where the page did (decision 135): no worker.
    expect(workers(page)).toEqual([]);

    // Another tool, opened in the app, computes in the compute worker, started with its calculation.
    await page.getByRole('link', { name: 'Home' }).first().click();
    await openToolInApp(page, 'Temperature Converter');
    await page.getByLabel('Value').fill('100');
    await page.getByRole('button', { name: 'Convert', exact: true }).click();
    await expect.poll(() => result(page).innerText()).toContain('100 °C = 212.00 °F');
    expect(workers(page)).toEqual(COMPUTE_WORKER);
  });

  it('a shared link: the page shows its input and answers it with the app held back, then the app takes over', async () => {
    const page = await app.newPage();
    const link = '/bmi-calculator?system=metric&weight=70&height=1.75&feet=&inches=';
    const scripts = await holdScripts(page, app.url, link, { entry: 'runs' });
    await page.goto(link, { waitUntil: 'commit' });
    await expect.poll(() => earlyAnswer(page).innerText()).toBe('Your BMI is 22.9 (Normal Weight)');
    expect(await page.getByLabel('Weight (kg)').inputValue()).toBe('70');
    expect(await page.getByLabel('Height (m)').inputValue()).toBe('1.75');
    expect(await appStarted(page)).toBe(false);

    await appTakesOver(page, scripts);
  });

  it('a shared link the form cannot show (a field of the other unit system) is shown by the app', async () => {
    const page = await app.newPage();
    await page.goto('/bmi-calculator?system=imperial&weight=154&feet=5&inches=9');
    await expect.poll(() => result(page).innerText()).toContain('Your BMI is 22.7');
    expect(await earlyAnswer(page).count()).toBe(0);
  });

  it('shows the compute’s own message for input it refuses, until the app shows the same', async () => {
    const page = await app.newPage();
    const scripts = await holdScripts(page, app.url, '/temperature-converter', { entry: 'runs' });
    await page.goto('/temperature-converter', { waitUntil: 'commit' });
    await page.getByLabel('Value').fill('warm');
    await page.getByRole('button', { name: 'Convert', exact: true }).click();
    const early = page.locator('[data-early-outcome] [role="alert"]');
    await expect.poll(() => early.innerText()).toBe('Please enter a valid number');

    await scripts.release();
    await expect.poll(() => toolError(page).innerText()).toBe('Please enter a valid number');
    expect(await early.count()).toBe(0);
  });

  it('a form whose tool needs the app’s data (today’s date) is answered by the app alone', async () => {
    const page = await app.newPage();
    const scripts = await holdScripts(page, app.url, '/age-calculator', { entry: 'runs' });
    await page.goto('/age-calculator', { waitUntil: 'commit' });
    expect(await page.locator('form[data-early-answer]').count()).toBe(0);
    // Nothing on the page works without the app: it is asked for at once (held here).
    await expect.poll(() => scripts.held.length).toBeGreaterThan(0);
    const year = new Date().getFullYear();
    await page.getByLabel('Birth date').fill(`${year - 30}-01-01`);
    await page.getByRole('button', { name: 'Calculate', exact: true }).click();
    expect(await earlyAnswer(page).count()).toBe(0);

    await scripts.release();
    await expect.poll(() => result(page).innerText()).toContain('Your age is: 30 years');
  });

  it('a shared link on a form that needs the app’s data starts its compute worker with the page, before the app', async () => {
    const page = await app.newPage();
    const link = '/currency-converter?amount=100&from=USD&to=EUR';
    const scripts = await holdScripts(page, app.url, link, { entry: 'runs' });
    await page.goto(link, { waitUntil: 'commit' });
    await expect.poll(() => workers(page)).toEqual(COMPUTE_WORKER);
    expect(await appStarted(page)).toBe(false);

    await scripts.release();
    await expect.poll(() => result(page).innerText()).toMatch(/Converted Amount: [\d,.]+ EUR/);
    expect(workers(page)).toEqual(COMPUTE_WORKER);

    // The page alone, only looked at, starts no worker.
    const looked = await app.newPage();
    await looked.goto('/currency-converter');
    await appReady(looked);
    expect(workers(looked)).toEqual([]);
  });

  it('a returning visitor’s page is adopted as it is, history and all, and keeps what they type', async () => {
    const context = await app.newContext();
    // A calculation made on an earlier visit: the page renders the history the prerendered page lacks.
    await context.addInitScript(() => {
      const entry = {
        bmi: 22.9,
        category: 'Normal Weight',
        color: 'green',
        system: 'metric',
        input: '70 kg, 1.75 m',
        at: '2026-11-24T10:00:00.000Z',
      };
      localStorage.setItem('toolbox:bmi-history', JSON.stringify([entry]));
    });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto('/bmi-calculator', { waitUntil: 'commit' });
    await page.getByLabel('Weight (kg)').fill('80');
    await page.getByLabel('Height (m)').fill('1.8');
    await appReady(page);
    await page.getByRole('button', { name: 'Calculate BMI' }).click();
    await expect.poll(() => result(page).innerText()).toContain('Your BMI is 24.7 (Normal Weight)');
    await expect.poll(() => page.getByRole('listitem').filter({ hasText: '70 kg, 1.75 m' }).count()).toBe(1);
    // React adopted the prerendered page: no hydration mismatch thrown it away.
    expect(errors).toEqual([]);
  });

  it('the app starts by itself once the page is left alone', async () => {
    const page = await app.newPage();
    await page.goto('/bmi-calculator', { waitUntil: 'commit' });
    await appReady(page);
    // Its stylesheets were loaded before it started.
    expect(await page.locator('link[rel="stylesheet"]').count()).toBeGreaterThan(0);
  });
});

/** Geometry and look of every element of the page, to compare two states of it. */
function snapshot(page: Page) {
  return page.evaluate(() =>
    [...document.body.querySelectorAll('*')]
      .filter((element) => !['SCRIPT', 'STYLE', 'NOSCRIPT', 'LINK'].includes(element.tagName))
      .map((element) => {
        const box = element.getBoundingClientRect();
        const style = getComputedStyle(element);
        const look = [
          'display',
          'visibility',
          'color',
          'background-color',
          'border-top-color',
          'border-top-width',
          'border-radius',
          'font-size',
          'font-weight',
          'line-height',
          'padding-left',
          'margin-top',
          'box-shadow',
          'opacity',
        ].map((property) => style.getPropertyValue(property));
        const name = `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`;
        return `${name} ${[box.x, box.y, box.width, box.height].map(Math.round).join(',')} ${look.join('|')}`;
      }),
  );
}

describe('a prerendered page paints with the CSS written into it', () => {
  it('looks the same, light and dark, before and after its full stylesheets load', async () => {
    const problems: string[] = [];
    for (const path of [
      '/',
      '/bmi-calculator',
      '/timezone-converter',
      '/financial-calculator',
      '/bloguser',
      '/login',
      '/no-such-page',
    ]) {
      for (const scheme of ['light', 'dark'] as const) {
        const page = await app.newPage({ colorScheme: scheme });
        // The app never starts here: the page shows only what the build wrote into it.
        await page.route('**/assets/*.js', (route) => route.abort());
        await page.goto(path);
        const before = await snapshot(page);
        await page.evaluate(async () => {
          const holder = document.querySelector('noscript[data-deferred-styles]');
          const hrefs = [...(holder?.textContent ?? '').matchAll(/href="([^"]+)"/g)].map(
            (match) => match[1] ?? '',
          );
          await Promise.all(
            hrefs.map((href) => {
              const link = document.createElement('link');
              link.rel = 'stylesheet';
              link.href = href;
              const loaded = new Promise((resolve) => link.addEventListener('load', resolve));
              holder?.before(link);
              return loaded;
            }),
          );
        });
        const after = await snapshot(page);
        expect(after.length, path).toBe(before.length);
        before.forEach((line, index) => {
          if (line !== after[index])
            problems.push(`${path} (${scheme}):\n  inlined: ${line}\n  full:    ${after[index]}`);
        });
        await page.close();
      }
    }
    expect(problems).toEqual([]);
  });
});
