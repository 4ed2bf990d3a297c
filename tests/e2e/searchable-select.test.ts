/**
 * The SDK's searchable select (an ARIA combobox) as a visitor uses it, on the currency converter:
 * named by its label, searched and picked with the keyboard alone, axe clean while open; and the
 * currency list still coming (a search says so, Enter picks once it has come); and the shoe size
 * converter's link naming size systems. Which match leads the list (Enter picks it) is
 * tested on the rendered select in sdk/src/react/searchable-select.test.tsx.
 */
import AxeBuilder from '@axe-core/playwright';
import { describe, expect, it } from 'vitest';
import { appReady, result, useBrowserApp } from '../support/app';
import { holdRequests } from '../support/held-scripts';

const app = useBrowserApp();

describe('the searchable select', () => {
  it('searches, moves and picks with the keyboard, restores on Escape, and computes with the pick', async () => {
    const page = await app.newPage();
    await page.goto('/currency-converter?amount=100&from=USD&to=EUR');
    await expect.poll(() => result(page).innerText()).toContain('EUR');
    const to = page.getByRole('combobox', { name: 'To' });
    expect(await to.getAttribute('aria-expanded')).toBe('false');

    await to.focus();
    await page.keyboard.type('yen');
    expect(await to.getAttribute('aria-expanded')).toBe('true');
    const list = page.getByRole('listbox', { name: 'To' });
    await expect.poll(() => list.getByRole('option').allInnerTexts()).toEqual(['JPY - Yen']);
    // The active option is the one the field points at.
    const active = await to.getAttribute('aria-activedescendant');
    expect(await page.locator(`[id="${active}"]`).innerText()).toBe('JPY - Yen');

    await page.keyboard.press('Escape');
    expect(await to.inputValue()).toMatch(/^EUR/);
    expect(await to.getAttribute('aria-expanded')).toBe('false');

    await page.keyboard.type('jpy');
    await page.keyboard.press('Enter');
    expect(await to.inputValue()).toBe('JPY - Yen');
    await page.getByRole('button', { name: 'Convert', exact: true }).click();
    await expect.poll(() => result(page).innerText()).toContain('JPY');
    expect(new URL(page.url()).searchParams.get('to')).toBe('JPY');

    await to.focus();
    await page.keyboard.type('no such money');
    await page.getByText('No such currency').waitFor();
    expect(await list.isHidden()).toBe(true);
  });

  it('says the currency list is coming while it is, and picks on an Enter pressed meanwhile once it has come', async () => {
    // A slow network: the list and the rates are held. No service worker, so the page's own
    // requests are the ones held.
    const page = await app.newPage({ serviceWorkers: 'block' });
    const lists = await holdRequests(page, /\/api\/data\/(currencies|rates)\//);
    await page.goto('/currency-converter');
    await appReady(page);
    const to = page.getByRole('combobox', { name: 'To' });
    await to.focus();
    await page.keyboard.type('eur');
    await page.getByText('Loading currencies…').waitFor();
    await page.keyboard.press('Enter');
    expect(await to.inputValue()).toBe('eur');
    expect(lists.held.length).toBeGreaterThan(0);

    await lists.release();
    await expect.poll(() => to.inputValue()).toBe('EUR - Euro');
    expect(await to.getAttribute('aria-expanded')).toBe('false');
  });

  it('reads a shoe size link naming size systems, and finds a country by its size system', async () => {
    const page = await app.newPage();
    await page.goto('/shoe-size-converter?from=US&to=EU&gender=men&size=9');
    await appReady(page);
    await expect.poll(() => result(page).innerText()).toContain('Converted Size: 42 (EU)');
    expect(await page.getByRole('combobox', { name: 'From' }).inputValue()).toBe('United States');
    expect(await page.getByRole('combobox', { name: 'To' }).inputValue()).toBe('France');
    const to = page.getByRole('combobox', { name: 'To' });
    await to.fill('uk');
    const options = page.getByRole('listbox', { name: 'To' }).getByRole('option');
    await expect.poll(() => options.allInnerTexts()).toEqual(['United Kingdom']);
    await page.keyboard.press('Enter');
    expect(await to.inputValue()).toBe('United Kingdom');
  });

  it.each(['light', 'dark'] as const)(
    'has no axe violations with its list open (%s)',
    async (colorScheme) => {
      const page = await app.newPage({ colorScheme });
      await page.goto('/currency-converter');
      const from = page.getByRole('combobox', { name: 'From' });
      await from.click();
      await page.keyboard.press('ArrowDown');
      await page.getByRole('listbox', { name: 'From' }).getByRole('option').first().waitFor();
      const { violations } = await new AxeBuilder({ page }).analyze();
      expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
        [],
      );
    },
  );
});
