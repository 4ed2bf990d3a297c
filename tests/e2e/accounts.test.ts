import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import AxeBuilder from '@axe-core/playwright';
import { SESSION_ENDED } from '@toolbox/platform/src/session';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAccount } from '../support/accounts';
import { appReady, PLATFORM_DIST, useBrowserApp } from '../support/app';

const app = useBrowserApp();

const PASSWORD = 'correct horse 42';
let counter = 0;

interface Account {
  username: string;
  password: string;
}

/** A member account made through the API's sign-up (POST /api/profiles/, anonymous). */
async function member(): Promise<Account> {
  counter += 1;
  const username = `member${counter}_${Date.now() % 100_000}`;
  const { status, body } = await app.server.json('/api/profiles/', {
    method: 'POST',
    body: {
      username,
      password: PASSWORD,
      email: `${username}@example.com`,
      full_name: `Member ${counter}`,
      phone_number: '+256 700 000000',
      address: 'Kampala',
      role: 'member',
    },
  });
  expect(status, JSON.stringify(body)).toBe(201);
  return { username, password: PASSWORD };
}

/** The token of a fresh API session for `account`. */
async function apiLogin({ username, password }: Account): Promise<string> {
  const { status, body } = await app.server.json<{ token: string }>('/api/login/', {
    method: 'POST',
    body: { username, password },
  });
  expect(status).toBe(200);
  return body.token;
}

const stored = (page: Page) =>
  page.evaluate(() => ({
    token: localStorage.getItem('authToken'),
    user: localStorage.getItem('authUser'),
  }));

/** Fills the login card that `scope` contains (the /login page or Home's aside) and submits it. */
async function logIn(page: Page, { username, password }: Account) {
  await appReady(page);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** The focused element's label (or its text, or its tag), to say where the keyboard is. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const active = document.activeElement as HTMLElement | null;
    if (!active || active === document.body) return 'BODY';
    const label = (active as HTMLInputElement).labels?.[0]?.textContent?.trim();
    return label || active.innerText?.trim() || active.tagName;
  });

/** The texts of the elements that describe `input` (aria-describedby), joined. */
async function description(page: Page, label: string): Promise<string> {
  const ids = (await page.getByLabel(label, { exact: true }).getAttribute('aria-describedby')) ?? '';
  const texts = await Promise.all(
    ids
      .split(' ')
      .filter(Boolean)
      .map((id) => page.locator(`[id="${id}"]`).innerText()),
  );
  return texts.join(' ');
}

const pathOf = (page: Page) => new URL(page.url()).pathname + new URL(page.url()).search;

