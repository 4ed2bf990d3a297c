import AxeBuilder from '@axe-core/playwright';
import { tools } from '@toolbox/plugins/registry';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAccount } from '../support/accounts';
import { appReady, toolError, useBrowserApp } from '../support/app';
import { storeSession } from '../support/stored-session';

const app = useBrowserApp();

const pages = [
  { path: '/', ready: (page: Page) => page.getByRole('heading', { level: 1 }).first().waitFor() },
  {
    path: '/dashboard',
    signedIn: true,
    ready: (page: Page) => page.getByRole('heading', { level: 1, name: 'Tool Navigator' }).waitFor(),
  },
  {
    path: '/account',
    signedIn: true,
    // The member's details have been read when the form is there.
    ready: (page: Page) => page.getByLabel('Full Name', { exact: true }).waitFor(),
  },
  { path: '/login', ready: (page: Page) => page.getByRole('heading', { level: 1, name: 'Login' }).waitFor() },
  {
    path: '/sign-up',
    ready: (page: Page) => page.getByRole('heading', { level: 1, name: 'Create an Account' }).waitFor(),
  },
  {
    path: '/no-such-page',
    ready: (page: Page) => page.getByRole('heading', { name: '404 - Page Not Found' }).waitFor(),
  },
  ...tools.map((tool) => ({
    path: tool.route,
    // The view's own chunk has loaded when its form is there.
    ready: async (page: Page) => {
      await page.getByRole('heading', { level: 1, name: tool.label }).waitFor();
      await page.locator('main form').first().waitFor();
    },
  })),
];

const summarise = (violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']) =>
  violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

describe.each(['light', 'dark'] as const)('axe finds no violations in the %s scheme', (colorScheme) => {
  it.each(pages)('$path', async ({ path, ready, ...options }) => {
    const context = await app.newContext({ colorScheme });
    const page = await context.newPage();
    if ('signedIn' in options) {
      // The page needs a session: store a member's token and user as the login page would.
      await storeSession(page, await createAccount(app.server));
    }
    await page.goto(path);
    await ready(page);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(summarise(violations)).toEqual([]);
    await context.close();
  });
});

describe.each(['light', 'dark'] as const)('the tool search in the %s scheme', (colorScheme) => {
  it('is axe clean open, with a query and its first tool chosen', async () => {
    const page = await app.newPage({ colorScheme });
    await page.goto('/');
    await appReady(page);
    await page.keyboard.press('Control+k');
    await page.getByRole('textbox', { name: 'Search tools' }).fill('temp');
    await page.getByRole('button', { name: /^Temperature Converter/ }).waitFor();
    // The chosen tool is drawn on the primary colour, its description too.
    await page.locator('.mantine-Spotlight-action[data-selected]').waitFor();
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(summarise(violations)).toEqual([]);
  });
});

/** The WCAG contrast ratio of two `rgb(…)` colours. */
function contrast(a: string, b: string): number {
  const luminance = (colour: string) => {
    const [r, g, b] = (colour.match(/[\d.]+/g) ?? []).slice(0, 3).map((part) => {
      const c = Number(part) / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * (r ?? 0) + 0.7152 * (g ?? 0) + 0.0722 * (b ?? 0);
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

describe.each(['light', 'dark'] as const)('focus indicators in the %s scheme', (colorScheme) => {
  it('a text field and a select get the buttons’ 2 px ring, 3:1 against the field and the box around', async () => {
    const context = await app.newContext({ colorScheme });
    const page = await context.newPage();
    await page.goto('/temperature-converter');
    await page.locator('main form').first().waitFor();
    const ring = (label: string) =>
      page.getByLabel(label, { exact: true }).evaluate((element) => {
        const style = getComputedStyle(element);
        // What the ring (2 px outside the field) is drawn on: the first painted background around it.
        let around = element.parentElement;
        while (around && getComputedStyle(around).backgroundColor === 'rgba(0, 0, 0, 0)') {
          around = around.parentElement;
        }
        return {
          outline: `${style.outlineStyle} ${style.outlineWidth}`,
          colour: style.outlineColor,
          field: style.backgroundColor,
          around: around ? getComputedStyle(around).backgroundColor : 'rgb(255, 255, 255)',
        };
      });
    // From the keyboard, as a person tabbing through the form.
    await page.getByLabel('Value', { exact: true }).focus();
    const value = await ring('Value');
    await page.keyboard.press('Tab');
    const from = await ring('From');
    await page.getByRole('button', { name: 'Convert', exact: true }).focus();
    const button = await page
      .getByRole('button', { name: 'Convert', exact: true })
      .evaluate((element) => getComputedStyle(element).outlineColor);
    for (const [name, field] of Object.entries({ value, from })) {
      expect(field.outline, name).toBe('solid 2px');
      expect(field.colour, name).toBe(button);
      expect(contrast(field.colour, field.field), `${name} on ${field.field}`).toBeGreaterThanOrEqual(3);
      expect(contrast(field.colour, field.around), `${name} on ${field.around}`).toBeGreaterThanOrEqual(3);
    }
    await context.close();
  });
});

/** Chromium's accessible description of the text field named `name`: what a screen reader says of it. */
async function accessibleDescription(page: Page, name: string): Promise<string | undefined> {
  const cdp = await page.context().newCDPSession(page);
  const { nodes } = await cdp.send('Accessibility.getFullAXTree');
  await cdp.detach();
  const field = nodes.find((node) => node.role?.value === 'textbox' && node.name?.value === name);
  return field?.description?.value as string | undefined;
}

describe('a tool’s error about one field', () => {
  it('marks that field invalid, described by the message, until it is edited; axe stays clean', async () => {
    const page = await app.newPage();
    await page.goto('/bmi-calculator');
    await appReady(page);
    const weight = page.getByLabel('Weight (kg)');
    const height = page.getByLabel('Height (m)');
    // The range a screen reader is told is the one the tool takes: 0 itself is refused.
    expect(await accessibleDescription(page, 'Weight (kg)')).toBe('more than 0');
    expect(await accessibleDescription(page, 'Height (m)')).toBe('In metres, e.g. 1.75 (more than 0)');
    await weight.fill('0');
    await height.fill('1.75');
    await page.getByRole('button', { name: 'Calculate BMI' }).click();
    await expect.poll(() => toolError(page).innerText()).toBe('Please enter a valid weight.');
    expect(await weight.getAttribute('aria-invalid')).toBe('true');
    expect(await height.getAttribute('aria-invalid')).toBeNull();
    expect(await accessibleDescription(page, 'Weight (kg)')).toContain('Please enter a valid weight.');
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(summarise(violations)).toEqual([]);

    await weight.fill('70');
    await expect.poll(() => weight.getAttribute('aria-invalid')).toBeNull();
    expect(await accessibleDescription(page, 'Weight (kg)')).not.toContain('Please enter a valid weight.');
    // The message itself stays until the next answer.
    expect(await toolError(page).innerText()).toBe('Please enter a valid weight.');
  });
});
