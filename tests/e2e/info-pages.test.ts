import AxeBuilder from '@axe-core/playwright';
import { tools } from '@toolbox/plugins/registry';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { appReady, useBrowserApp } from '../support/app';

const app = useBrowserApp();

const PAGES = [
  { path: '/about', title: 'About', heading: 'About Toolbox' },
  { path: '/faq', title: 'FAQ', heading: 'Frequently Asked Questions' },
  { path: '/privacy', title: 'Privacy Policy', heading: 'Privacy Policy' },
  { path: '/termscond', title: 'Terms & Conditions', heading: 'Terms & Conditions' },
  { path: '/contact', title: 'Contact Us', heading: 'Contact Us' },
] as const;

/** The page's h1 is part of the lazily loaded view: once it is there, the view has rendered. */
const h1 = (page: Page, name: string) => page.getByRole('heading', { level: 1, name, exact: true });

const numberedHeadings = (page: Page) =>
  page
    .getByRole('heading', { level: 2 })
    .allInnerTexts()
    .then((texts) => texts.map((text) => text.trim()).filter((text) => /^\d+\. /.test(text)));

describe('the information pages', () => {
  it.each(PAGES)(
    '$path renders one h1 "$heading" and its document title',
    async ({ path, title, heading }) => {
      const page = await app.newPage();
      await page.goto(path);
      await h1(page, heading).waitFor();
      expect(await page.getByRole('heading', { level: 1 }).count()).toBe(1);
      expect(await page.title()).toBe(`${title} · Toolbox`);
    },
  );

  it.each(['/privacy', '/termscond'])('%s has seven numbered sections and its date', async (path) => {
    const page = await app.newPage();
    await page.goto(path);
    await page.getByRole('heading', { level: 1 }).waitFor();
    const headings = await numberedHeadings(page);
    expect(headings).toHaveLength(7);
    expect(headings.map((text) => text.split('.')[0])).toEqual(['1', '2', '3', '4', '5', '6', '7']);
    expect(await page.getByText('Last updated: 21 November 2026').count()).toBe(1);
    expect(await page.locator('time').getAttribute('datetime')).toBe('2026-11-21');
  });

  it('the privacy policy and the terms have the sections of the brief', async () => {
    const page = await app.newPage();
    await page.goto('/privacy');
    await h1(page, 'Privacy Policy').waitFor();
    expect(await numberedHeadings(page)).toEqual([
      '1. Who we are',
      '2. What we collect',
      '3. How we use it',
      '4. Storage and security',
      '5. Sharing',
      '6. Your rights',
      '7. Changes and contact',
    ]);
    const privacy = await page.locator('main').innerText();
    expect(privacy).toContain('Argon2id');
    expect(privacy).toContain('30 days');

    await page.goto('/termscond');
    await h1(page, 'Terms & Conditions').waitFor();
    expect(await numberedHeadings(page)).toEqual([
      '1. Acceptance of these terms',
      '2. The service',
      '3. Accounts',
      '4. Acceptable use',
      '5. Calculations are estimates',
      '6. Liability',
      '7. Changes and contact',
    ]);
  });

  it('About describes file conversion and the financial calculators, and links every tool', async () => {
    const page = await app.newPage();
    await page.goto('/about');
    await h1(page, 'About Toolbox').waitFor();
    const text = await page.locator('main').innerText();
    for (const word of [
      'PDF',
      'Word',
      'Excel',
      'PowerPoint',
      'CSV',
      'JSON',
      'Loans',
      'Interest',
      'Investment',
      'Currency',
    ]) {
      expect(text).toContain(word);
    }
    const main = page.locator('main');
    for (const tool of tools) {
      expect(await main.locator(`a[href="${tool.route}"]`).count(), tool.route).toBeGreaterThan(0);
    }
    // The libraries' licences, a file the server sends as it is.
    const licences = main.getByRole('link', { name: 'licences of every library it uses' });
    const response = await page.request.get(
      new URL((await licences.getAttribute('href')) ?? '', app.url).href,
    );
    expect(response.status()).toBe(200);
    expect(await response.text()).toMatch(/^react \d/m);
    // A client-side link to a tool opens it.
    await main.getByRole('link', { name: 'Financial Calculator' }).first().click();
    await page.waitForURL('**/financial-calculator');
    await h1(page, 'Financial Calculator').waitFor();
  });

  it('the FAQ accordion has the meme questions and opens and closes with the keyboard', async () => {
    const page = await app.newPage();
    await page.goto('/faq');
    await h1(page, 'Frequently Asked Questions').waitFor();
    const how = page.getByRole('button', { name: 'How does the meme generator work?' });
    const download = page.getByRole('button', { name: 'How do I download my meme?' });
    const source = page.getByRole('button', { name: 'Where do the meme images come from?' });
    for (const control of [how, download, source]) expect(await control.count()).toBe(1);
    // Each question is an h2 under the page's h1.
    expect(
      await page.getByRole('heading', { level: 2, name: 'How does the meme generator work?' }).count(),
    ).toBe(1);

    const howAnswer = page.getByText(/600 × 400 canvas/);
    const downloadAnswer = page.getByText(/as a PNG image/);
    expect(await how.getAttribute('aria-expanded')).toBe('false');
    expect(await howAnswer.isVisible()).toBe(false);

    // Tab from the heading reaches the first question; Enter opens it.
    await page.getByRole('heading', { level: 1 }).click();
    await page.keyboard.press('Tab');
    await expect.poll(() => how.evaluate((node) => node === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await expect.poll(() => how.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => howAnswer.isVisible()).toBe(true);

    // Enter again closes it.
    await page.keyboard.press('Enter');
    await expect.poll(() => how.getAttribute('aria-expanded')).toBe('false');
    await expect.poll(() => howAnswer.isVisible()).toBe(false);

    // ArrowDown moves to the next question; Space opens it.
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => download.evaluate((node) => node === document.activeElement)).toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(() => download.getAttribute('aria-expanded')).toBe('true');
    await expect.poll(() => downloadAnswer.isVisible()).toBe(true);
    await page.keyboard.press('Space');
    await expect.poll(() => download.getAttribute('aria-expanded')).toBe('false');
  });
});

describe('the contact form', () => {
  const open = async () => {
    // No service worker: requests the tests hold or answer must come from the page itself.
    const page = await app.newPage({ serviceWorkers: 'block' });
    await page.goto('/contact');
    await h1(page, 'Contact Us').waitFor();
    return {
      page,
      name: page.getByRole('textbox', { name: 'Name' }),
      email: page.getByRole('textbox', { name: 'Email' }),
      message: page.getByRole('textbox', { name: 'Message' }),
      submit: page.getByRole('button', { name: 'Submit' }),
      status: page.getByRole('status'),
      alert: page.getByRole('alert'),
    };
  };

  it('shows a message under each empty required field and sends nothing', async () => {
    const { page, name, email, message, submit } = await open();
    let requests = 0;
    page.on('request', (request) => {
      if (new URL(request.url()).pathname.startsWith('/api/contact')) requests += 1;
    });
    expect(await email.getAttribute('type')).toBe('email');

    await submit.click();
    await page.getByText('Please enter your name.').waitFor();
    expect(await page.getByText('Please enter a valid email address.').count()).toBe(1);
    expect(await page.getByText('Please enter a message.').count()).toBe(1);
    for (const field of [name, email, message]) expect(await field.getAttribute('aria-invalid')).toBe('true');
    // The first field in error gets the focus.
    expect(await name.evaluate((node) => node === document.activeElement)).toBe(true);

    // An address without a domain is refused too; fixing a field clears its message.
    await name.fill('Ada');
    await email.fill('ada@');
    await message.fill('Hello');
    await submit.click();
    await page.getByText('Please enter a valid email address.').waitFor();
    expect(await page.getByText('Please enter your name.').count()).toBe(0);
    expect(await page.getByText('Please enter a message.').count()).toBe(0);
    await email.fill('ada@example.com');
    expect(await page.getByText('Please enter a valid email address.').count()).toBe(0);
    expect(requests).toBe(0);
  });

  it('sends the message to the server, shows "Sending..." meanwhile, then confirms and clears the form', async () => {
    const { page, name, email, message, submit, status } = await open();
    // Hold the real request a moment so the busy state can be seen; it then goes to the real server.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/api/contact/', async (route) => {
      await held;
      await route.continue();
    });

    await name.fill('Ada Lovelace');
    await email.fill('ada@example.com');
    await message.fill('The unit converter is great. Could it do nautical miles?');
    const sent = page.waitForRequest((request) => new URL(request.url()).pathname === '/api/contact/');
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/contact/');
    await submit.click();

    const request = await sent;
    expect(request.method()).toBe('POST');
    expect(request.postDataJSON()).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      message: 'The unit converter is great. Could it do nautical miles?',
    });
    const busy = page.getByRole('button', { name: 'Sending...' });
    await busy.waitFor();
    expect(await busy.isDisabled()).toBe(true);

    release();
    expect((await answered).status()).toBe(201);
    await expect.poll(() => status.innerText()).toBe('Message sent successfully!');
    for (const field of [name, email, message]) expect(await field.inputValue()).toBe('');
    await submit.waitFor();
    // Sent, it is not kept: the page opened again starts empty.
    await page.reload();
    await appReady(page);
    for (const field of [name, email, message]) expect(await field.inputValue()).toBe('');
  });

  it('keeps a message being written through a reload, as when a phone dropped the page', async () => {
    const { page, name, email, message } = await open();
    const errors: string[] = [];
    page.on('console', (entry) => {
      if (entry.type() === 'error') errors.push(entry.text());
    });
    // Written once the app holds the page, as a message a person writes is: what is typed while the
    // app is still starting is held and played back to it (early input), and a reload before then,
    // which the test could make on a loaded machine, would find no draft yet.
    await appReady(page);
    await name.fill('Ada');
    await message.fill('A long message, half written.');
    await page.reload();
    await appReady(page);
    await expect.poll(() => message.inputValue()).toBe('A long message, half written.');
    expect(await name.inputValue()).toBe('Ada');
    expect(await email.inputValue()).toBe('');
    // Restored after the prerendered page was adopted: no mismatch for React to complain of.
    expect(errors).toEqual([]);
  });

  it('shows "Failed to send message." when the server fails, keeping what was typed', async () => {
    const { page, name, email, message, submit, alert, status } = await open();
    // A stand-in for a server error: the real server answers 500 only when something breaks.
    await page.route('**/api/contact/', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: '{"error":"Internal server error"}',
      }),
    );
    await name.fill('Ada');
    await email.fill('ada@example.com');
    await message.fill('Hello');
    await submit.click();
    await expect.poll(() => alert.innerText()).toBe('Failed to send message.');
    expect(await status.innerText()).toBe('');
    expect(await message.inputValue()).toBe('Hello');
  });

  it("adds the server's reason when it gives one, as while the database is away", async () => {
    const { page, name, email, message, submit, alert } = await open();
    await page.route('**/api/contact/', (route) =>
      route.fulfill({
        status: 503,
        headers: { 'Retry-After': '5' },
        contentType: 'application/json',
        body: '{"error":"The database is unavailable at the moment. Try again in a few seconds."}',
      }),
    );
    await name.fill('Ada');
    await email.fill('ada@example.com');
    await message.fill('Hello');
    await submit.click();
    await expect
      .poll(() => alert.innerText())
      .toBe('Failed to send message. The database is unavailable at the moment. Try again in a few seconds.');
    expect(await message.inputValue()).toBe('Hello');
  });

  it("shows the server's field messages under the fields", async () => {
    const { page, name, email, message, submit, alert } = await open();
    // The client asks only for something@something.something; the server also wants a real top-level
    // domain, so this address reaches the server and comes back refused in its field map.
    await name.fill('Ada');
    await email.fill('ada@example.c');
    await message.fill('Hello');
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/contact/');
    await submit.click();
    const response = await answered;
    expect(response.status()).toBe(400);
    expect(await response.json()).toEqual({ email: ['Please enter a valid email address.'] });
    await page.getByText('Please enter a valid email address.').waitFor();
    expect(await email.getAttribute('aria-invalid')).toBe('true');
    expect(await alert.innerText()).toBe('Failed to send message.');
    expect(await name.inputValue()).toBe('Ada');
  });

  it("shows the server's message when too many messages were sent", async () => {
    // The server allows 5 messages per address in 10 minutes; this process and the browser share one.
    for (let sent = 0; sent < 5; sent += 1) {
      const answer = await app.server.json('/api/contact/', {
        method: 'POST',
        body: { name: 'Filler', email: 'filler@example.com', message: `Message ${sent}` },
      });
      if (answer.status === 429) break;
      expect(answer.status).toBe(201);
    }
    const { page, name, email, message, submit, alert } = await open();
    await name.fill('Ada');
    await email.fill('ada@example.com');
    await message.fill('One more');
    const answered = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/contact/');
    await submit.click();
    const response = await answered;
    expect(response.status()).toBe(429);
    const { error } = (await response.json()) as { error: string };
    expect(error).toMatch(/^Too many messages from your address: try again in \d+ (second|minute)s?\.$/);
    // The page shows the server's own words, with its wait.
    await expect.poll(() => alert.innerText()).toBe(error);
    expect(await message.inputValue()).toBe('One more');
  });
});