describe('accounts in the browser', () => {
  it('signs up, logs in from Home, reaches the dashboard and logs out', async () => {
    const page = await app.newPage();
    await page.goto('/sign-up');
    await appReady(page);
    await page.getByRole('heading', { level: 1, name: 'Create an Account' }).waitFor();
    expect(await page.title()).toBe('Create an Account · Toolbox');
    const username = `newcomer${Date.now() % 100_000}`;
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Email').fill(`${username}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Full Name').fill('New Comer');
    await page.getByLabel('Phone Number').fill('+256 700 123456');
    await page.getByLabel('Address').fill('Plot 1, Kampala');
    expect(await page.getByLabel('Email').getAttribute('type')).toBe('email');
    expect(await page.getByLabel('Phone Number').getAttribute('type')).toBe('tel');
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('password');
    await page.getByRole('button', { name: 'Sign Up' }).click();

    await page.waitForURL((url) => url.pathname === '/');
    await page.getByText('Sign Up Successful').waitFor();

    // Home shows the login card to visitors, in its own lazily loaded chunk.
    const card = page.getByRole('form', { name: 'Login' });
    await card.waitFor();
    await logIn(page, { username, password: PASSWORD });
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Tool Navigator' }).waitFor();
    const session = await stored(page);
    expect(session.token).toBeTruthy();
    expect(JSON.parse(session.user ?? 'null')).toMatchObject({ username, role: 'member', is_admin: false });

    // The signed-in Home has no login card.
    await page.getByRole('link', { name: 'My Toolbox' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.getByRole('heading', { level: 1, name: 'Everyday calculators and converters' }).waitFor();
    expect(await page.getByRole('form', { name: 'Login' }).count()).toBe(0);

    await page.goto('/dashboard');
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await stored(page)).toEqual({ token: null, user: null });
    await page.getByRole('form', { name: 'Login' }).waitFor();
    // The server forgot the session too.
    const me = await app.server.json('/api/me/', { headers: { Authorization: `Token ${session.token}` } });
    expect(me.status).toBe(401);
  });

  it('says which required sign-up fields are blank at once, without asking the server, and focuses the first', async () => {
    const page = await app.newPage();
    const sent: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/profiles/')) sent.push(request.method());
    });
    await page.goto('/sign-up');
    await appReady(page);
    await page.getByLabel('Email').fill('someone@example.com');
    await page.getByRole('button', { name: 'Sign Up' }).click();
    await page.getByRole('alert').filter({ hasText: 'Sign Up Failed. Please check your details.' }).waitFor();
    for (const label of ['Username', 'Password', 'Full Name', 'Phone Number']) {
      const input = page.getByLabel(label, { exact: true });
      expect(await input.getAttribute('aria-invalid'), label).toBe('true');
    }
    expect(await page.getByLabel('Email').getAttribute('aria-invalid')).not.toBe('true');
    expect(await page.getByLabel('Address').getAttribute('aria-invalid')).not.toBe('true');
    expect(await page.getByLabel('Username').evaluate((input) => input === document.activeElement)).toBe(
      true,
    );
    expect(sent).toEqual([]);
  });

  it('shows the server field errors under their fields when sign-up is refused', async () => {
    const taken = await member();
    const page = await app.newPage();
    await page.goto('/sign-up');
    await appReady(page);
    await page.getByLabel('Username').fill(taken.username);
    await page.getByLabel('Email').fill(`other${Date.now()}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await page.getByLabel('Full Name').fill('Someone');
    await page.getByLabel('Phone Number').fill('123');

    /** Submits and checks that every field the server names shows its message, linked to the input. */
    const submitAndCheck = async () => {
      const answer = page.waitForResponse('**/api/profiles/');
      await page.getByRole('button', { name: 'Sign Up' }).click();
      const response = await answer;
      expect(response.status()).toBe(400);
      const errors = (await response.json()) as Record<string, string[]>;
      await page
        .getByRole('alert')
        .filter({ hasText: 'Sign Up Failed. Please check your details.' })
        .waitFor();
      const labels: Record<string, string> = { username: 'Username', password: 'Password' };
      for (const [field, label] of Object.entries(labels)) {
        const input = page.getByLabel(label, { exact: true });
        const messages = errors[field];
        if (!messages) {
          expect(await input.getAttribute('aria-invalid')).not.toBe('true');
          continue;
        }
        expect(await input.getAttribute('aria-invalid')).toBe('true');
        const describedBy = (await input.getAttribute('aria-describedby')) ?? '';
        const described = await Promise.all(
          describedBy.split(' ').map((id) => page.locator(`[id="${id}"]`).innerText()),
        );
        expect(described.join(' ')).toContain(messages[0]);
      }
      // The keyboard is on the first field refused, not sent back to the top of the page.
      const first = ['username', 'email', 'password'].find((field) => errors[field]);
      expect(await focused(page)).toBe(
        { username: 'Username', email: 'Email', password: 'Password' }[first ?? ''],
      );
      return errors;
    };

    expect(Object.keys(await submitAndCheck())).toContain('password');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    expect(Object.keys(await submitAndCheck())).toEqual(['username']);
    expect(pathOf(page)).toBe('/sign-up');
  });

  it("shows 'Submitting...' with a progress bar while signing up, and a network failure", async () => {
    const page = await app.newPage();
    await page.goto('/sign-up');
    await appReady(page);
    await page.getByLabel('Username').fill(`slow${Date.now() % 100_000}`);
    await page.getByLabel('Email').fill(`slow${Date.now()}@example.com`);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByLabel('Full Name').fill('Slow Sign-up');
    await page.getByLabel('Phone Number').fill('123');
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/profiles/', async (route) => {
      await held;
      await route.abort('internetdisconnected');
    });
    await page.getByRole('button', { name: 'Sign Up' }).click();
    const busy = page.getByRole('button', { name: 'Submitting...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);
    expect(await page.getByRole('progressbar').count()).toBe(1);
    release();
    await page
      .getByRole('alert')
      .filter({ hasText: /^Sign Up Error: .+/ })
      .waitFor();
    expect(await page.getByRole('button', { name: 'Sign Up' }).isEnabled()).toBe(true);
    expect(await page.getByRole('progressbar').count()).toBe(0);
  });

  it('shows the login error inline and refuses an incomplete answer', async () => {
    const account = await member();
    const page = await app.newPage();
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();
    await logIn(page, { ...account, password: 'not the password' });
    const alert = page.getByRole('alert').filter({ hasText: 'Login error: ' });
    await alert.waitFor();
    expect(await alert.innerText()).toMatch(/^Login error: \S/);
    expect(await stored(page)).toEqual({ token: null, user: null });

    // A server answering without a user is refused (spec 5).
    await page.route('**/api/login/', (route) => route.fulfill({ json: { token: 'abc' } }));
    await logIn(page, account);
    await page
      .getByRole('alert')
      .filter({ hasText: 'Login failed: Incomplete response from server.' })
      .waitFor();
    expect(await stored(page)).toEqual({ token: null, user: null });

    // A network failure shows the browser's message.
    await page.route('**/api/login/', (route) => route.abort());
    await logIn(page, account);
    await page
      .getByRole('alert')
      .filter({ hasText: /^Login error: .+/ })
      .waitFor();
    expect(pathOf(page)).toBe('/login');
  });

  it('moves focus to the refused login fields, marked invalid and described by their message', async () => {
    const account = await member();
    const page = await app.newPage();
    await page.goto('/login');
    await appReady(page);

    // Empty: the alert keeps the spec's words, each field says it is the one required.
    await page.getByRole('button', { name: 'Login', exact: true }).press('Enter');
    await page.getByRole('alert').filter({ hasText: 'Login error: This field is required.' }).waitFor();
    await expect.poll(() => focused(page)).toBe('Username');
    for (const label of ['Username', 'Password']) {
      expect(await page.getByLabel(label, { exact: true }).getAttribute('aria-invalid'), label).toBe('true');
      expect(await description(page, label), label).toBe('This field is required.');
    }

    // A wrong password: both fields refused together, focus on the first, which the alert describes.
    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Password', { exact: true }).fill('not the password');
    await page.getByRole('button', { name: 'Login', exact: true }).press('Enter');
    const alert = page.getByRole('alert').filter({ hasText: 'Unable to log in' });
    await alert.waitFor();
    await expect.poll(() => focused(page)).toBe('Username');
    expect(await description(page, 'Username')).toBe(await alert.innerText());
    for (const label of ['Username', 'Password']) {
      expect(await page.getByLabel(label, { exact: true }).getAttribute('aria-invalid'), label).toBe('true');
    }
  });

  it("shows the server's 429 message with its waiting time", async () => {
    const account = await member();
    for (let attempt = 0; attempt < 10; attempt += 1) {
      const { status } = await app.server.json('/api/login/', {
        method: 'POST',
        body: { username: account.username, password: 'wrong password' },
      });
      expect(status).toBe(400);
    }
    const page = await app.newPage();
    await page.goto('/login');
    await logIn(page, account);
    const alert = page.getByRole('alert').filter({ hasText: 'Login error: ' });
    await alert.waitFor();
    const text = await alert.innerText();
    expect(text, JSON.stringify(text)).toMatch(/^Login error: .*Try again in \d+ (seconds?|minutes?)\./);
  });

  it('keeps the login and sign-up code out of the first page', async () => {
    const html = await readFile(join(PLATFORM_DIST, 'index.html'), 'utf8');
    const entry = html.match(/<script[^>]+src="\/assets\/([^"]+\.js)"/)?.[1];
    expect(entry).toBeDefined();
    const code = await readFile(join(PLATFORM_DIST, 'assets', entry ?? ''), 'utf8');
    for (const text of ['/api/login/', '/api/profiles/', 'Incomplete response from server']) {
      expect(code).not.toContain(text);
    }
    // They exist, in lazily loaded chunks.
    const chunks = await readdir(join(PLATFORM_DIST, 'assets'));
    const contents = await Promise.all(
      chunks
        .filter((name) => name.endsWith('.js'))
        .map((name) => readFile(join(PLATFORM_DIST, 'assets', name), 'utf8')),
    );
    expect(contents.some((text) => text.includes('/api/login/'))).toBe(true);
  });

  it('sends a visitor from /dashboard to the login page and back after login', async () => {
    const account = await member();
    const page = await app.newPage();
    await page.goto('/dashboard');
    await page.waitForURL('**/login?redirect=*');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Login' }).waitFor();
    expect(await page.title()).toBe('Login · Toolbox');
    await logIn(page, account);
    await page.waitForURL('**/dashboard');
    await page.getByRole('heading', { level: 1, name: 'Tool Navigator' }).waitFor();

    // Signed in, /login goes straight on.
    await page.goto('/login');
    await page.waitForURL('**/dashboard');
  });

  it('never follows a redirect to another site', async () => {
    const account = await member();
    const page = await app.newPage();
    await page.goto('/login?redirect=%2F%2Fevil.example%2Fx');
    // Keyboard only: type, then Enter submits the form.
    await page.getByLabel('Username').fill(account.username);
    await page.getByLabel('Password', { exact: true }).fill(account.password);
    await page.keyboard.press('Enter');
    await page.waitForURL('**/dashboard');
    expect(new URL(page.url()).origin).toBe(app.url);
  });

  it("gives a signed-in person the header's Dashboard button, and on /sign-up who they are rather than a form", async () => {
    const account = await member();
    const page = await app.newPage();
    await page.goto('/login');
    await logIn(page, account);
    await page.waitForURL('**/dashboard');

    await page.goto('/about');
    const header = page.getByRole('banner');
    await header.getByRole('link', { name: 'Dashboard' }).click();
    await page.waitForURL('**/dashboard');

    await page.goto('/sign-up');
    await page.getByText(`You are logged in as ${account.username}.`).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Create an Account' }).waitFor();
    expect(await page.getByLabel('Username').count()).toBe(0);
    expect(
      await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21aa']).analyze(),
    ).toMatchObject({
      violations: [],
    });
    await page.getByRole('main').getByRole('link', { name: 'Go to your dashboard' }).click();
    await page.waitForURL('**/dashboard');

    await page.goto('/sign-up');
    await page.getByRole('main').getByRole('link', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    expect(await stored(page)).toEqual({ token: null, user: null });
    // Signed out, the header is a visitor's again, and /sign-up shows its form.
    await header.getByRole('link', { name: 'Saved calculations' }).waitFor();
    expect(await header.getByRole('link', { name: 'Dashboard' }).count()).toBe(0);
    await page.goto('/sign-up');
    await page.getByLabel('Username').waitFor();
  });

  it('shows a member no link to an admin page, and the no-access page at its address', async () => {
    const account = await member();
    const page = await app.newPage();
    await page.goto('/login?redirect=%2Fprofile');
    await logIn(page, account);
    await page.waitForURL('**/profile');
    await page.getByText('You do not have access to this page.').waitFor();
    const nav = page.getByRole('navigation', { name: 'Account' });
    expect(await nav.getByRole('link').allTextContents()).toEqual([
      'Dashboard',
      'Blog',
      'My Account',
      'Logout',
    ]);
    expect(await nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBeNull();
    await page
      .getByRole('main')
      .getByRole('link', { name: /dashboard/i })
      .click();
    await page.waitForURL('**/dashboard');
    await expect
      .poll(() => nav.getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current'))
      .toBe('page');
  });

  it('counts an unreadable stored user as signed out, and clears it', async () => {
    const page = await app.newPage();
    await page.goto('/');
    for (const user of ['{not json', JSON.stringify({ id: 'one', role: 'king' })]) {
      await page.evaluate((value) => {
        localStorage.setItem('authToken', 'some-token');
        localStorage.setItem('authUser', value);
      }, user);
      await page.goto('/dashboard');
      await page.waitForURL('**/login?redirect=*');
      expect(await stored(page)).toEqual({ token: null, user: null });
    }
  });

  it('signs the user out when the API answers 401 to their token', async () => {
    const account = await member();
    const page = await app.newPage();
    await page.goto('/login');
    // The dashboard's own reads must be answered before the token dies, or their 401 ends the
    // session before the reload this test is about.
    const listsRead = ['favourites', 'recent-tools'].map((list) =>
      page.waitForResponse((response) => response.url().endsWith(`/api/me/${list}/`)),
    );
    await logIn(page, account);
    await page.waitForURL('**/dashboard');
    await Promise.all(listsRead);
    const { token } = await stored(page);

    // Logged out elsewhere (another device): the token no longer works.
    const logout = await app.server.request('/api/logout/', {
      method: 'POST',
      headers: { Authorization: `Token ${token}` },
    });
    expect(logout.status).toBe(204);

    // The next request with it (the user refresh on load) ends the session here, and says so.
    await page.reload();
    await page.waitForURL('**/login?redirect=*');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/dashboard');
    expect(await stored(page)).toEqual({ token: null, user: null });
    const notice = page.getByRole('alert').filter({ hasText: SESSION_ENDED.title });
    await expect.poll(() => notice.innerText()).toContain(SESSION_ENDED.message);
  });

  it('follows a logout in another tab', async () => {
    const account = await member();
    const context = await app.newContext();
    const first = await context.newPage();
    await first.goto('/login');
    await logIn(first, account);
    await first.waitForURL('**/dashboard');

    const second = await context.newPage();
    await second.goto('/dashboard');
    await second.getByRole('heading', { level: 1, name: 'Tool Navigator' }).waitFor();

    await first.goto('/logout');
    await first.waitForURL((url) => url.pathname === '/');
    await second.waitForURL('**/login?redirect=*');
  });

  it('sends nothing with the session once it asked the server to end it', async () => {
    const account = await member();
    const page = await app.newPage();
    await page.goto('/login');
    await logIn(page, account);
    await page.waitForURL('**/dashboard');
    const { token } = await stored(page);
    await page.goto('/temperature-converter?value=3&from=Celsius&to=Kelvin');
    await appReady(page);

    // Every request carrying the token, from the logout's own on, and what the console said.
    const withToken: string[] = [];
    const errors: string[] = [];
    let revoking = false;
    page.on('request', (request) => {
      if (request.url().endsWith('/api/logout/')) revoking = true;
      else if (revoking && request.headers().authorization === `Token ${token}`)
        withToken.push(request.url());
    });
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    const loggedOut = page.waitForResponse((response) => response.url().endsWith('/api/logout/'));
    await page.goto('/logout');
    expect((await loggedOut).status()).toBe(204);
    await page.waitForURL((url) => url.pathname === '/');
    // The account's lists a page reads as it starts: those of a visitor now.
    await page.getByRole('form', { name: 'Login' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(withToken).toEqual([]);
    expect(errors).toEqual([]);
  });

  it('logs out even when the server has already forgotten the session', async () => {
    const account = await member();
    const token = await apiLogin(account);
    const page = await app.newPage();
    await page.goto('/');
    const user = await app.server.json('/api/me/', { headers: { Authorization: `Token ${token}` } });
    await page.evaluate(
      ([t, u]) => {
        localStorage.setItem('authToken', t);
        localStorage.setItem('authUser', u);
      },
      [token, JSON.stringify(user.body)] as const,
    );
    await app.server.request('/api/logout/', {
      method: 'POST',
      headers: { Authorization: `Token ${token}` },
    });
    await page.goto('/logout');
    await page.waitForURL((url) => url.pathname === '/');
    expect(await stored(page)).toEqual({ token: null, user: null });
  });
  it('lets a member see and change their own details on My Account', async () => {
    const account = await createAccount(app.server, {
      full_name: 'Ada Member',
      phone_number: '+256 700 111222',
      address: 'Plot 2, Kampala',
    });
    const page = await app.newPage();
    await page.goto('/login');
    await logIn(page, account);
    await page.waitForURL('**/dashboard');
    const nav = page.getByRole('navigation', { name: 'Account' });
    await nav.getByRole('link', { name: 'My Account' }).click();
    await page.waitForURL('**/account');
    await page.getByRole('heading', { level: 1, name: 'My Account' }).waitFor();
    expect(await page.title()).toBe('My Account · Toolbox');
    expect(await nav.getByRole('link', { name: 'My Account' }).getAttribute('aria-current')).toBe('page');

    // Their details, the username and role as text.
    const field = (label: string) => page.getByLabel(label, { exact: true });
    await expect.poll(() => field('Full Name').inputValue()).toBe('Ada Member');
    expect(await field('Email').inputValue()).toBe(account.email);
    expect(await field('Phone Number').inputValue()).toBe('+256 700 111222');
    expect(await field('Address').inputValue()).toBe('Plot 2, Kampala');
    expect(await field('New Password').inputValue()).toBe('');
    expect(await page.getByText(`Username: ${account.username}`).count()).toBe(1);
    expect(await page.getByText('Role: member').count()).toBe(1);
    expect(await page.getByRole('textbox', { name: /username|role/i }).count()).toBe(0);
    expect(await field('Email').getAttribute('type')).toBe('email');
    expect(await field('Phone Number').getAttribute('type')).toBe('tel');

    // axe, with the details shown.
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
      [],
    );

    // Change the name and phone, and save with the keyboard.
    await field('Full Name').fill('Ada Renamed');
    await field('Phone Number').fill('+256 700 999888');
    const saved = page.waitForResponse(
      (response) =>
        response.url().endsWith(`/api/profiles/${account.id}/`) && response.request().method() === 'PATCH',
    );
    await field('Phone Number').press('Enter');
    expect((await saved).status()).toBe(200);
    await page.getByRole('status').filter({ hasText: 'Your details are saved.' }).waitFor();

    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'My Account' }).waitFor();
    await expect.poll(() => field('Full Name').inputValue()).toBe('Ada Renamed');
    expect(await field('Phone Number').inputValue()).toBe('+256 700 999888');
    expect(await field('Address').inputValue()).toBe('Plot 2, Kampala');
    // The server has them too.
    const stored = await app.server.json<{ full_name: string; phone_number: string }>(
      `/api/profiles/${account.id}/`,
      { headers: { Authorization: `Token ${account.token}` } },
    );
    expect(stored.body).toMatchObject({ full_name: 'Ada Renamed', phone_number: '+256 700 999888' });
  });

  it("shows the server's field errors on My Account, keeps what was typed, and focuses the field", async () => {
    const account = await createAccount(app.server, { full_name: 'Bea Member' });
    const page = await app.newPage();
    await page.goto('/login?redirect=%2Faccount');
    await logIn(page, account);
    await page.waitForURL('**/account');
    const field = (label: string) => page.getByLabel(label, { exact: true });
    await expect.poll(() => field('Full Name').inputValue()).toBe('Bea Member');

    await field('Full Name').fill('Bea Typed');
    await field('Email').fill('not an email');
    const answer = page.waitForResponse((response) => response.request().method() === 'PATCH');
    await page.getByRole('button', { name: 'Save' }).click();
    const response = await answer;
    expect(response.status()).toBe(400);
    const errors = (await response.json()) as Record<string, string[]>;
    expect(errors.email?.[0]).toBe('Enter a valid email address.');

    await page.getByRole('alert').filter({ hasText: 'Your details are not saved.' }).waitFor();
    expect(await field('Email').getAttribute('aria-invalid')).toBe('true');
    expect(await description(page, 'Email')).toBe('Enter a valid email address.');
    expect(await field('Full Name').getAttribute('aria-invalid')).toBeNull();
    await expect.poll(() => focused(page)).toBe('Email');
    // What was typed stays, and nothing was saved.
    expect(await field('Full Name').inputValue()).toBe('Bea Typed');
    expect(await field('Email').inputValue()).toBe('not an email');
    expect(await page.getByRole('status').filter({ hasText: 'Your details are saved.' }).count()).toBe(0);
    const stored = await app.server.json<{ full_name: string }>(`/api/profiles/${account.id}/`, {
      headers: { Authorization: `Token ${account.token}` },
    });
    expect(stored.body.full_name).toBe('Bea Member');

    // axe, with the errors shown.
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual(
      [],
    );

    // Correcting the field clears its message.
    await field('Email').fill(account.email);
    expect(await field('Email').getAttribute('aria-invalid')).toBeNull();
  });

  it('sets a new password from My Account, which the next login needs', async () => {
    const account = await createAccount(app.server);
    const page = await app.newPage();
    await page.goto('/login?redirect=%2Faccount');
    await logIn(page, account);
    await page.waitForURL('**/account');
    const password = page.getByLabel('New Password', { exact: true });
    await password.waitFor();
    expect(await password.getAttribute('type')).toBe('password');
    expect(await password.getAttribute('autocomplete')).toBe('new-password');
    await expect.poll(() => page.getByLabel('Full Name', { exact: true }).inputValue()).not.toBe('');

    // Too short: the server's message on the field.
    await password.fill('short');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('alert').filter({ hasText: 'Your details are not saved.' }).waitFor();
    expect(await password.getAttribute('aria-invalid')).toBe('true');
    await expect.poll(() => focused(page)).toBe('New Password');

    const fresh = 'a brand new passphrase 7';
    await password.fill(fresh);
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Your details are saved.' }).waitFor();
    expect(await password.inputValue()).toBe('');

    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Logout' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await page.goto('/login');
    await logIn(page, account);
    await page.getByRole('alert').filter({ hasText: 'Login error: ' }).waitFor();
    expect(pathOf(page)).toBe('/login');
    await logIn(page, { username: account.username, password: fresh });
    await page.waitForURL('**/dashboard');
  });

  it('sends a visitor from /account to the login page and back after login', async () => {
    const account = await createAccount(app.server);
    const page = await app.newPage();
    await page.goto('/account');
    await page.waitForURL('**/login?redirect=*');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/account');
    await logIn(page, account);
    await page.waitForURL('**/account');
    await page.getByRole('heading', { level: 1, name: 'My Account' }).waitFor();
    await expect.poll(() => page.getByLabel('Email', { exact: true }).inputValue()).toBe(account.email);
  });
});
