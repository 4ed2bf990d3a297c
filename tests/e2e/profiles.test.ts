import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { UNREACHABLE } from '@toolbox/sdk';
import ExcelJS from 'exceljs';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from '../support/accounts';
import { appReady, untilControlled, useBrowserApp } from '../support/app';
import { storeSession } from '../support/stored-session';

const app = useBrowserApp();

interface SignedIn {
  token: string;
  user: { id: number; username: string; role: string };
}

/** Logs in through the API: the token and user that the login page would store. */
async function login(username: string, password: string): Promise<SignedIn> {
  const { status, body } = await app.server.json<SignedIn>('/api/login/', {
    method: 'POST',
    body: { username, password },
  });
  expect(status).toBe(200);
  return body;
}

let admin: SignedIn;
const PASSWORD = 'long enough password';

/** Creates an account through the API as the admin. */
async function createProfile(fields: {
  username: string;
  full_name: string;
  role?: string;
  phone_number?: string;
}) {
  const { status, body } = await app.server.json<{ id: number }>('/api/profiles/', {
    method: 'POST',
    headers: { Authorization: `Token ${admin.token}` },
    body: {
      email: `${fields.username}@example.com`,
      password: PASSWORD,
      phone_number: '+256 700 000000',
      address: 'Kampala',
      role: 'member',
      ...fields,
    },
  });
  expect(status).toBe(201);
  return body;
}

/** Every URL each page (and its workers) requested, in order. */
const requested = new WeakMap<Page, string[]>();

/** A page signed in as `session` (the stored token and user the login page would write), on `path`. */
async function pageAs(session: SignedIn, path: string, options?: BrowserContextOptions): Promise<Page> {
  const page = await app.newPage(options);
  const urls: string[] = [];
  requested.set(page, urls);
  page.on('request', (request) => urls.push(request.url()));
  // A stuck step fails with its own name rather than as the test's timeout.
  page.setDefaultTimeout(15_000);
  await storeSession(page, session);
  await page.goto(path);
  return page;
}

const rows = (page: Page) => page.locator('tbody tr');
const search = (page: Page) => page.getByPlaceholder('Search by name, username, email, phone, address, role');
const notification = (page: Page, text: string) =>
  page.locator('.mantine-Notification-root', { hasText: text });

async function openProfiles(session: SignedIn) {
  const page = await pageAs(session, '/profile');
  await page.getByRole('heading', { level: 1, name: 'Welcome Back' }).waitFor();
  return page;
}

/**
 * Types a search and waits for its answer: the list request with that search, then a table that is
 * not fetching and shows `expectedRows` rows all containing the text (or 'No profiles found.' for 0).
 * Answers the query of that request.
 */
async function searchFor(page: Page, text: string, expectedRows: number): Promise<URLSearchParams> {
  const answered = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === '/api/profiles/' && url.searchParams.get('search') === text;
  });
  await search(page).fill(text);
  const query = new URL((await answered).url()).searchParams;
  const needle = text.toLowerCase();
  await expect
    .poll(async () => {
      if ((await page.locator('table[aria-busy="true"]').count()) > 0) return 'fetching';
      const texts = await rows(page).allInnerTexts();
      if (texts.length === 1 && texts[0]?.includes('No profiles found.')) return 0;
      return texts.every((row) => row.toLowerCase().includes(needle)) ? texts.length : texts.join(' | ');
    })
    .toBe(expectedRows);
  return query;
}

const firstName = (page: Page) => rows(page).first().locator('td').first().innerText();

beforeAll(async () => {
  admin = await login(app.server.admin.username, app.server.admin.password);
  // Twelve profiles for paging and exports, found together by their common name.
  for (let n = 1; n <= 12; n++) {
    await createProfile({ username: `pager${n}`, full_name: `Pager Person ${String(n).padStart(2, '0')}` });
  }
});

