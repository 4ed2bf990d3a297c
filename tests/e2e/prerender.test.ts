/**
 * Pages as they are delivered: prerendered HTML that stands without JavaScript, scripts sent
 * brotli-compressed, and a content security policy that the app itself never trips.
 */
import { pagePlugins, tools } from '@toolbox/plugins/registry';
import { describe, expect, it } from 'vitest';
import { useBrowserApp } from '../support/app';

const app = useBrowserApp();

/** Every route a visitor can open without a parameter, and a signed-in one (answered by the shell). */
const ROUTES = [
  '/',
  ...tools.map((tool) => tool.route),
  ...pagePlugins
    .flatMap((plugin) => plugin.routes.map((route) => route.path))
    .filter((path) => !path.includes('$')),
  '/no-such-page',
];

describe('prerendered pages', () => {
  it('a tool page shows its heading and form with JavaScript disabled', async () => {
    const page = await app.newPage({ javaScriptEnabled: false });
    const response = await page.goto('/bmi-calculator');
    expect(response?.status()).toBe(200);
    expect(await page.getByRole('heading', { level: 1, name: 'BMI Calculator' }).isVisible()).toBe(true);
    expect(
      await page
        .getByLabel(/weight/i)
        .first()
        .isVisible(),
    ).toBe(true);
    expect(
      await page
        .getByLabel(/height/i)
        .first()
        .isVisible(),
    ).toBe(true);
    expect(await page.getByRole('button', { name: /calculate/i }).isVisible()).toBe(true);
    expect(await page.title()).toBe('BMI Calculator · Toolbox');
  });

  it('sends scripts brotli-compressed when the browser asks for it', async () => {
    const page = await app.newPage();
    const scripts: { url: string; encoding: string | undefined }[] = [];
    page.on('response', (response) => {
      if (new URL(response.url()).pathname.startsWith('/assets/') && response.url().endsWith('.js')) {
        scripts.push({ url: response.url(), encoding: response.headers()['content-encoding'] });
      }
    });
    await page.goto('/bmi-calculator');
    await page.getByRole('heading', { level: 1, name: 'BMI Calculator' }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.length).toBeGreaterThan(0);
    for (const script of scripts) expect(script).toEqual({ url: script.url, encoding: 'br' });
  });

  it('loads every route under the content security policy without a single violation', async () => {
    const context = await app.newContext();
    await context.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { cspViolations: string[] }).cspViolations = seen;
      document.addEventListener('securitypolicyviolation', (event) => {
        seen.push(`${event.effectiveDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`);
      });
    });
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' && /Content Security Policy/i.test(message.text())) {
        consoleErrors.push(message.text());
      }
    });
    for (const route of ROUTES) {
      const response = await page.goto(route);
      expect(response?.headers()['content-security-policy'], route).toContain("frame-ancestors 'none'");
      expect(response?.headers()['permissions-policy'], route).toContain('camera=()');
      await page.locator('main, #main').first().waitFor();
      await page.waitForLoadState('networkidle');
      const violations = await page.evaluate(
        () => (window as unknown as { cspViolations: string[] }).cspViolations,
      );
      expect(violations, route).toEqual([]);
    }
    expect(consoleErrors).toEqual([]);
    // Every route of the registry, one after the other: the time grows with the number of tools.
  }, 240_000);
});
