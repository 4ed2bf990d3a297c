import { UNEXPECTED_ERROR } from '@toolbox/sdk';
import { describe, expect, it } from 'vitest';
import { appReady, openToolInApp, result, toolError, useBrowserApp } from '../support/app';

const app = useBrowserApp();

describe('the converters in Chromium (temperature, unit, percentage, data storage, shoe size, recipe, time zone)', () => {
  it('shoe size: asks for every field, and converts US men 9 to EU 42 from a link', async () => {
    const page = await app.newPage();
    await page.goto('/shoe-size-converter');
    await page.getByRole('button', { name: 'Convert', exact: true }).click();
    await expect.poll(() => toolError(page).innerText()).toBe('Please fill all fields.');

    await page.goto('/shoe-size-converter?from=United%20States&to=France&gender=men&size=9');
    await expect.poll(() => result(page).innerText()).toContain('Converted Size: 42 (EU)');
  });

  it('recipe: scales ingredient rows with fractions, refuses zero servings, restores a link', async () => {
    const page = await app.newPage();
    await page.goto('/recipe-converter');
    await page.getByLabel('Original servings').fill('4');
    await page.getByLabel('Desired servings').fill('6');
    await page.getByLabel('Ingredient 1 name').fill('flour');
    await page.getByLabel('Ingredient 1 quantity').fill('1 1/2');
    await page.getByLabel('Ingredient 1 unit').fill('cups');
    await page.getByRole('button', { name: 'Add Ingredient' }).click();
    await page.getByLabel('Ingredient 2 name').fill('salt');
    await page.getByLabel('Ingredient 2 quantity').fill('a pinch');
    await page.getByRole('button', { name: 'Convert Recipe' }).click();
    await expect.poll(() => result(page).innerText()).toMatch(/2 1\/4 cups flour|flour[\s\S]*2 1\/4/);
    expect(await result(page).innerText()).toContain('a pinch');
    const shared = page.url();

    await page.getByLabel('Desired servings').fill('0');
    await page.getByRole('button', { name: 'Convert Recipe' }).click();
    await expect.poll(() => toolError(page).innerText()).toBe('Please enter valid serving values.');

    const other = await app.newPage();
    await other.goto(shared);
    await expect.poll(() => result(other).innerText()).toMatch(/2 1\/4/);
    expect(await other.getByLabel('Ingredient 2 name').inputValue()).toBe('salt');
  });

  it('recipe: a removed row hands the focus on, the last row stays, and nothing to scale is said', async () => {
    const page = await app.newPage();
    await page.goto('/recipe-converter');
    await appReady(page);
    const add = page.getByRole('button', { name: 'Add Ingredient' });
    for (let rows = 1; rows < 4; rows++) await add.click();
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null);

    // A middle row: the row that took its place. The last: the one before. One left: Add Ingredient.
    await page.getByRole('button', { name: 'Remove ingredient 2' }).press('Enter');
    await expect.poll(focused).toBe('Remove ingredient 2');
    await page.getByRole('button', { name: 'Remove ingredient 3' }).press('Space');
    await expect.poll(focused).toBe('Remove ingredient 2');
    await page.keyboard.press('Enter');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Add Ingredient');
    expect(await page.getByRole('button', { name: /^Remove ingredient/ }).count()).toBe(0);
    expect(await page.getByLabel('Ingredient 1 name').count()).toBe(1);

    await page.getByLabel('Original servings').fill('2');
    await page.getByLabel('Desired servings').fill('4');
    await page.getByRole('button', { name: 'Convert Recipe' }).click();
    await expect.poll(() => toolError(page).innerText()).toBe('Please enter at least one ingredient.');
  });

  it('a link number that is not finite, or no option of its select, is ignored for the default; text is kept', async () => {
    const page = await app.newPage();
    await page.goto('/percentage-converter?base=NaN&percentage=1e999');
    await appReady(page);
    // The router reads a bare 1e999 as Infinity, which the link does not say; NaN is text (decision 179).
    expect(await page.getByLabel('Base Value').inputValue()).toBe('NaN');
    expect(await page.getByRole('textbox', { name: 'Percentage' }).inputValue()).toBe('');

    await page.goto('/unit-converter?amount=-1e999&from=m&to=ft');
    await appReady(page);
    expect(await page.getByLabel('Amount').inputValue()).toBe('');

    await page.goto('/temperature-converter?value=5&from=Rankine&to=%3Cscript%3E');
    await expect.poll(() => result(page).innerText()).toContain('5 °C = 41.00 °F');
    expect(await page.getByLabel('From', { exact: true }).inputValue()).toBe('Celsius');
    expect(await page.getByLabel('To', { exact: true }).inputValue()).toBe('Fahrenheit');
  });

  it('time zone: converts with daylight saving for the date, and asks for every field', async () => {
    const page = await app.newPage();
    await page.goto(
      '/timezone-converter?datetime=2026-07-01T12:00&from=America%2FNew_York&to=Europe%2FLondon',
    );
    await expect.poll(() => result(page).innerText()).toMatch(/Converted Time:[\s\S]*17:00[\s\S]*UTC\+01:00/);

    await page.goto(
      '/timezone-converter?datetime=2026-01-15T12:00&from=America%2FNew_York&to=Europe%2FLondon',
    );
    await expect.poll(() => result(page).innerText()).toMatch(/Converted Time:[\s\S]*17:00[\s\S]*UTC\+00:00/);

    await page.getByLabel('Date and time').fill('');
    await page.getByRole('button', { name: 'Convert', exact: true }).click();
    await expect.poll(() => toolError(page).innerText()).toBe('Please fill all fields');
  });

  it('time zone: "No matching time zone" lets a press through to the Convert button it covers', async () => {
    const page = await app.newPage();
    await page.goto(
      '/timezone-converter?datetime=2026-07-01T12:00&from=America%2FNew_York&to=Europe%2FLondon',
    );
    await expect.poll(() => result(page).innerText()).toContain('17:00');
    await page.getByRole('combobox', { name: 'To time zone' }).fill('Atlantis');
    const nothing = page.getByText('No matching time zone');
    await nothing.waitFor();
    const convert = page.getByRole('button', { name: 'Convert', exact: true });
    // The message lies over the button (a press there was lost to it).
    const [message, button] = [await nothing.boundingBox(), await convert.boundingBox()];
    expect(message && button && message.y + message.height > button.y).toBe(true);
    await convert.click({ timeout: 5000 });
    await nothing.waitFor({ state: 'detached' });
    await expect.poll(() => result(page).innerText()).toContain('17:00');
  });

  it('temperature: computes, shows the validation message, and an error clears the result', async () => {
    const page = await app.newPage();
    await page.goto('/temperature-converter');
    await page.getByRole('heading', { level: 1, name: 'Temperature Converter' }).waitFor();
    await page.getByLabel('Value').fill('100');
    await page.getByRole('button', { name: 'Convert', exact: true }).click();
    await expect.poll(() => result(page).innerText()).toContain('100 °C = 212.00 °F');

    await page.getByLabel('Value').fill('');
    await page.getByRole('button', { name: 'Convert', exact: true }).click();
    await expect.poll(() => toolError(page).innerText()).toBe('Please enter a valid number');
    expect(await result(page).count()).toBe(0);

    // A new attempt clears the error.
    await page.getByLabel('Value').fill('-300');
    await page.getByRole('button', { name: 'Convert', exact: true }).click();
    await expect.poll(() => toolError(page).innerText()).toBe('Temperature cannot be below absolute zero');
    await page.getByLabel('Value').fill('0');
    await page.getByRole('button', { name: 'Convert', exact: true }).click();
    await expect.poll(() => result(page).innerText()).toContain('0 °C = 32.00 °F');
    expect(await toolError(page).count()).toBe(0);
  });

  it('temperature: a compute worker that cannot be loaded is answered with an error, and the next press works', async () => {
    // No service worker, so that the worker's script comes from the network, where it is held back.
    const page = await app.newPage({ serviceWorkers: 'block' });
    const workerScript = '**/assets/compute.worker-*.js';
    await page.route(workerScript, (route) => route.abort());
    // Opened in the app: a tool page the visitor lands on computes its own tool without the worker.
    await page.goto('/');
    await appReady(page);
    await openToolInApp(page, 'Temperature Converter');
    await page.getByLabel('Value').fill('100');
    await page.getByRole('button', { name: 'Convert', exact: true }).click();
    await expect.poll(() => toolError(page).innerText()).toBe(UNEXPECTED_ERROR);

    await page.unroute(workerScript);
    await page.getByRole('button', { name: 'Convert', exact: true }).click();
    await expect.poll(() => result(page).innerText()).toContain('100 °C = 212.00 °F');
    expect(await toolError(page).count()).toBe(0);
  });

  it('temperature: the input is kept in the URL and a shared link restores input and result', async () => {
    const page = await app.newPage();
    await page.goto('/temperature-converter');
    await page.getByLabel('Value').fill('37');
    await page.getByRole('button', { name: 'Convert', exact: true }).click();
    await expect.poll(() => result(page).innerText()).toContain('98.60 °F');
    const shared = page.url();
    expect(new URL(shared).searchParams.get('value')).toBe('37');

    const other = await app.newPage();
    await other.goto(shared);
    await expect.poll(() => result(other).innerText()).toContain('37 °C = 98.60 °F');
    expect(await other.getByLabel('Value').inputValue()).toBe('37');
  });

  it('unit converter: converts lengths, refuses an empty amount, restores a link', async () => {
    const page = await app.newPage();
    await page.goto('/unit-converter');
    await page.getByRole('button', { name: 'Convert', exact: true }).click();
    await expect.poll(() => toolError(page).innerText()).toBe('Enter a valid numeric amount');

    await page.getByLabel('Amount').fill('10');
    await page.getByRole('button', { name: 'Convert', exact: true }).click();
    await expect.poll(() => result(page).innerText()).toContain('Result: 10 m = 32.8083989501 ft');

    await page.goto('/unit-converter?amount=1&from=mi&to=km');
    await expect.poll(() => result(page).innerText()).toContain('Result: 1 mi = 1.609344 km');
  });

  it('unit converter: a measure or a swap chosen under a result answers again for the units shown', async () => {
    const page = await app.newPage();
    await page.goto('/unit-converter?amount=1&from=m&to=ft');
    await expect.poll(() => result(page).innerText()).toContain('Result: 1 m = 3.28083989501 ft');
    await appReady(page);

    await page.getByLabel('Measure').selectOption('mass');
    await expect.poll(() => result(page).innerText()).toContain('Result: 1 kg = 2.20462262185 lb');
    expect(new URL(page.url()).searchParams.get('from')).toBe('kg');

    await page.getByRole('button', { name: 'Swap units' }).click();
    await expect.poll(() => result(page).innerText()).toContain('Result: 1 lb = 0.45359237 kg');
    expect(await page.getByLabel('From Unit').inputValue()).toBe('lb');
  });

  it('percentage converter: computes, refuses non-numbers, restores a link', async () => {
    const page = await app.newPage();
    await page.goto('/percentage-converter');
    await page.getByLabel('Base Value').fill('200');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await expect.poll(() => toolError(page).innerText()).toBe('Please enter valid numbers for both fields.');

    await page.getByLabel('Percentage', { exact: true }).fill('15');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await expect.poll(() => result(page).innerText()).toContain('15% of 200 is 30');

    await page.goto('/percentage-converter?base=250&percentage=12.5');
    await expect.poll(() => result(page).innerText()).toContain('12.5% of 250 is 31.25');
  });

  it('a number written in a longer form (1.50) comes back from its link as written, and computes again', async () => {
    const page = await app.newPage();
    await page.goto('/percentage-converter');
    await appReady(page);
    const base = page.getByLabel('Base Value');
    await base.fill('1.50');
    await page.getByLabel('Percentage', { exact: true }).fill('10');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await expect.poll(() => result(page).innerText()).toContain('10% of 1.5 is 0.15');
    await expect.poll(() => new URL(page.url()).searchParams.get('base')).toBe('"1.50"');
    const link = page.url();

    // Opened afresh (the page fills the link in before the app starts), and pressed again.
    for (const opened of [await app.newPage(), page]) {
      await opened.goto(link);
      await expect.poll(() => result(opened).innerText()).toContain('10% of 1.5 is 0.15');
      await appReady(opened);
      expect(await opened.getByLabel('Base Value').inputValue()).toBe('1.50');
      await opened.getByRole('button', { name: 'Calculate' }).click();
      await expect.poll(() => result(opened).innerText()).toContain('10% of 1.5 is 0.15');
      expect(await toolError(opened).count()).toBe(0);
      expect(opened.url()).toBe(link);
    }
  });

  it('a value refused as too large comes back from its link as typed, after a reload', async () => {
    const page = await app.newPage();
    await page.goto('/percentage-converter');
    await appReady(page);
    await page.getByLabel('Base Value').fill('1e400');
    await page.getByLabel('Percentage', { exact: true }).fill('5');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await expect.poll(() => toolError(page).innerText()).toBe('Please enter valid numbers for both fields.');
    await expect.poll(() => new URL(page.url()).searchParams.get('base')).toBe('"1e400"');

    await page.reload();
    await appReady(page);
    expect(await page.getByLabel('Base Value').inputValue()).toBe('1e400');
    expect(await page.getByLabel('Percentage', { exact: true }).inputValue()).toBe('5');
    // Only prefilled, as any link its compute refuses: the press says why.
    expect(await toolError(page).count()).toBe(0);
    await page.getByRole('button', { name: 'Calculate' }).click();
    await expect.poll(() => toolError(page).innerText()).toBe('Please enter valid numbers for both fields.');
  });

  it('data storage converter: converts at powers of 1024, refuses an empty value, restores a link', async () => {
    const page = await app.newPage();
    await page.goto('/data-storage-converter');
    await page.getByRole('button', { name: 'Convert', exact: true }).click();
    await expect.poll(() => toolError(page).innerText()).toBe('Please enter a valid number');

    await page.getByLabel('Value').fill('1024');
    await page.getByRole('button', { name: 'Convert', exact: true }).click();
    await expect.poll(() => result(page).innerText()).toContain('Converted Value: 1024 B = 1 KB');

    await page.goto('/data-storage-converter?value=1.5&from=GB&to=MB');
    await expect.poll(() => result(page).innerText()).toContain('Converted Value: 1.5 GB = 1536 MB');
  });

  it('copies a result to the clipboard with the copy button', async () => {
    const context = await app.newContext({ permissions: ['clipboard-read', 'clipboard-write'] });
    const page = await context.newPage();
    await page.goto('/percentage-converter?base=200&percentage=15');
    await expect.poll(() => result(page).innerText()).toContain('15% of 200 is 30');
    await page.getByRole('button', { name: 'Copy result' }).click();
    await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe('15% of 200 is 30');
  });
});
