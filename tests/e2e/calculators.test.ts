import { describe, expect, it } from 'vitest';
import { result, toolError, useBrowserApp } from '../support/app';

const app = useBrowserApp();

// The browser and this process share the machine's clock and zone.
const today = new Date();
const year = today.getFullYear();

describe('the everyday calculators in Chromium', () => {
  it('age: computes an age, refuses a future date, restores an upcoming-birthday link', async () => {
    const page = await app.newPage();
    await page.goto('/age-calculator');
    await page.getByLabel('Birth date').fill(`${year - 30}-01-01`);
    await page.getByRole('button', { name: 'Calculate' }).click();
    await expect.poll(() => result(page).innerText()).toContain('Your age is: 30 years');

    await page.getByLabel('Birth date').fill(`${year + 1}-01-01`);
    await page.getByRole('button', { name: 'Calculate' }).click();
    await expect.poll(() => toolError(page).innerText()).toBe('Birth date cannot be in the future');

    await page.goto(`/age-calculator?mode=birthday&birthDate=${year - 20}-01-01`);
    await expect
      .poll(() => result(page).innerText())
      .toContain(`Your next birthday is on: ${year + 1}-01-01`);
  });

  it('BMI: the button waits for both fields, then computes; a link restores an imperial result', async () => {
    const page = await app.newPage();
    await page.goto('/bmi-calculator');
    const calculate = page.getByRole('button', { name: 'Calculate BMI' });
    await page.getByLabel('Weight (kg)').fill('70');
    expect(await calculate.isDisabled()).toBe(true);
    await page.getByLabel('Height (m)').fill('1.75');
    await calculate.click();
    await expect.poll(() => result(page).innerText()).toMatch(/22\.9[\s\S]*Normal Weight/);

    await page.getByLabel('Weight (kg)').fill('0');
    await calculate.click();
    await expect.poll(() => toolError(page).innerText()).toBe('Please enter a valid weight.');

    await page.goto('/bmi-calculator?system=imperial&weight=200&feet=5&inches=10');
    await expect.poll(() => result(page).innerText()).toMatch(/28\.7[\s\S]*Overweight/);
  });

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
    await page.goto(
      '/financial-calculator?type=inflation-adjustment&amount=100&startYear=2000&endYear=2020&country=US',
    );
    await page.getByRole('button', { name: 'Calculate' }).click();
    await expect
      .poll(() => toolError(page).innerText())
      .toBe('Inflation data not available for selected years.');
  });

  it('currency: converts with the offline rates and says their date and source', async () => {
    const page = await app.newPage();
    await page.goto('/currency-converter');
    await page.getByRole('button', { name: 'Convert' }).click();
    await expect.poll(() => toolError(page).innerText()).toBe('Please enter a valid amount.');

    await page.goto('/currency-converter?amount=100&from=USD&to=EUR');
    await expect.poll(() => result(page).innerText()).toMatch(/Converted Amount: [\d,.]+ EUR/);
    await expect.poll(() => page.locator('main').innerText()).toMatch(/2026-09-29/);
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

  it('shoe size: asks for every field, and converts US men 9 to EU 42 from a link', async () => {
    const page = await app.newPage();
    await page.goto('/shoe-size-converter');
    await page.getByRole('button', { name: 'Convert' }).click();
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
    await page.getByRole('button', { name: 'Convert' }).click();
    await expect.poll(() => toolError(page).innerText()).toBe('Please fill all fields');
  });
});
