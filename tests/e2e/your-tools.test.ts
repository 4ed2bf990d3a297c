import AxeBuilder from '@axe-core/playwright';
import { SEARCH_MAX } from '@toolbox/sdk/wire';
import { YOUR_TOOLS_MESSAGES } from '@toolbox/sdk/your-tools';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAccount } from '../support/accounts';
import { appReady, result, useBrowserApp } from '../support/app';
import { storeSession } from '../support/stored-session';

const app = useBrowserApp();

/** The loan links of the interest calculator: 10 000 and 20 000 over 5 years at 6 %. */
const LOAN_A = '/interest-calculator?type=loan-payment&principal=10000&rate=6&time=5';
const LOAN_B = '/interest-calculator?type=loan-payment&principal=20000&rate=6&time=5';

/** Saves the result on screen under `name` through the Save action and its dialog. */
async function saveResult(page: Page, name: string) {
  await result(page).getByRole('button', { name: 'Save' }).click();
  const dialog = page.getByRole('dialog', { name: 'Save this calculation' });
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText('Saved', { exact: true }).first().waitFor();
  await dialog.waitFor({ state: 'detached' });
}

/** Delete asks first: its dialog names the item, and its own Delete, reached from the keyboard, confirms. */
async function confirmDelete(page: Page, name: string) {
  const dialog = page.getByRole('dialog', { name: 'Delete saved calculation' });
  await dialog.getByText(name, { exact: true }).waitFor();
  await dialog.getByRole('button', { name: 'Delete' }).focus();
  await page.keyboard.press('Enter');
}

/** The titles of Home's groups of tools, in order (favourites, recently used, then categories). */
/** Home's lists appear once read, which waits for the page to be idle (at most 2 s). */
const LISTS_READ = { timeout: 10_000 };

const sectionTitles = (page: Page) =>
  page.locator('main h2[id^="your-"], main h2[id^="category-"]').allInnerTexts();