const summarise = (violations: Awaited<ReturnType<AxeBuilder['analyze']>>['violations']) =>
  violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);

describe.each(['light', 'dark'] as const)('axe finds no violations in the %s scheme', (colorScheme) => {
  it.each(PAGES)('$path', async ({ path, heading }) => {
    const context = await app.newContext({ colorScheme });
    const page = await context.newPage();
    await page.goto(path);
    await h1(page, heading).waitFor();
    if (path === '/faq') {
      // With an answer open, so its text is checked too.
      await page.getByRole('button', { name: 'How does the meme generator work?' }).click();
      await page.getByText(/600 × 400 canvas/).waitFor();
    }
    if (path === '/contact') {
      // With the fields' error messages showing (what the button does before hydration is
      // tests/e2e/early-input.test.ts's subject, not this one's).
      await appReady(page);
      await page.getByRole('button', { name: 'Submit' }).click();
      await page.getByText('Please enter your name.').waitFor();
    }
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(summarise(violations)).toEqual([]);
    await context.close();
  });

  // The answers are stand-ins here: the real ones are tested above, and the rate limit is used up by now.
  it.each([
    { state: 'sent', status: 201, body: { id: 1 }, shown: 'Message sent successfully!' },
    {
      state: 'failed',
      status: 500,
      body: { error: 'Internal server error' },
      shown: 'Failed to send message.',
    },
  ])('/contact once the message was $state', async ({ status, body, shown }) => {
    const context = await app.newContext({ colorScheme, serviceWorkers: 'block' });
    const page = await context.newPage();
    await page.route('**/api/contact/', (route) =>
      route.fulfill({ status, contentType: 'application/json', body: JSON.stringify(body) }),
    );
    await page.goto('/contact');
    await h1(page, 'Contact Us').waitFor();
    await page.getByRole('textbox', { name: 'Name' }).fill('Ada');
    await page.getByRole('textbox', { name: 'Email' }).fill('ada@example.com');
    await page.getByRole('textbox', { name: 'Message' }).fill('Hello');
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText(shown).waitFor();
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(summarise(violations)).toEqual([]);
    await context.close();
  });
});
