import AxeBuilder from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import { appReady, result, toolError, useBrowserApp } from '../support/app';
import { holdRequests } from '../support/held-scripts';

const app = useBrowserApp();

describe('the money tools in Chromium (interest, financial, currency, electricity)', () => {
  it('interest: simple interest from the form, its own message, a loan link with its schedule', async () => {
    const page = await app.newPage();
    await page.goto('/interest-calculator');
    await page.getByLabel('Loan Amount').fill('1000');
    await page.getByLabel('Rate (%)').fill('5');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await expect
      .poll(() => toolError(page).innerText())
      .toBe('Please enter valid loan amount, rate, and time');
    await page.getByLabel('Time (years)').fill('2');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await expect.poll(() => result(page).innerText()).toContain('Result: 1100.00');

    await page.goto('/interest-calculator?type=loan-payment&principal=10000&rate=6&time=5');
    await expect.poll(() => result(page).innerText()).toContain('Result: 193.33 per month');
    await page.getByRole('region', { name: 'Amortisation schedule (scrollable)' }).waitFor();
  });

  it("interest: a link's type in another case is that type; a type naming none keeps the default", async () => {
    const page = await app.newPage();
    await page.goto('/interest-calculator?type=LOAN-Payment&principal=10000&rate=6&time=5&frequency=Monthly');
    await expect.poll(() => result(page).innerText()).toContain('Result: 193.33 per month');
    expect(await page.getByRole('combobox', { name: 'Calculation', exact: true }).inputValue()).toBe(
      'loan-payment',
    );

    // A type naming none is ignored: the calculation keeps its default, and the link is answered.
    await page.goto('/interest-calculator?type=bogus&principal=1000&rate=5&time=2');
    await expect.poll(() => result(page).innerText()).toContain('Result: 1100.00');
    expect(await page.getByRole('combobox', { name: 'Calculation', exact: true }).inputValue()).toBe(
      'simple-interest',
    );
  });

  it('two fields side by side line up their inputs when only one has a description, and stack on a phone', async () => {
    const page = await app.newPage();
    const inputs = () =>
      Promise.all(
        ['Rate (%)', 'Time (years)'].map(async (label) =>
          page.getByLabel(label, { exact: true }).boundingBox(),
        ),
      );
    await page.setViewportSize({ width: 1000, height: 900 });
    await page.goto('/interest-calculator');
    const [rate, time] = await inputs();
    // Rate has a description ("Per year"), Time has none: Time's input waits below it.
    expect(rate?.y).toBeGreaterThan(0);
    expect(time?.y).toBe(rate?.y);
    expect(time?.x).toBeGreaterThan((rate?.x ?? 0) + (rate?.width ?? 0));

    // With both described (a loan), they still line up.
    await page.goto('/interest-calculator?type=loan-payment');
    await page.getByText('Up to 100 years').waitFor();
    const [loanRate, loanTime] = await inputs();
    expect(loanTime?.y).toBe(loanRate?.y);
  });

  it('financial: compound interest from a link, and the financial message for bad input', async () => {
    const page = await app.newPage();
    await page.goto(
      '/financial-calculator?type=compound-interest&principal=1000&rate=5&time=10&frequency=monthly',
    );
    await expect.poll(() => result(page).innerText()).toContain('Result: 1647.01');

    await page.goto('/financial-calculator');
    await page.getByLabel('Loan Amount').fill('-5');
    await page.getByRole('button', { name: 'Calculate' }).click();
    await expect.poll(() => toolError(page).innerText()).toBe('Enter valid loan amount, rate, and time');

    // No CPI provider is configured and nothing is cached: the API has no series for these years.
    // The shared link's page says so before any press, and a press says it instead, once.
    await page.goto(
      '/financial-calculator?type=inflation-adjustment&amount=100&startYear=2000&endYear=2020&country=US',
    );
    const missing = page.getByText('Inflation data not available for selected years.');
    await page
      .getByRole('alert')
      .filter({ hasText: 'Inflation data not available for selected years.' })
      .waitFor();
    expect((await new AxeBuilder({ page }).analyze()).violations.map(({ id }) => id)).toEqual([]);
    await page.getByRole('button', { name: 'Calculate' }).click();
    await expect
      .poll(() => toolError(page).innerText())
      .toBe('Inflation data not available for selected years.');
    await expect.poll(() => missing.count()).toBe(1);
  });

  it('financial: says so when the rates or the CPI could not be fetched', async () => {
    // The API out of reach (a phone offline, nothing stored yet): its data requests fail. No service
    // worker, so that the page's own requests are the ones that fail.
    const page = await app.newPage({ serviceWorkers: 'block' });
    await page.route('**/api/data/rates/**', (route) => route.abort('internetdisconnected'));
    await page.route('**/api/data/cpi/**', (route) => route.abort('internetdisconnected'));
    const calculate = page.getByRole('button', { name: 'Calculate' });

    // A shared link's page says so before any press; a press says it instead, once.
    for (const [link, message] of [
      [
        '/financial-calculator?type=currency-conversion&amount=100&from=USD&to=EUR',
        'Error fetching currency conversion.',
      ],
      [
        '/financial-calculator?type=inflation-adjustment&amount=100&startYear=2000&endYear=2020&country=US',
        'Error fetching inflation data.',
      ],
    ] as const) {
      await page.goto(link);
      await page.getByRole('alert').filter({ hasText: message }).waitFor();
      await calculate.click();
      await expect.poll(() => toolError(page).innerText()).toBe(message);
      await expect.poll(() => page.getByText(message).count()).toBe(1);
    }
  });

  it('currency: converts with the offline rates and says their date and source', async () => {
    const page = await app.newPage();
    await page.goto('/currency-converter');
    await page.getByRole('button', { name: 'Convert', exact: true }).click();
    await expect.poll(() => toolError(page).innerText()).toBe('Please enter a valid amount.');

    await page.goto('/currency-converter?amount=100&from=USD&to=EUR');
    await expect.poll(() => result(page).innerText()).toMatch(/Converted Amount: [\d,.]+ EUR/);
    await expect.poll(() => page.locator('main').innerText()).toMatch(/2026-09-29/);
  });

  it('currency: the chosen currencies show from the first paint, before the list arrives', async () => {
    const prerendered = await app.newPage({ javaScriptEnabled: false });
    await prerendered.goto('/currency-converter');
    expect(await prerendered.getByRole('combobox', { name: 'From' }).inputValue()).toBe('USD');
    expect(await prerendered.getByRole('combobox', { name: 'To' }).inputValue()).toBe('UGX');

    const page = await app.newPage();
    await page.goto('/currency-converter');
    await expect.poll(() => page.getByRole('combobox', { name: 'From' }).inputValue()).toMatch(/^USD - \w/);

    // A link may write a code in lower case: it is the list's currency all the same.
    await page.goto('/currency-converter?amount=5&from=eur&to=usd');
    await expect.poll(() => page.getByRole('combobox', { name: 'From' }).inputValue()).toMatch(/^EUR - \w/);
    await expect.poll(() => result(page).innerText()).toMatch(/Converted Amount: [\d,.]+ USD/);
  });

  it('currency: says once that the rates could not be fetched, the button stays usable, and the press is answered when they come back', async () => {
    const page = await app.newPage({ serviceWorkers: 'block' });
    await page.route('**/api/data/rates/**', (route) => route.abort('internetdisconnected'));
    await page.goto('/currency-converter');
    const failed = page.getByText('Failed to fetch exchange rate.');
    await failed.waitFor();
    await page.getByLabel('Amount').fill('100');
    await page.getByRole('button', { name: 'Convert', exact: true }).click();
    await expect.poll(() => toolError(page).innerText()).toBe('Failed to fetch exchange rate.');
    // Once, not twice (the page's and the press's): polled, as the app, starting, asks for the rates
    // again and the message goes while it does.
    await expect.poll(() => failed.count()).toBe(1);

    // Back online, the rates are fetched again without reopening the page, and the press that
    // found them missing is answered without another.
    await page.unroute('**/api/data/rates/**');
    await page.context().setOffline(true);
    await page.context().setOffline(false);
    await expect.poll(() => result(page).count()).toBe(1);
    expect(await result(page).innerText()).toMatch(/Converted Amount: [\d,.]+ UGX/);
    expect(await failed.count()).toBe(0);
  });

  it('currency: a press made once the connection is back fetches the rates itself and is answered', async () => {
    const page = await app.newPage({ serviceWorkers: 'block' });
    await page.route('**/api/data/rates/**', (route) => route.abort('internetdisconnected'));
    await page.goto('/currency-converter?amount=5&from=USD&to=EUR');
    await page.getByText('Failed to fetch exchange rate.').waitFor();

    // The server is back, and the browser has said nothing of it (no online event): the press asks.
    await page.unroute('**/api/data/rates/**');
    const asked = page.waitForResponse((answer) => answer.url().includes('/api/data/rates/') && answer.ok());
    await page.getByRole('button', { name: 'Convert', exact: true }).click();
    await asked;
    await expect.poll(() => result(page).innerText()).toMatch(/Converted Amount: [\d,.]+ EUR/);
  });

  it.each([
    ['currency', '/currency-converter', 'Convert', /Converted Amount: [\d,.]+ UGX/],
    ['financial', '/financial-calculator?type=currency-conversion', 'Calculate', /Result: [\d.]+ EUR/],
  ])(
    '%s: a press made while the rates are on their way is kept, busy, and answered once they come',
    async (_, path, name, answer) => {
      // A slow network: the rates are held. No service worker, so the page's own requests are held.
      const page = await app.newPage({ serviceWorkers: 'block' });
      const rates = await holdRequests(page, '**/api/data/rates/**');
      await page.goto(path);
      await appReady(page);
      await page.getByLabel('Amount').fill('100');
      await expect.poll(() => rates.held.length).toBeGreaterThan(0);
      const button = page.getByRole('button', { name, exact: true });
      // Not busy before a press (nothing asked for yet: no spinner while the page starts), and
      // busy once pressed while the rates are held.
      expect(await button.getAttribute('aria-busy')).toBeNull();
      await button.click();
      await expect.poll(() => button.getAttribute('aria-busy')).toBe('true');
      expect(await result(page).count()).toBe(0);

      await rates.release();
      await expect.poll(() => result(page).innerText()).toMatch(answer);
      expect(await button.getAttribute('aria-busy')).toBeNull();
    },
  );

  it('financial: a conversion refused for want of rates is answered once a press brings them', async () => {
    const page = await app.newPage({ serviceWorkers: 'block' });
    await page.route('**/api/data/rates/**', (route) => route.abort('internetdisconnected'));
    const calculate = page.getByRole('button', { name: 'Calculate' });
    await page.goto('/financial-calculator?type=currency-conversion&amount=100&from=USD&to=EUR');
    await calculate.click();
    await expect.poll(() => toolError(page).innerText()).toBe('Error fetching currency conversion.');

    await page.unroute('**/api/data/rates/**');
    await calculate.click();
    await expect.poll(() => result(page).innerText()).toMatch(/Result: [\d.]+ EUR/);
  });

  it('electricity: the cost for a country, the message for a negative amount, a restored link', async () => {
    const page = await app.newPage();
    await page.goto('/electricity-cost-calculator');
    await page.getByLabel('Consumption (kWh)').fill('100');
    await page.getByRole('button', { name: 'Calculate Cost' }).click();
    await expect.poll(() => result(page).innerText()).toContain('Estimated Cost: $18.00 USD');

    await page.getByLabel('Consumption (kWh)').fill('-5');
    await page.getByRole('button', { name: 'Calculate Cost' }).click();
    await expect
      .poll(() => toolError(page).innerText())
      .toBe('Please enter a valid electricity consumption.');

    await page.goto('/electricity-cost-calculator?consumptionKwh=250&country=DE');
    await expect.poll(() => result(page).innerText()).toContain('Estimated Cost: $95.00 USD');
  });
});