describe('your tools', () => {
  it('a star set with the keyboard puts the tool first on Home, after a reload too', async () => {
    const page = await app.newPage();
    await page.goto('/unit-converter');
    const star = page.getByRole('button', { name: 'Add Unit Converter to favourites' });
    expect(await star.getAttribute('aria-pressed')).toBe('false');
    await star.focus();
    await page.keyboard.press('Enter');
    const remove = page.getByRole('button', { name: 'Remove Unit Converter from favourites' });
    await expect.poll(() => remove.getAttribute('aria-pressed')).toBe('true');

    await page.goto('/');
    await page.reload();
    // The lists are read once the app is idle (up to 2 s after it starts), not in the first second.
    await expect.poll(() => sectionTitles(page).then((titles) => titles[0]), LISTS_READ).toBe('Favourites');
    const favourites = page.getByRole('region', { name: 'Favourites' });
    expect(await favourites.getByRole('link').allInnerTexts()).toEqual(['Unit Converter']);

    // Home's star takes it off again, with Space this time.
    await favourites.getByRole('button', { name: 'Remove Unit Converter from favourites' }).focus();
    await page.keyboard.press('Space');
    await expect.poll(() => page.getByRole('region', { name: 'Favourites' }).count()).toBe(0);
  });

  it('a calculation made puts the tool under Recently used, on Home and in the empty search', async () => {
    const page = await app.newPage();
    await page.goto('/temperature-converter');
    // A page visited is not a tool used.
    await page.goto('/');
    await page.getByRole('heading', { level: 2, name: 'Science' }).waitFor();
    expect(await page.getByRole('region', { name: 'Recently used' }).count()).toBe(0);

    await page.goto('/bmi-calculator');
    await page.getByLabel('Weight (kg)').fill('70');
    await page.getByLabel('Height (m)').fill('1.75');
    await page.getByRole('button', { name: 'Calculate BMI' }).click();
    await expect.poll(() => result(page).innerText()).toContain('22.9');

    await page.goto('/');
    const recent = page.getByRole('region', { name: 'Recently used' });
    await recent.waitFor();
    expect(await recent.getByRole('link').allInnerTexts()).toEqual(['BMI Calculator']);

    await page.keyboard.press('Control+k');
    await page.getByRole('textbox', { name: 'Search tools' }).waitFor();
    const dialog = page.getByRole('dialog', { name: 'Tool search' });
    // With no query, the recently used tool comes first; its star is a button of its own.
    await expect.poll(() => dialog.locator('[data-action]').first().innerText()).toContain('BMI Calculator');
    await page.keyboard.press('Tab');
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label')))
      .toBe('Add BMI Calculator to favourites');
    await page.keyboard.press('Enter');
    await expect
      .poll(() => dialog.getByRole('button', { name: 'Remove BMI Calculator from favourites' }).count())
      .toBeGreaterThan(0);
  });

  it('a calculation made on a page left before the lists’ code came is under Recently used on the next', async () => {
    const page = await app.newPage();
    // The lists' code (loaded once the page is idle, or on a first use) never comes on this page.
    const listsCode = '**/assets/idle-*.js';
    let asked = 0;
    await page.route(listsCode, () => {
      asked += 1; // and never answered
    });
    await page.goto('/bmi-calculator');
    await appReady(page);
    await page.getByLabel('Weight (kg)').fill('70');
    await page.getByLabel('Height (m)').fill('1.75');
    await page.getByRole('button', { name: 'Calculate BMI' }).click();
    await expect.poll(() => result(page).innerText()).toContain('22.9');
    await expect.poll(() => asked).toBeGreaterThan(0);
    expect(await page.evaluate(() => localStorage.getItem('toolbox.yourTools'))).toBeNull();

    await page.unrouteAll({ behavior: 'ignoreErrors' });
    await page.goto('/');
    const recent = page.getByRole('region', { name: 'Recently used' });
    await recent.waitFor();
    expect(await recent.getByRole('link').allInnerTexts()).toEqual(['BMI Calculator']);
  });

  it('saves a BMI result as a visitor, keeps it through sign-up, and shows it on another device', async () => {
    const page = await app.newPage();
    await page.goto('/bmi-calculator?system=metric&weight=70&height=1.75');
    await expect.poll(() => result(page).innerText()).toContain('22.9');
    await saveResult(page, 'My BMI before the holidays');

    // A visitor's saved calculation is in this browser, under Saved (the header's button).
    await page.getByRole('link', { name: 'Saved calculations' }).click();
    await page.waitForURL('**/saved');
    await page.getByText('My BMI before the holidays').waitFor();

    // Sign up, then log in from Home: the browser's calculation moves into the account.
    const username = `saver${Date.now() % 1_000_000}`;
    const password = 'correct horse 42';
    await page.goto('/sign-up');
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByLabel('Full Name').fill('Sam Saver');
    await page.getByLabel('Phone Number').fill('+256 700 123456');
    await page.getByLabel('Address').fill('Plot 1, Kampala');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    const merged = page.waitForResponse((response) => response.url().endsWith('/api/me/merge/'));
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password', { exact: true }).fill(password);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    expect((await merged).status()).toBe(200);
    // The browser's copy is gone once the account has it.
    await expect.poll(() => page.evaluate(() => localStorage.getItem('toolbox.yourTools'))).toBeNull();

    // Another browser (a fresh context), signed in as the same user.
    const login = await app.server.json<{ token: string; user: unknown }>('/api/login/', {
      method: 'POST',
      body: { username, password },
    });
    expect(login.status).toBe(200);
    const other = await app.newPage();
    await storeSession(other, login.body);
    await other.goto('/saved');
    await other.getByText('Kept in your account', { exact: false }).waitFor();
    const item = other.getByRole('listitem', { name: 'My BMI before the holidays' });
    await item.waitFor();
    expect(await item.innerText()).toContain('22.9');

    // Open restores the input and the result from the stored input.
    await item.getByRole('link', { name: 'Open “My BMI before the holidays”' }).click();
    await other.waitForURL('**/bmi-calculator?**');
    await expect.poll(() => result(other).innerText()).toContain('22.9');
    expect(await other.getByLabel('Weight (kg)').inputValue()).toBe('70');

    // Signing out clears the browser's copy: the visitor's Saved page is empty.
    await other.goto('/logout');
    await other.waitForURL((url) => url.pathname === '/');
    await other.goto('/saved');
    await other.getByTestId('saved-empty').waitFor();
  });

  it('compares two saved loans side by side, renames and deletes with the keyboard', async () => {
    const page = await app.newPage();
    await page.goto(LOAN_A);
    await expect.poll(() => result(page).innerText()).toContain('193.33 per month');
    await saveResult(page, 'Small loan');
    await page.goto(LOAN_B);
    await expect.poll(() => result(page).innerText()).toContain('386.66 per month');
    await saveResult(page, 'Large loan');

    await page.goto('/saved');
    const section = page.getByRole('region', { name: 'Interest Calculator' });
    await section.getByRole('listitem').nth(1).waitFor();
    // Newest first.
    expect(
      await section
        .getByRole('listitem')
        .evaluateAll((items) => items.map((li) => li.getAttribute('aria-label'))),
    ).toEqual(['Large loan', 'Small loan']);
    const compare = section.getByRole('button', { name: 'Compare Interest Calculator' });
    expect(await compare.isDisabled()).toBe(true);
    await section.getByRole('checkbox', { name: 'Compare “Small loan”' }).check();
    await section.getByRole('checkbox', { name: 'Compare “Large loan”' }).check();
    await compare.click();
    await page.waitForURL('**/saved/compare?**');

    const table = page.getByTestId('compare-table');
    const monthly = table.getByRole('row', { name: /Monthly payment/ });
    await monthly.waitFor();
    const cells = await monthly.getByRole('cell').allInnerTexts();
    expect(cells).toEqual(['193.33', '386.66']);
    expect((await monthly.innerText()).toLowerCase()).toContain('differs');
    // The schedule's interest, month by month in cents (the closed formula says 3,199.36 for the
    // second loan: rounding each month to the cent takes one off).
    expect(
      await table
        .getByRole('row', { name: /Total interest/ })
        .getByRole('cell')
        .allInnerTexts(),
    ).toEqual(['1,599.68', '3,199.35']);
    // The same rate is not marked as a difference.
    expect((await table.getByRole('row', { name: /^Rate/ }).innerText()).toLowerCase()).not.toContain(
      'differs',
    );
    await page.getByRole('img', { name: /Balance month by month of Small loan, Large loan/ }).waitFor();

    // Rename and delete from the keyboard.
    await page.goto('/saved');
    const small = page.getByRole('listitem', { name: 'Small loan' });
    await small.getByRole('button', { name: 'Rename “Small loan”' }).focus();
    await page.keyboard.press('Enter');
    const field = page.getByLabel('New name of “Small loan”');
    await expect.poll(() => field.evaluate((input) => input === document.activeElement)).toBe(true);
    await field.fill('Car loan');
    await page.keyboard.press('Enter');
    const car = page.getByRole('listitem', { name: 'Car loan' });
    await car.waitFor();

    // Search narrows the list.
    await page.getByLabel('Search saved calculations').fill('car');
    await expect.poll(() => page.getByRole('main').getByRole('listitem').count()).toBe(1);
    await page.getByLabel('Search saved calculations').fill('');
    await expect.poll(() => page.getByRole('main').getByRole('listitem').count()).toBe(2);

    await car.getByRole('button', { name: 'Delete “Car loan”' }).focus();
    await page.keyboard.press('Enter');
    await confirmDelete(page, 'Car loan');
    await expect.poll(() => page.getByRole('main').getByRole('listitem').count()).toBe(1);
  });

  it('exports the saved calculations as CSV and JSON', async () => {
    const page = await app.newPage({ acceptDownloads: true });
    await page.goto(LOAN_A);
    await expect.poll(() => result(page).innerText()).toContain('193.33 per month');
    await saveResult(page, 'Export me, "quoted"');
    await page.goto('/saved');
    await page.getByRole('listitem', { name: 'Export me, "quoted"' }).waitFor();

    const json = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export JSON' }).click();
    const jsonFile = await json;
    expect(jsonFile.suggestedFilename()).toBe('saved-calculations.json');
    const rows = JSON.parse(await streamText(await jsonFile.createReadStream()));
    expect(rows).toMatchObject([
      { tool: 'interest-calculator', name: 'Export me, "quoted"', input: { principal: 10000 } },
    ]);

    const csv = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Export CSV' }).click();
    const csvFile = await csv;
    expect(csvFile.suggestedFilename()).toBe('saved-calculations.csv');
    const text = await streamText(await csvFile.createReadStream());
    expect(text).toContain('"Tool","Name","Result","Input"');
    expect(text).toContain('"Interest Calculator","Export me, ""quoted"""');
  });
});

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
}