// Long flows in a real browser; on a loaded machine a step can take several seconds.
describe('profile administration in Chromium', { timeout: 60_000 }, () => {
  it('admin adds, searches, edits and deletes a profile', async () => {
    const page = await openProfiles(admin);
    const link = page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Profile' });
    expect(await link.getAttribute('aria-current')).toBe('page');

    // Add: the required-field messages and the alert first, then a profile that saves.
    await page.getByRole('button', { name: 'Add Profile' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Profile' });
    await dialog.getByRole('button', { name: 'Save' }).click();
    for (const message of [
      'Full name is required',
      'Phone number is required',
      'Username is required',
      'Email is required',
    ]) {
      await dialog.getByText(message).waitFor();
    }
    // The spec's alert is in the form, above the fields, not a notification over the modal's Save.
    const formAlert = dialog.getByRole('alert');
    await formAlert
      .filter({ hasText: 'Please fill all required fields' })
      .getByText('Validation Error')
      .waitFor();
    expect(await page.locator('.mantine-Notification-root').count()).toBe(0);

    await dialog.getByLabel('Full Name').fill('Ann Lee');
    // Fixing the form clears the alert: it no longer speaks of a form that has changed.
    expect(await formAlert.count()).toBe(0);
    await dialog.getByLabel('Username').fill('annlee');
    await dialog.getByLabel('Email').fill('ann@example.com');
    await dialog.getByLabel('Password', { exact: true }).fill('correct horse battery');
    await dialog.getByLabel('Phone Number').fill('+256 700 111222');
    await dialog.getByLabel('Address').fill('Plot 5, Kampala');
    await dialog.getByLabel('Role', { exact: true }).click();
    await page.getByRole('option', { name: 'manager' }).click();
    expect(await dialog.getByText('Full name is required').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await notification(page, 'Profile created successfully').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // The same username again: the server's message under the Username input.
    await page.getByRole('button', { name: 'Add Profile' }).click();
    await dialog.getByLabel('Full Name').fill('Ann Again');
    await dialog.getByLabel('Username').fill('annlee');
    await dialog.getByLabel('Email').fill('ann.again@example.com');
    await dialog.getByLabel('Password', { exact: true }).fill('correct horse battery');
    await dialog.getByLabel('Phone Number').fill('1');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await formAlert.filter({ hasText: 'Save failed. Please check the form and try again.' }).waitFor();
    expect(await notification(page, 'Save failed').count()).toBe(0);
    const username = dialog.getByLabel('Username');
    await expect.poll(() => username.getAttribute('aria-invalid')).toBe('true');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });

    // Search finds her and only her.
    await searchFor(page, 'annlee', 1);
    const row = rows(page).first();
    expect(await row.locator('td').allInnerTexts()).toEqual([
      'Ann Lee',
      'annlee',
      'ann@example.com',
      '+256 700 111222',
      'Plot 5, Kampala',
      'manager',
      expect.stringContaining('Edit'),
    ]);

    // Edit opens with her values and a blank password; a blank password keeps the old one.
    await page.getByRole('button', { name: 'Edit Ann Lee' }).click();
    const edit = page.getByRole('dialog', { name: 'Edit Profile' });
    expect(await edit.getByLabel('Full Name').inputValue()).toBe('Ann Lee');
    expect(await edit.getByLabel('Email').inputValue()).toBe('ann@example.com');
    expect(await edit.getByLabel('Password', { exact: true }).inputValue()).toBe('');
    await edit.getByText('Leave blank to keep the current password.').waitFor();
    await edit.getByLabel('Full Name').fill('Ann Leigh');
    await edit.getByRole('button', { name: 'Save' }).click();
    await notification(page, 'Profile updated successfully').waitFor();
    await edit.waitFor({ state: 'hidden' });
    await expect.poll(() => row.locator('td').first().innerText()).toBe('Ann Leigh');
    expect((await login('annlee', 'correct horse battery')).user.username).toBe('annlee');

    // Delete asks first; Cancel keeps her.
    await page.getByRole('button', { name: 'Delete Ann Leigh' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete profile' });
    await confirm.getByText('Are you sure you want to delete this profile?').waitFor();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'hidden' });
    expect(await rows(page).count()).toBe(1);
    await page.getByRole('button', { name: 'Delete Ann Leigh' }).click();
    await confirm.getByRole('button', { name: 'Delete' }).click();
    await notification(page, 'Profile deleted successfully').waitFor();
    await page.getByText('No profiles found.').waitFor();
    const { status } = await app.server.json('/api/login/', {
      method: 'POST',
      body: { username: 'annlee', password: 'correct horse battery' },
    });
    expect(status).toBe(400);
  });

  it('pages through the matching profiles; All shows them on one page without a pager', async () => {
    const page = await openProfiles(admin);
    await searchFor(page, 'Pager Person', 5);
    const pager = page.getByRole('navigation', { name: 'Pages' });
    const previous = pager.getByRole('button', { name: 'Previous' });
    const next = pager.getByRole('button', { name: 'Next' });
    expect(await previous.isDisabled()).toBe(true);
    expect(await next.isDisabled()).toBe(false);
    expect(await pager.getByRole('button', { name: /^Page \d+$/ }).allInnerTexts()).toEqual(['1', '2', '3']);
    expect(await pager.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');

    await pager.getByRole('button', { name: 'Page 3' }).click();
    await expect.poll(() => rows(page).count()).toBe(2);
    expect(await next.isDisabled()).toBe(true);
    expect(await firstName(page)).toBe('Pager Person 11');

    // A new page size goes back to page 1.
    await page.getByRole('button', { name: 'Show: 5' }).click();
    await page.getByRole('menuitem', { name: '10', exact: true }).click();
    await expect.poll(() => rows(page).count()).toBe(10);
    expect(await firstName(page)).toBe('Pager Person 01');
    await page.getByRole('button', { name: 'Show: 10' }).click();
    await page.getByRole('menuitem', { name: 'All', exact: true }).click();
    await expect.poll(() => rows(page).count()).toBe(12);
    await page.getByRole('button', { name: 'Show: All' }).waitFor();
    expect(await pager.count()).toBe(0);

    // Typing resets to page 1 as well.
    await page.getByRole('button', { name: 'Show: All' }).click();
    await page.getByRole('menuitem', { name: '5', exact: true }).click();
    await pager.getByRole('button', { name: 'Page 2' }).click();
    await expect.poll(() => firstName(page)).toBe('Pager Person 06');
    expect((await searchFor(page, 'pager', 5)).get('page')).toBe('1');
    expect(await firstName(page)).toBe('Pager Person 01');
    expect(await pager.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
  });

  it('exports every matching profile as CSV, with a BOM, quoted cells and CRLF', async () => {
    const page = await openProfiles(admin);
    await searchFor(page, 'Pager Person', 5);
    await page.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Export CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('profiles.csv');
    const bytes = await readFile(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe('"ID","Full Name","Phone Number","Address","Role","Username","Email"');
    // All twelve, not only the five on screen, and nothing else.
    expect(lines.filter((line) => line !== '')).toHaveLength(13);
    expect(lines[1]).toMatch(
      /^"\d+","Pager Person 01","\+256 700 000000","Kampala","member","pager1","pager1@example\.com"$/,
    );
    await notification(page, 'CSV exported successfully.').waitFor();
  });

  it('exports Excel with the sheet Profiles', async () => {
    const page = await openProfiles(admin);
    await searchFor(page, 'Pager Person', 5);
    // exceljs (its own chunk, ~900 kB) is not part of the screen: only the export worker loads it.
    const excelChunk = (url: string) => /\/assets\/xlsx-[\w-]+\.js$/.test(url);
    expect(requested.get(page)?.filter(excelChunk)).toEqual([]);
    await page.getByRole('button', { name: 'Export' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: 'Export Excel' }).click(),
    ]);
    expect(requested.get(page)?.filter(excelChunk)).toHaveLength(1);
    expect(download.suggestedFilename()).toBe('profiles.xlsx');
    const workbook = new ExcelJS.Workbook();
    const file = await readFile(await download.path());
    await workbook.xlsx.load(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength));
    const sheet = workbook.getWorksheet('Profiles');
    expect(sheet?.getRow(1).values).toEqual([
      undefined,
      'ID',
      'Full Name',
      'Phone Number',
      'Address',
      'Role',
      'Username',
      'Email',
    ]);
    expect(sheet?.rowCount).toBe(13);
    expect(sheet?.getCell('B13').value).toBe('Pager Person 12');
    expect(sheet?.getCell('F13').value).toBe('pager12');
    await notification(page, 'Excel file has been downloaded.').waitFor();
  });

  it('prints every matching profile as an escaped table; an empty search has nothing to export', async () => {
    await createProfile({ username: 'markup', full_name: '<b>Bold</b> & Co' });
    const page = await openProfiles(admin);
    await searchFor(page, 'Bold', 1);
    // The print dialog would hold the popup (and so this test) until it is dismissed: record the call instead.
    await page.evaluate(() => {
      const open = window.open.bind(window);
      window.open = (...args) => {
        const opened = open(...args);
        if (opened) opened.print = () => Object.assign(opened, { printed: true });
        return opened;
      };
    });
    await page.getByRole('button', { name: 'Export' }).click();
    const [popup] = await Promise.all([
      page.waitForEvent('popup'),
      page.getByRole('menuitem', { name: 'Export PDF' }).click(),
    ]);
    await popup.locator('table').waitFor();
    expect(await popup.locator('th').allInnerTexts()).toEqual([
      'ID',
      'Full Name',
      'Phone Number',
      'Address',
      'Role',
      'Username',
      'Email',
    ]);
    expect(await popup.locator('tbody td').nth(1).innerText()).toBe('<b>Bold</b> & Co');
    expect(await popup.locator('b').count()).toBe(0);
    await expect.poll(() => popup.evaluate(() => 'printed' in window)).toBe(true);
    await popup.close();

    await searchFor(page, 'no such profile anywhere', 0);
    await page.getByRole('button', { name: 'Export' }).click();
    await page.getByRole('menuitem', { name: 'Export CSV' }).click();
    await notification(page, 'No data available to export.').getByText('Export Error').waitFor();
  });

  it('a manager reads, searches and exports but cannot add, edit or delete', async () => {
    const manager = await createAccount(app.server, { role: 'manager' });
    const page = await openProfiles(manager);
    // The sidebar's link to the page is shown to those who may open it (a member sees none).
    const link = page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Profile' });
    expect(await link.getAttribute('aria-current')).toBe('page');
    await searchFor(page, 'Pager Person', 5);
    await page.getByRole('button', { name: 'Export' }).waitFor();
    expect(await page.getByRole('button', { name: 'Add Profile' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^(Edit|Delete) / }).count()).toBe(0);
    expect(await page.getByRole('columnheader', { name: 'Actions' }).count()).toBe(0);
  });

  it('on a phone, a manager reaches the wide table by keyboard; axe finds nothing', async () => {
    const manager = await createAccount(app.server, { role: 'manager' });
    const page = await pageAs(manager, '/profile', { viewport: { width: 412, height: 823 }, isMobile: true });
    await searchFor(page, 'Pager Person', 5);
    const violations = (await new AxeBuilder({ page }).analyze()).violations;
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
    // The table's scroll area is a named region that takes focus, so the arrow keys scroll it.
    const region = page.getByRole('region', { name: 'Profiles' });
    await region.focus();
    expect(await region.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => region.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  });

  it("on a phone, an admin has each row's Edit and Delete in view, the table scrolled or not", async () => {
    const page = await pageAs(admin, '/profile', { viewport: { width: 390, height: 844 }, isMobile: true });
    await searchFor(page, 'Pager Person', 5);
    const region = page.getByRole('region', { name: 'Profiles' });
    expect(await region.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
    /** Whether every row's actions lie inside the table's visible part. */
    const actionsInView = () =>
      region.evaluate((element) => {
        const shown = element.getBoundingClientRect();
        const buttons = [...element.querySelectorAll('button')].filter((button) =>
          /^(Edit|Delete) /.test(button.getAttribute('aria-label') ?? ''),
        );
        return (
          buttons.length === 10 &&
          buttons.every((button) => {
            const box = button.getBoundingClientRect();
            return box.left >= shown.left && box.right <= shown.right;
          })
        );
      });
    expect(await actionsInView()).toBe(true);
    await region.evaluate((element) => element.scrollTo({ left: element.scrollWidth / 2 }));
    expect(await actionsInView()).toBe(true);
    const violations = (await new AxeBuilder({ page }).analyze()).violations;
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
  });

  it('offline, the table says the server cannot be reached, never "No profiles found.", and reads again', async () => {
    const page = await openProfiles(admin);
    await searchFor(page, 'Pager Person', 5);
    // Offline, the app's own files come from the service worker, as after any earlier visit.
    await untilControlled(page);
    await page.context().setOffline(true);
    await search(page).fill('Pager Person 1');
    const failed = rows(page).getByRole('alert');
    await failed.getByText(`Failed to fetch profiles. ${UNREACHABLE}`).waitFor();
    expect(await page.getByText('No profiles found.').count()).toBe(0);
    // Still said once the notification has gone: it is part of the table.
    await notification(page, 'Failed to fetch profiles').waitFor({ state: 'detached' });
    expect(await failed.count()).toBe(1);

    await page.context().setOffline(false);
    await page.getByRole('button', { name: 'Try again' }).click();
    await expect.poll(() => rows(page).count()).toBeGreaterThan(1);
    expect(await page.getByRole('alert').count()).toBe(0);
  });

  it('a member never sees the screen, and the API refuses them', async () => {
    const member = await createAccount(app.server, { role: 'member' });
    const page = await app.newPage();
    // A refused role is a page, not an error: nothing thrown out of the page, nothing logged.
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(`${error.name}: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await storeSession(page, member);
    await page.goto('/profile');
    await page.getByRole('heading', { level: 1, name: '403 - No access' }).waitFor();
    await appReady(page);
    expect(errors).toEqual([]);
    expect(await page.getByText('Welcome Back').count()).toBe(0);
    expect(await page.getByRole('table').count()).toBe(0);

    const { status } = await app.server.json('/api/profiles/', {
      headers: { Authorization: `Token ${member.token}` },
    });
    expect(status).toBe(403);
    const anonymous = await app.server.json('/api/profiles/');
    expect(anonymous.status).toBe(401);
  });

  it('a visitor is sent to the login page', async () => {
    const page = await app.newPage();
    await page.goto('/profile');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/login');
    expect(await page.getByText('Welcome Back').count()).toBe(0);
  });

  it.each(['light', 'dark'] as const)(
    'axe finds no violations on the list and in the form (%s)',
    async (colorScheme) => {
      const context = await app.newContext({ colorScheme });
      const page = await context.newPage();
      await storeSession(page, admin);
      await page.goto('/profile');
      await searchFor(page, 'Pager Person', 5);
      const summarise = (violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']) =>
        violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
      expect(summarise((await new AxeBuilder({ page }).analyze()).violations)).toEqual([]);

      await page.getByRole('button', { name: 'Edit Pager Person 01' }).click();
      await page.getByRole('dialog', { name: 'Edit Profile' }).getByLabel('Full Name').waitFor();
      await page.getByRole('dialog', { name: 'Edit Profile' }).getByLabel('Full Name').fill('');
      await page.getByRole('dialog', { name: 'Edit Profile' }).getByRole('button', { name: 'Save' }).click();
      await page.getByText('Full name is required').waitFor();
      expect(summarise((await new AxeBuilder({ page }).analyze()).violations)).toEqual([]);
      await context.close();
    },
  );

  it('exports 10 000 profiles with visible progress and no long main-thread task (stubbed API)', async () => {
    // The list API is answered by the browser test itself (10 000 made-up profiles, pages of at most
    // 1000), so only the page's own work is measured: reading 10 pages, the worker, the download.
    const TOTAL = 10_000;
    const made = (id: number) => ({
      id,
      full_name: `Bulk Person ${id}`,
      phone_number: `+256 700 ${String(id).padStart(6, '0')}`,
      address: `${id} Long Street, Kampala`,
      role: 'member',
      user: { id, username: `bulk${id}`, email: `bulk${id}@example.com` },
    });
    const page = await openProfiles(admin);
    await page.route('**/api/profiles/?*', async (route) => {
      const url = new URL(route.request().url());
      const number = Number(url.searchParams.get('page') ?? 1);
      const size = Number(url.searchParams.get('page_size') ?? 5);
      const start = (number - 1) * size;
      const results = Array.from({ length: Math.max(0, Math.min(size, TOTAL - start)) }, (_, i) =>
        made(start + i + 1),
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      await route.fulfill({ json: { count: TOTAL, next: null, previous: null, results } });
    });
    await searchFor(page, 'Bulk', 5);
    await page.evaluate(() => {
      const durations: number[] = [];
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries()) durations.push(entry.duration);
      }).observe({ type: 'longtask', buffered: false });
      (window as unknown as { longTasks: number[] }).longTasks = durations;
    });

    await page.getByRole('button', { name: 'Export' }).click();
    const downloaded = page.waitForEvent('download', { timeout: 60_000 });
    await page.getByRole('menuitem', { name: 'Export Excel' }).click();
    const progress = page.getByTestId('export-progress');
    await progress
      .getByText(/Reading profiles|Building the Excel file|Writing the Excel file/)
      .first()
      .waitFor();
    expect(await progress.getByRole('progressbar').count()).toBe(1);
    const download = await downloaded;
    await progress.waitFor({ state: 'detached' });

    const file = await readFile(await download.path());
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(file.buffer.slice(file.byteOffset, file.byteOffset + file.byteLength));
    expect(workbook.getWorksheet('Profiles')?.rowCount).toBe(TOTAL + 1);
    const longTasks = await page.evaluate(() => (window as unknown as { longTasks: number[] }).longTasks);
    console.log(
      `10 000-profile Excel export: ${file.length} bytes; main-thread long tasks (ms): ${longTasks.map(Math.round).join(', ') || 'none'}`,
    );
    // Alone on this machine there are none; with other builds and browsers sharing its two cores, tasks
    // of up to ~350 ms were seen. The workbook itself (≈ 0.8 s of exceljs for 10 000 rows) is never among them.
    expect(Math.max(0, ...longTasks)).toBeLessThan(500);
  }, 90_000);
});
