import { describe, expect, it } from 'vitest';
import { result, toolError, useBrowserApp } from '../support/app';

const app = useBrowserApp();

// The browser and this process share the machine's clock and zone.
const today = new Date();
const year = today.getFullYear();
/** A birthday on 1 January is next this year only on that day itself (today counts). */
const nextNewYearsBirthday = today.getMonth() === 0 && today.getDate() === 1 ? year : year + 1;

describe('the age and BMI calculators in Chromium', () => {
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
      .toContain(`Your next birthday is on: ${nextNewYearsBirthday}-01-01`);
  });

  it('BMI: the button waits for both fields, then computes (a decimal comma too); a link restores an imperial result', async () => {
    const page = await app.newPage();
    await page.goto('/bmi-calculator');
    const calculate = page.getByRole('button', { name: 'Calculate BMI' });
    await page.getByLabel('Weight (kg)').fill('70');
    expect(await calculate.isDisabled()).toBe(true);
    await page.getByLabel('Height (m)').fill('1.75');
    await calculate.click();
    await expect.poll(() => result(page).innerText()).toMatch(/22\.9[\s\S]*Normal Weight/);

    // Typed as a phone's decimal keypad does in many languages: a decimal comma.
    await page.getByLabel('Weight (kg)').fill('70,5');
    await page.getByLabel('Height (m)').fill('1,75');
    await calculate.click();
    await expect.poll(() => result(page).innerText()).toMatch(/23\.0[\s\S]*Normal Weight/);
    // Its link keeps the text as typed, and reads it back the same way.
    expect(new URL(page.url()).searchParams.get('height')).toBe('1,75');
    const shared = await app.newPage();
    await shared.goto(page.url());
    await expect.poll(() => result(shared).innerText()).toMatch(/23\.0[\s\S]*Normal Weight/);

    await page.getByLabel('Weight (kg)').fill('0');
    await calculate.click();
    await expect.poll(() => toolError(page).innerText()).toBe('Please enter a valid weight.');

    await page.goto('/bmi-calculator?system=imperial&weight=200&feet=5&inches=10');
    await expect.poll(() => result(page).innerText()).toMatch(/28\.7[\s\S]*Overweight/);
    // The unit system named in another case is that system.
    await page.goto('/bmi-calculator?system=IMPERIAL&weight=200&feet=5&inches=10');
    await expect.poll(() => result(page).innerText()).toMatch(/28\.7[\s\S]*Overweight/);
    expect(await page.getByLabel('Imperial (lbs, ft, in)').isChecked()).toBe(true);
  });
});