/** Two loans in a visitor's browser, as the Saved page keeps them. */
const SEEDED = {
  favourites: ['interest-calculator'],
  recents: ['interest-calculator'],
  nextId: 3,
  calculations: [1, 2].map((id) => ({
    id,
    tool: 'interest-calculator',
    name: `Loan ${id}`,
    input: { type: 'loan-payment', principal: id * 10000, rate: 6, time: 5 },
    result_text: `Result: ${(193.33 * id).toFixed(2)} per month`,
    created_at: `2026-11-2${id}T10:00:00.000Z`,
    updated_at: `2026-11-2${id}T10:00:00.000Z`,
  })),
};

/** A browser whose visitor keeps `kept` in it (the app's store of their tools in localStorage). */
async function contextKeeping(kept: object, options?: BrowserContextOptions) {
  const context = await app.newContext(options);
  await context.addInitScript((data) => {
    localStorage.setItem('toolbox.yourTools', data);
  }, JSON.stringify(kept));
  return context;
}

/** What axe finds on the page: each rule broken, with its targets. */
const axeFindings = async (page: Page) =>
  (await new AxeBuilder({ page }).analyze()).violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`,
  );

describe.each(['light', 'dark'] as const)('axe in the %s scheme', (colorScheme) => {
  it('finds no violations on /saved and the compare view', async () => {
    const context = await contextKeeping(SEEDED, { colorScheme });
    const page = await context.newPage();
    await page.goto('/saved');
    await page.getByRole('listitem', { name: 'Loan 2' }).waitFor();
    expect(await axeFindings(page)).toEqual([]);

    await page.goto('/saved/compare?ids=1,2');
    await page
      .getByTestId('compare-table')
      .getByRole('row', { name: /Monthly payment/ })
      .waitFor();
    await page.getByRole('img', { name: /Balance month by month/ }).waitFor();
    expect(await axeFindings(page)).toEqual([]);
    await context.close();
  });
});

/** Three loans in a visitor's browser, newest first on the Saved page: Loan 3, Loan 2, Loan 1. */
const THREE = {
  ...SEEDED,
  nextId: 4,
  calculations: [1, 2, 3].map((id) => ({ ...SEEDED.calculations[0], id, name: `Loan ${id}` })),
};

/** The focused element: its accessible name where it has one, else its tag (and a heading's text). */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    if (!active || active === document.body) return 'body';
    return active.getAttribute('aria-label') ?? `${active.tagName}: ${active.textContent}`;
  });

/** Whether the focused element shows a focus ring. */
const focusSeen = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement;
    return active?.matches(':focus-visible') === true && getComputedStyle(active).outlineStyle !== 'none';
  });

describe('focus on /saved after a rename or a delete (decision 149)', () => {
  /** /saved with three loans kept in the browser, as the app shows it. */
  async function savedPage() {
    const context = await contextKeeping(THREE);
    const page = await context.newPage();
    await page.goto('/saved');
    await page.getByRole('listitem', { name: 'Loan 1' }).waitFor();
    await appReady(page);
    return page;
  }

  it("goes back to the item's Rename after Escape or a new name, on to the next item when renamed out of the search", async () => {
    const page = await savedPage();
    await page.getByRole('button', { name: 'Rename “Loan 2”' }).focus();
    await page.keyboard.press('Enter');
    const field = page.getByLabel('New name of “Loan 2”');
    await expect.poll(() => field.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await axeFindings(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await expect.poll(() => focused(page)).toBe('Rename “Loan 2”');
    expect(await focusSeen(page)).toBe(true);

    // A blank name refused, then Escape from the form's button: the edit is cancelled all the same.
    await page.keyboard.press('Enter');
    await field.fill('');
    await page.getByRole('button', { name: 'Save name' }).click();
    await page.getByText(YOUR_TOOLS_MESSAGES.nameRequired).waitFor();
    await expect.poll(() => focused(page)).toBe('BUTTON: Save name');
    await page.keyboard.press('Escape');
    await field.waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('Rename “Loan 2”');
    await page.getByRole('listitem', { name: 'Loan 2' }).waitFor();

    await page.keyboard.press('Enter');
    await field.fill('Middle');
    await page.keyboard.press('Enter');
    await page.getByRole('listitem', { name: 'Middle' }).waitFor();
    await expect.poll(() => focused(page)).toBe('Rename “Middle”');
    expect(await focusSeen(page)).toBe(true);

    // Renamed out of the search: it leaves the list, and focus goes to the item now in its place.
    await page.getByLabel('Search saved calculations').fill('loan');
    await page.getByRole('listitem', { name: 'Middle' }).waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Rename “Loan 3”' }).focus();
    await page.keyboard.press('Enter');
    await page.getByLabel('New name of “Loan 3”').fill('Car');
    await page.keyboard.press('Enter');
    await page.getByRole('listitem', { name: 'Loan 3' }).waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('Compare “Loan 1”');
  });

  it('asks before a delete: Cancel and Escape keep the item and give focus back to its Delete', async () => {
    const page = await savedPage();
    const dialog = page.getByRole('dialog', { name: 'Delete saved calculation' });
    for (const close of ['Cancel', 'Escape']) {
      await page.getByRole('button', { name: 'Delete “Loan 2”' }).focus();
      await page.keyboard.press('Enter');
      await dialog.getByText('Delete this saved calculation? This cannot be undone.').waitFor();
      await expect.poll(() => dialog.evaluate((open) => open.contains(document.activeElement))).toBe(true);
      if (close === 'Cancel') {
        expect(await axeFindings(page)).toEqual([]);
        await dialog.getByRole('button', { name: 'Cancel' }).focus();
        await page.keyboard.press('Enter');
      } else {
        await page.keyboard.press('Escape');
      }
      await dialog.waitFor({ state: 'detached' });
      await expect.poll(() => focused(page)).toBe('Delete “Loan 2”');
      expect(await page.getByRole('main').getByRole('listitem').count()).toBe(3);
    }
    // Nothing left the browser's store either: a reload shows all three.
    await page.reload();
    await page.getByRole('listitem', { name: 'Loan 1' }).waitFor();
    expect(await page.getByRole('main').getByRole('listitem').count()).toBe(3);
  });

  it("goes to the next item after a delete, else the one before, else the list's heading", async () => {
    const page = await savedPage();
    // Deleted in the middle: the next item's first control.
    await page.getByRole('button', { name: 'Delete “Loan 2”' }).focus();
    await page.keyboard.press('Enter');
    await confirmDelete(page, 'Loan 2');
    await page.getByRole('listitem', { name: 'Loan 2' }).waitFor({ state: 'detached' });
    await expect.poll(() => focused(page)).toBe('Compare “Loan 1”');
    expect(await focusSeen(page)).toBe(true);

    // Deleted last: the one before it.
    await page.getByRole('button', { name: 'Delete “Loan 1”' }).focus();
    await page.keyboard.press('Enter');
    await confirmDelete(page, 'Loan 1');
    await expect.poll(() => focused(page)).toBe('Compare “Loan 3”');

    // The list emptied: its heading.
    await page.getByRole('button', { name: 'Delete “Loan 3”' }).focus();
    await page.keyboard.press('Enter');
    await confirmDelete(page, 'Loan 3');
    await page.getByTestId('saved-empty').waitFor();
    await expect.poll(() => focused(page)).toBe('H1: Saved calculations');
    expect(await focusSeen(page)).toBe(true);
    expect(await axeFindings(page)).toEqual([]);
  });
});

describe('the Save dialog', () => {
  const isFocused = (page: Page) =>
    result(page)
      .getByRole('button', { name: 'Save' })
      .evaluate((button) => button === document.activeElement);

  it('passes axe open, and gives focus back to Save after Escape, Cancel and saving', async () => {
    const page = await app.newPage();
    await page.goto('/temperature-converter?value=100&from=Celsius&to=Fahrenheit');
    await appReady(page);
    const save = result(page).getByRole('button', { name: 'Save' });
    const dialog = page.getByRole('dialog', { name: 'Save this calculation' });

    // Opened from the keyboard: the first opening also loads the dialog's code.
    await save.press('Enter');
    await dialog.getByLabel('Name').waitFor();
    await expect
      .poll(() => dialog.getByLabel('Name').evaluate((input) => input === document.activeElement))
      .toBe(true);
    expect(await axeFindings(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(page)).toBe(true);

    await save.press('Enter');
    await dialog.getByRole('button', { name: 'Cancel' }).press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(page)).toBe(true);

    await save.press('Enter');
    await dialog.getByLabel('Name').press('Enter');
    await page.getByText('Saved', { exact: true }).first().waitFor();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => isFocused(page)).toBe(true);
  });
});

it('on a phone, the compared calculations are reachable by keyboard; axe finds nothing', async () => {
  const context = await contextKeeping(SEEDED, { viewport: { width: 412, height: 823 }, isMobile: true });
  const page = await context.newPage();
  await page.goto('/saved/compare?ids=2,1');
  await page
    .getByTestId('compare-table')
    .getByRole('row', { name: /Monthly payment/ })
    .waitFor();
  expect(await axeFindings(page)).toEqual([]);
  // The second loan's column starts off-screen; the focused region scrolls to it with the arrow keys.
  const region = page.getByRole('region', { name: /Loan 2 compared with Loan 1/ });
  await region.focus();
  expect(await region.evaluate((element) => element === document.activeElement)).toBe(true);
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
});

describe('signed-in account', () => {
  it('takes no longer a search than the API does', async () => {
    const { token, user } = await createAccount(app.server);
    const page = await app.newPage();
    await storeSession(page, { token, user });
    await page.goto('/saved');
    await page.getByText('Kept in your account, on every device you sign in on.').waitFor();
    const field = page.getByLabel('Search saved calculations');
    const searched = page.waitForResponse(
      (response) =>
        new URL(response.url()).pathname === '/api/me/calculations/' &&
        new URL(response.url()).searchParams.get('search')?.length === SEARCH_MAX,
    );
    await field.fill('x'.repeat(SEARCH_MAX));
    await field.press('x');
    expect((await searched).status()).toBe(200);
    expect((await field.inputValue()).length).toBe(SEARCH_MAX);
    expect(await page.getByText('Could not load').count()).toBe(0);
  });

  it('keeps favourites in the account: starred on one device, first on Home on another', async () => {
    const { token, user } = await createAccount(app.server);
    const page = await app.newPage();
    await storeSession(page, { token, user });
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Tool Navigator' }).waitFor();
    await page.getByRole('button', { name: 'Health' }).click();
    const saving = page.waitForResponse(
      (response) => response.url().endsWith('/api/me/favourites/') && response.request().method() === 'PUT',
    );
    await page.getByRole('menuitem', { name: 'Add BMI Calculator to favourites' }).click();
    expect((await saving).status()).toBe(200);
    // The Favourites menu comes first.
    await expect
      .poll(() => page.getByRole('main').getByRole('button').first().innerText())
      .toBe('Favourites');

    // The ways to Saved on the signed-in layout: the sidebar's icon button and the Navigator's button.
    await page.getByRole('banner').getByRole('link', { name: 'Saved calculations' }).waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Saved calculations' }).click();
    await page.waitForURL('**/saved');
    await page.getByRole('heading', { level: 1, name: 'Saved calculations' }).waitFor();

    const other = await app.newPage();
    await storeSession(other, { token, user });
    await other.goto('/');
    await expect.poll(() => sectionTitles(other).then((titles) => titles[0]), LISTS_READ).toBe('Favourites');
    expect(await other.getByRole('region', { name: 'Favourites' }).getByRole('link').allInnerTexts()).toEqual(
      ['BMI Calculator'],
    );
  });
});
