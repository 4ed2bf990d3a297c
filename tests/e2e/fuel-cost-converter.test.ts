import AxeBuilder from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import { result, toolError, useBrowserApp } from '../support/app';

const app = useBrowserApp();

/** "Distance: 254.35 km" → 254.35 */
const figure = (text: string, label: string) => Number(new RegExp(`${label}: ([\\d.]+)`).exec(text)?.[1]);

describe('fuel cost converter in Chromium', () => {
  it.each(['light', 'dark'] as const)(
    'Kampala → Mbale in Uganda: distance, litres at 12 km/l, a cost in UGX and the map (%s, axe clean)',
    async (colorScheme) => {
      const page = await app.newPage({ colorScheme });
      await page.goto('/fuel-cost-converter');
      const calculate = page.getByRole('button', { name: 'Calculate Fuel Cost' });
      await calculate.waitFor();
      expect(await calculate.isDisabled()).toBe(true);

      const start = page.getByPlaceholder('Enter start location (e.g. Kampala)');
      const end = page.getByPlaceholder('Enter end location (e.g. Mbale)');
      // Type-ahead offers real places in the country (the browser's suggestion list).
      await start.fill('Kampa');
      await page.locator('datalist option[value="Kampala"]').waitFor({ state: 'attached' });
      await start.fill('Kampala');
      expect(await calculate.isDisabled()).toBe(true);
      await end.fill('Mbale');
      await expect.poll(() => page.getByRole('combobox', { name: 'Country' }).inputValue()).toBe('UG');
      expect(await calculate.isDisabled()).toBe(false);
      await calculate.click();

      await expect.poll(() => result(page).innerText()).toMatch(/Estimated Cost: [\d.]+ UGX/);
      const text = await result(page).innerText();
      const km = figure(text, 'Distance');
      expect(km).toBeGreaterThan(200);
      expect(km).toBeLessThan(320);
      expect(figure(text, 'Fuel Needed')).toBeCloseTo(km / 12, 1);
      expect(figure(text, 'Estimated Cost')).toBeGreaterThan(km / 12);
      expect(await page.getByTestId('fuel-source').innerText()).toContain('estimated road distance');

      const map = page.getByRole('img', { name: 'Map of the trip from Kampala to Mbale' });
      await map.waitFor();
      expect(await map.locator('desc').textContent()).toContain('Uganda');
      expect(page.url()).toContain('from=Kampala');

      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
        [],
      );
    },
  );

  it('says which place it cannot find or take, and restores a shared link', async () => {
    const page = await app.newPage();
    // A shared link's places are looked up, not offered as suggestions: nobody is typing.
    const suggested: string[] = [];
    page.on('request', (request) => {
      if (new URL(request.url()).pathname === '/api/data/places/') suggested.push(request.url());
    });
    await page.goto('/fuel-cost-converter?from=Kampala&to=Xyzzyqwv&country=UG&currency=UGX');
    await expect.poll(() => toolError(page).innerText()).toBe('Location not found: Xyzzyqwv');

    // A place the lookup refuses is answered with the lookup's reason, not "no route".
    await page.goto(`/fuel-cost-converter?from=Kampala&to=${'x'.repeat(101)}&country=UG&currency=UGX`);
    await expect.poll(() => toolError(page).innerText()).toBe('Enter at most 100 characters.');

    await page.goto('/fuel-cost-converter?from=Kampala&to=Mbale&country=UG&currency=USD&efficiency=10');
    await expect.poll(() => result(page).innerText()).toMatch(/Estimated Cost: [\d.]+ USD/);
    const text = await result(page).innerText();
    expect(figure(text, 'Fuel Needed')).toBeCloseTo(figure(text, 'Distance') / 10, 1);
    expect(figure(text, 'Estimated Cost')).toBeCloseTo(figure(text, 'Fuel Needed') * 1.2, 1);

    // A code in lower case is the table's currency: its rate applies, not a silent 1.
    const rates = (await (await page.request.get('/api/data/rates/?base=USD')).json()) as {
      rates: Record<string, number>;
    };
    const ugx = rates.rates.UGX ?? 0;
    expect(ugx).toBeGreaterThan(1);
    await page.goto('/fuel-cost-converter?from=Kampala&to=Mbale&country=UG&currency=ugx&efficiency=10');
    await expect.poll(() => result(page).innerText()).toMatch(/Estimated Cost: [\d.]+ UGX/);
    const inShillings = await result(page).innerText();
    expect(
      figure(inShillings, 'Estimated Cost') / (figure(inShillings, 'Fuel Needed') * 1.2 * ugx),
    ).toBeCloseTo(1, 2);
    // The field and the price's label name it as the table does.
    expect(await page.getByRole('combobox', { name: 'Currency' }).inputValue()).toBe('UGX');
    await page.getByLabel('Fuel price per litre (UGX)').waitFor();

    // A refused efficiency is marked on its own field, though compute reads it as km per litre.
    const efficiency = page.getByRole('textbox', { name: 'Fuel efficiency' });
    await efficiency.fill('0');
    await page.getByRole('button', { name: 'Calculate Fuel Cost' }).click();
    await expect
      .poll(() => toolError(page).innerText())
      .toBe('Please enter valid fuel efficiency and price.');
    expect(await efficiency.getAttribute('aria-invalid')).toBe('true');
    expect(await page.getByLabel('Fuel price per litre (UGX)').getAttribute('aria-invalid')).toBeNull();

    expect(suggested).toEqual([]);

    // A place not found is refused before compute: what was typed is kept in the link all the same.
    await efficiency.fill('9');
    await page.getByPlaceholder('Enter end location (e.g. Mbale)').fill('Xyzzyqq');
    await page.getByRole('button', { name: 'Calculate Fuel Cost' }).click();
    await expect.poll(() => toolError(page).innerText()).toBe('Location not found: Xyzzyqq');
    await expect.poll(() => new URL(page.url()).searchParams.get('to')).toBe('Xyzzyqq');
    expect(new URL(page.url()).searchParams.get('efficiency')).toBe('9');
    await page.reload();
    await expect
      .poll(() => page.getByPlaceholder('Enter end location (e.g. Mbale)').inputValue())
      .toBe('Xyzzyqq');
    await expect.poll(() => toolError(page).innerText()).toBe('Location not found: Xyzzyqq');
  }, 120_000);

  it('draws the map the API sends, and says so in its place when it cannot come', async () => {
    const page = await app.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(request.url());
    });
    await page.goto('/fuel-cost-converter?from=Kampala&to=Mbale&country=UG&currency=UGX');
    const map = page.getByRole('img', { name: 'Map of the trip from Kampala to Mbale' });
    await map.waitFor();
    // The outlines in view, the line and the two ends, as the API drew them; no drawing code loaded.
    const drawn = (await (
      await page.request.get('/api/data/route-map/?from=0.31628,32.58219&to=1.08209,34.17503')
    ).json()) as { outlines: unknown[] };
    expect(await map.locator('path').count()).toBe(drawn.outlines.length + 1);
    expect(await map.locator('circle').count()).toBe(2);
    expect(await map.locator('text').allTextContents()).toEqual(['Kampala', 'Mbale']);
    expect(scripts.filter((url) => /d3|route-map|topojson/.test(url))).toEqual([]);

    // The connection drops before the map of the next trip comes: the result stays, the map says why.
    await page.route('**/api/data/route-map/**', (route) => route.abort('internetdisconnected'));
    await page.getByPlaceholder('Enter end location (e.g. Mbale)').fill('Jinja');
    await page.getByRole('button', { name: 'Calculate Fuel Cost' }).click();
    await expect.poll(() => page.getByTestId('fuel-source').innerText()).toContain('Kampala → Jinja');
    await expect
      .poll(() => page.getByRole('alert').filter({ hasText: 'map' }).innerText())
      .toBe('The map could not be drawn. Could not reach the server. Check your connection and try again.');
    await result(page).waitFor();
  }, 60_000);
});
