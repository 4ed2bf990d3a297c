import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAccount } from '../support/accounts';
import { appReady, useBrowserApp } from '../support/app';
import { storeSession } from '../support/stored-session';

const app = useBrowserApp();

/** /dashboard needs a session: store a member's token and user as the login page would. */
async function signIn(page: Page) {
  await storeSession(page, await createAccount(app.server));
}

describe('navigation built from the registry', () => {
  it('Home presents the tools by category and its search filters them', async () => {
    const page = await app.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/');
    await page.getByRole('heading', { level: 2, name: 'Science' }).waitFor();
    await page.getByRole('link', { name: /Temperature Converter/ }).waitFor();
    // The tools' keywords come with the search, not with the page (decision 147).
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((path) => path.includes('search-words'))).toEqual([]);

    // A word only the converter's keywords hold.
    await page.getByLabel('Find a tool').fill('weather');
    await expect.poll(() => page.getByRole('link', { name: /Temperature Converter/ }).count()).toBe(1);
    await expect.poll(() => page.getByRole('link', { name: /Percentage Converter/ }).count()).toBe(0);
    expect(scripts.filter((path) => path.includes('search-words'))).toHaveLength(1);
    await page.getByLabel('Find a tool').fill('fahrenheit');
    await expect.poll(() => page.getByRole('link', { name: /Temperature Converter/ }).count()).toBe(1);
    await expect.poll(() => page.getByRole('link', { name: /Percentage Converter/ }).count()).toBe(0);
    await page.getByRole('link', { name: /Temperature Converter/ }).click();
    await page.waitForURL('**/temperature-converter');
  });

  it('Ctrl+K opens the tool search, which finds a tool by keyword and opens it', async () => {
    const page = await app.newPage();
    await page.goto('/');
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    await page.keyboard.press('Control+k');
    const search = page.getByRole('textbox', { name: 'Search tools' });
    await search.waitFor();
    // A word only the converter's keywords hold: the search brings them (decision 147).
    await search.fill('KiB');
    await page.getByRole('button', { name: /^Data Storage Converter/ }).waitFor();
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/data-storage-converter');
    await page.getByRole('heading', { level: 1, name: 'Data Storage Converter' }).waitFor();
  });

  it('the tool search gives focus back to its button when it closes, the first time too', async () => {
    const page = await app.newPage();
    await page.goto('/');
    await appReady(page);
    const button = page.getByRole('button', { name: 'Search tools' });
    const search = page.getByRole('textbox', { name: 'Search tools' });
    // The first opening mounts the search (its code loads then), the second finds it there.
    for (let time = 0; time < 2; time += 1) {
      await button.press('Enter');
      await expect.poll(() => search.evaluate((input) => input === document.activeElement)).toBe(true);
      await page.keyboard.press('Escape');
      await search.waitFor({ state: 'hidden' });
      await expect.poll(() => button.evaluate((b) => b === document.activeElement)).toBe(true);
    }
  });

  it('the Tool Navigator opens one category at a time and closes as spec 2.5 says', async () => {
    const page = await app.newPage();
    await signIn(page);
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Tool Navigator' }).waitFor();
    const science = page.getByRole('button', { name: 'Science' });
    const math = page.getByRole('button', { name: 'Math' });
    const menus = page.getByRole('menu');

    // The twelve categories, one button each.
    for (const category of [
      'Media',
      'Documents',
      'Science',
      'Math',
      'Transport',
      'Health',
      'Finance',
      'Utilities',
      'Lifestyle',
      'Cooking',
      'Time',
      'IT',
    ]) {
      expect(await page.getByRole('button', { name: category, exact: true }).count()).toBe(1);
    }

    await science.click();
    await expect.poll(() => menus.count()).toBe(1);
    expect(await page.getByRole('menuitem', { name: 'Unit Converter', exact: true }).count()).toBe(1);
    expect(await science.getAttribute('aria-expanded')).toBe('true');

    // Clicking the same button again closes it.
    await science.click();
    await expect.poll(() => menus.count()).toBe(0);

    // Opening another closes the first: only one open at a time.
    await science.click();
    await math.click();
    await expect
      .poll(() => page.getByRole('menuitem', { name: 'Percentage Converter', exact: true }).count())
      .toBe(1);
    // The first menu's closing transition ends; then only the second is left.
    await expect.poll(() => menus.count()).toBe(1);
    expect(await page.getByRole('menuitem', { name: 'Unit Converter', exact: true }).count()).toBe(0);
    expect(await science.getAttribute('aria-expanded')).toBe('false');

    // Clicking outside closes it.
    await page.getByRole('heading', { level: 1, name: 'Tool Navigator' }).click();
    await expect.poll(() => menus.count()).toBe(0);

    // Choosing a tool navigates and closes the dropdown.
    await science.click();
    await page.getByRole('menuitem', { name: 'Unit Converter', exact: true }).click();
    await page.waitForURL('**/unit-converter');
    await page.getByRole('heading', { level: 1, name: 'Unit Converter' }).waitFor();
    expect(await menus.count()).toBe(0);
  });

  it('an unknown path shows the 404 page with the spec texts', async () => {
    const page = await app.newPage();
    await page.goto('/no/such/page');
    await page.getByRole('heading', { name: '404 - Page Not Found' }).waitFor();
    expect(await page.getByText("The page you're looking for doesn't exist.").count()).toBe(1);
  });

  it('the public footer holds exactly the spec links, and the top bar its four', async () => {
    const page = await app.newPage();
    await page.goto('/');
    const footer = page.getByRole('contentinfo');
    await footer.waitFor();
    const footerLinks = await footer
      .getByRole('link')
      .evaluateAll((links) =>
        links.map((a) => [a.textContent?.trim(), new URL((a as HTMLAnchorElement).href).pathname]),
      );
    expect(footerLinks).toEqual([
      ['Home', '/'],
      ['About', '/about'],
      ['Privacy', '/privacy'],
      ['FAQ', '/faq'],
      ['Contact', '/contact'],
      ['Blog', '/bloguser'],
      ['Terms & Conditions', '/termscond'],
    ]);
    const topBar = page.getByRole('navigation', { name: 'Main' });
    const topLinks = await topBar
      .getByRole('link')
      .evaluateAll((links) => links.map((a) => a.textContent?.trim()));
    // Exactly the spec's four (a signed-in person's Dashboard is a button beside them).
    expect(topLinks).toEqual(['Home', 'About Us', 'Contact Us', 'Blog']);
  });

  it('the sidebar highlights the current route and turns into a horizontal bar at 700 px', async () => {
    const wide = await app.newPage({ viewport: { width: 1280, height: 800 } });
    await signIn(wide);
    await wide.goto('/dashboard');
    const nav = wide.getByRole('navigation', { name: 'Account' });
    await nav.waitFor();
    expect(await nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    const boxes = async (page: typeof wide) =>
      Promise.all(
        ['Dashboard', 'Blog', 'My Account', 'Logout'].map(async (name) =>
          page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name }).boundingBox(),
        ),
      );
    const vertical = await boxes(wide);
    expect(new Set(vertical.map((box) => box?.x)).size).toBe(1);
    expect(new Set(vertical.map((box) => box?.y)).size).toBe(4);

    const narrow = await app.newPage({ viewport: { width: 700, height: 800 } });
    await signIn(narrow);
    await narrow.goto('/dashboard');
    await narrow.getByRole('navigation', { name: 'Account' }).waitFor();
    const horizontal = await boxes(narrow);
    expect(new Set(horizontal.map((box) => Math.round(box?.y ?? -1))).size).toBe(1);
    expect(new Set(horizontal.map((box) => box?.x)).size).toBe(4);
  });

  it('the colour scheme follows the system, switches, and is remembered', async () => {
    const page = await app.newPage({ colorScheme: 'dark' });
    await page.goto('/');
    const scheme = () =>
      page.evaluate(() => document.documentElement.getAttribute('data-mantine-color-scheme'));
    // One icon shows, the scheme the button switches to: the sun in dark, the moon in light.
    const shownIcons = () =>
      page
        .locator('button[aria-label$="colour scheme"] svg')
        .evaluateAll((icons) =>
          icons
            .filter((icon) => (icon as SVGElement).getBoundingClientRect().width > 0)
            .map((icon) => icon.classList[1]),
        );
    await expect.poll(scheme).toBe('dark');
    await expect.poll(shownIcons).toEqual(['tabler-icon-sun']);
    await page.getByRole('button', { name: 'Switch to light colour scheme' }).click();
    await expect.poll(scheme).toBe('light');
    await expect.poll(shownIcons).toEqual(['tabler-icon-moon']);
    await page.reload();
    await expect.poll(scheme).toBe('light');
  });

  it('the started app leaves no beforeunload listener, so leaving or reloading never waits on the page, and history still works', async () => {
    const page = await app.newPage();
    await page.goto('/bmi-calculator');
    await appReady(page);
    const cdp = await page.context().newCDPSession(page);
    const { result: win } = await cdp.send('Runtime.evaluate', { expression: 'window' });
    const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: win.objectId ?? '' });
    const types = listeners.map((listener) => listener.type);
    expect(types).toContain('popstate');
    expect(types).not.toContain('beforeunload');

    await page.getByRole('link', { name: 'About Us' }).first().click();
    await page.waitForURL('**/about');
    await page.goBack();
    await page.waitForURL('**/bmi-calculator');
    await page.getByRole('heading', { level: 1, name: 'BMI Calculator' }).waitFor();
  });
});
