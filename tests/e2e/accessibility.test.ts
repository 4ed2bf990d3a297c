import AxeBuilder from '@axe-core/playwright';
import { tools } from '@toolbox/plugins/registry';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { createAccount } from '../support/accounts';
import { useBrowserApp } from '../support/app';

const app = useBrowserApp();

const pages = [
  { path: '/', ready: (page: Page) => page.getByRole('heading', { level: 1 }).first().waitFor() },
  {
    path: '/dashboard',
    signedIn: true,
    ready: (page: Page) => page.getByRole('heading', { level: 1, name: 'Tool Navigator' }).waitFor(),
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
      const { token, user } = await createAccount(app.server);
      await page.addInitScript(
        ([t, u]) => {
          localStorage.setItem('authToken', t);
          localStorage.setItem('authUser', u);
        },
        [token, JSON.stringify(user)] as const,
      );
    }
    await page.goto(path);
    await ready(page);
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(summarise(violations)).toEqual([]);
    await context.close();
  });
});
