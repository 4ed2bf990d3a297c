import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PAGES_BY_PATH_CACHE_PREFIX, PAGES_DIR, prerenderedPath, QUERY_STATE } from '@toolbox/sdk/page-files';
import type { Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminToken } from '../support/accounts';
import { appReady, result, untilControlled, useBrowserApp } from '../support/app';
import { createPost } from '../support/blog';

const app = useBrowserApp();

/** What the server sends for a path (fetched outside the browser): the answer the worker must give. */
async function fromServer(path: string) {
  const response = await fetch(new URL(path, app.url));
  return {
    status: response.status,
    policy: response.headers.get('content-security-policy'),
    html: await response.text(),
  };
}

/**
 * Paths and the `#root` of the HTML that answers them: the page prerendered for the path (the query
 * and a trailing slash aside), else for an app route the page prerendered for its pattern or the
 * empty shell, else the 404 page.
 */
const PAGES: { path: string; root: string; status: number; offlineStatus?: number }[] = [
  { path: '/bmi-calculator', root: '<div id="root" data-prerendered="/bmi-calculator"', status: 200 },
  {
    path: '/bmi-calculator/?weight=70',
    root: '<div id="root" data-prerendered="/bmi-calculator"',
    status: 200,
  },
  { path: '/', root: '<div id="root" data-prerendered="/"', status: 200 },
  // A post no one has: the server says so (decision 169); offline, only the page can.
  {
    path: '/posts/999999',
    root: '<div id="root" data-prerendered="/posts/$id"',
    status: 404,
    offlineStatus: 200,
  },
  { path: '/dashboard', root: '<div id="root"></div>', status: 200 },
  { path: '/no-such-page', root: '<div id="root" data-prerendered="not-found"', status: 404 },
  // A post's path whose id is not an id is no post's (decision 144).
  { path: '/posts/abc', root: '<div id="root" data-prerendered="not-found"', status: 404 },
];

/** A page of a new context, opened at `path`, once the service worker has installed and controls it. */
async function controlledPage(path: string) {
  const context = await app.newContext();
  const page = await context.newPage();
  await page.goto(path);
  await untilControlled(page);
  return { context, page };
}

describe('offline', () => {
  it('after one visit, a tool page loads and computes with the browser offline', async () => {
    const context = await app.newContext();
    const page = await context.newPage();
    await page.goto('/temperature-converter');
    await page.getByRole('heading', { level: 1, name: 'Temperature Converter' }).waitFor();
    // The service worker precaches the shell and every tool's chunks when it installs.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
    });
    await page.reload();
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    await context.setOffline(true);
    await page.goto('/temperature-converter');
    await page.getByLabel('Value').fill('100');
    await page.getByRole('button', { name: 'Convert', exact: true }).click();
    await expect.poll(() => result(page).innerText()).toContain('100 °C = 212.00 °F');

    // A tool whose chunks were precached but never opened works too.
    await page.goto('/data-storage-converter?value=2048&from=KB&to=MB');
    await expect.poll(() => result(page).innerText()).toContain('2048 KB = 2 MB');
    await context.setOffline(false);
  });

  it('answers each navigation from the precache with the HTML the server sends for that path, online and offline', async () => {
    const { context, page } = await controlledPage('/about');

    for (const offline of [false, true]) {
      await context.setOffline(offline);
      for (const { path, root, status, offlineStatus = status } of PAGES) {
        const where = `${path}${offline ? ' offline' : ''}`;
        const response = await page.goto(path);
        if (!response) throw new Error(`no answer for ${where}`);
        expect(response.fromServiceWorker(), where).toBe(true);
        const html = await response.text();
        expect(html, where).toContain(root);
        // The very file the server sends, with the policy that allows its own inline scripts.
        const server = await fromServer(path);
        expect(server.status, where).toBe(status);
        expect(response.status(), where).toBe(offline ? offlineStatus : status);
        expect(html, where).toBe(server.html);
        expect(response.headers()['content-security-policy'], where).toBe(server.policy);
      }
    }
    // Offline, the page the worker sent hydrates into the working tool.
    await page.goto('/bmi-calculator');
    await page.getByRole('heading', { level: 1, name: 'BMI Calculator' }).waitFor();
    await appReady(page);
    await context.setOffline(false);

    // The API is never answered from the precache.
    const api = await page.goto('/api/health');
    expect(api?.fromServiceWorker()).toBe(false);
    expect(api?.status()).toBe(200);
  });

  it('asks the server first for a page it renders with its data, and answers from the precache when it is slow, failing or out of reach (decision 165)', async () => {
    const post = await createPost(app.server, await adminToken(app.server), { title: 'Asked of the server' });
    const path = `/posts/${post.id}`;
    const { context, page } = await controlledPage('/about');

    // Online: the post's page as the server renders it, with its post and named after it.
    const sent = await page.goto(path);
    expect(sent?.fromServiceWorker()).toBe(true);
    const html = (await sent?.text()) ?? '';
    expect(html).toContain(`<div id="root" data-prerendered="${path}"`);
    expect(html).toContain('<title>Asked of the server · Toolbox</title>');
    // The blog's first page too, which the browser no longer reads from the pages stored by path.
    const blog = await page.goto('/bloguser');
    expect(await blog?.text()).toContain(QUERY_STATE);
    expect(
      await page.evaluate(
        () =>
          (performance.getEntriesByType('navigation')[0] as { workerMatchedSourceType?: string })
            .workerMatchedSourceType,
      ),
    ).toBe('');

    /** The page the worker answers `path` with while the server's answers go through `answer`. */
    const answeredWhile = async (answer: (route: Route) => Promise<void>) => {
      await context.route(`**${path}`, answer);
      const response = await page.goto(path);
      await context.unroute(`**${path}`);
      return (await response?.text()) ?? '';
    };
    const precached = '<div id="root" data-prerendered="/posts/$id"';
    // A server error, or a server slower than the worker waits: the page prerendered for every post,
    // which reads its post once the app starts.
    expect(await answeredWhile((route) => route.fulfill({ status: 503, body: 'busy' }))).toContain(precached);
    const slow: Route[] = [];
    expect(await answeredWhile(async (route) => void slow.push(route))).toContain(precached);
    expect(slow).toHaveLength(1);
    await page.getByRole('heading', { level: 1, name: 'Asked of the server' }).waitFor();
    await Promise.all(slow.map((route) => route.abort().catch(() => undefined)));
    // Offline at once.
    await context.setOffline(true);
    const offline = await page.goto(path);
    expect(await offline?.text()).toContain(precached);
    await context.setOffline(false);
  });

  it('the browser reads a prerendered page opened at its own path from the pages stored by path, without the worker', async () => {
    const pages = fileURLToPath(new URL('../../platform/dist/pages/', import.meta.url));
    const paths = readdirSync(pages, { recursive: true })
      .map((file) => prerenderedPath(`${PAGES_DIR}/${String(file)}`))
      .filter((path) => path !== null)
      .sort();
    expect(paths).toContain('/bmi-calculator');
    const context = await app.newContext();
    const page = await context.newPage();
    await page.goto('/about');
    // One cache for this deployment's pages, by path, complete once the worker has installed: as it
    // becomes the active worker (activating, which a navigation then waits for, copies nothing).
    const storedByPath = await page.evaluate(async (prefix) => {
      await navigator.serviceWorker.ready;
      const names = (await caches.keys()).filter((name) => name.startsWith(prefix));
      const stored = await Promise.all(names.map(async (name) => (await caches.open(name)).keys()));
      return { caches: names.length, paths: stored.flat().map((request) => new URL(request.url).pathname) };
    }, PAGES_BY_PATH_CACHE_PREFIX);
    expect(storedByPath).toEqual({ caches: 1, paths: expect.arrayContaining(paths) });
    expect(storedByPath.paths).toHaveLength(paths.length);
    await expect.poll(() => page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);

    /** Where the browser's routing sent the navigation (Chromium's navigation timing). */
    const routedTo = async (path: string) => {
      await page.goto(path);
      return page.evaluate(() => {
        const [entry] = performance.getEntriesByType('navigation') as (PerformanceNavigationTiming & {
          workerMatchedSourceType?: string;
        })[];
        return entry?.workerMatchedSourceType;
      });
    };
    expect(await routedTo('/bmi-calculator')).toBe('cache');
    expect(await routedTo('/')).toBe('cache');
    // With a query or a trailing slash, the shell's routes, a page not found: the worker answers.
    for (const path of ['/bmi-calculator?weight=70', '/bmi-calculator/', '/dashboard', '/no-such-page']) {
      expect(await routedTo(path), path).toBe('');
    }
  });

  it('a controlled page reads the precached hashed files without the worker, and sends the rest to it', async () => {
    const { context, page } = await controlledPage('/bmi-calculator');
    await page.reload();
    await appReady(page);

    // A file the precache leaves out (too large: the worker caches it on first use), and one the build
    // never made.
    const precached = await page.evaluate(async () => {
      const names = (await caches.keys()).filter((name) => name.startsWith('workbox-precache'));
      const stored = await Promise.all(names.map(async (name) => (await caches.open(name)).keys()));
      return stored.flat().map((request) => new URL(request.url).pathname);
    });
    const assets = fileURLToPath(new URL('../../platform/dist/assets/', import.meta.url));
    const large = readdirSync(assets).find(
      (file) => file.endsWith('.js') && !precached.includes(`/assets/${file}`),
    );
    if (!large) throw new Error('the build has no asset too large to precache');
    const statuses = await page.evaluate(
      async (paths) => {
        const answers = await Promise.all(paths.map((path) => fetch(path)));
        await Promise.all(answers.map((answer) => answer.arrayBuffer()));
        return answers.map((answer) => answer.status);
      },
      [`/assets/${large}`, '/assets/no-such-chunk.js'],
    );
    expect(statuses).toEqual([200, 404]);
    /** Where the browser's routing sent a request of the page (Chromium's resource timing). */
    const routed = (path: string) =>
      page.evaluate((url) => {
        const entry = performance.getEntriesByName(new URL(url, location.href).href).at(-1) as
          | (PerformanceResourceTiming & { workerMatchedSourceType?: string })
          | undefined;
        return entry?.workerMatchedSourceType;
      }, path);
    const entry = await page.locator('script[type="module"][src]').getAttribute('src');
    await expect.poll(() => routed(entry ?? '')).toBe('cache');
    await expect.poll(() => routed(`/assets/${large}`)).toBe('fetch-event');
    // Not in the precache: the browser asks the server, which has no such file.
    await expect.poll(() => routed('/assets/no-such-chunk.js')).toBe('cache');
    // Stored once the worker has answered (Workbox puts it in the cache after the response).
    await expect
      .poll(() =>
        page.evaluate(async () =>
          (await (await caches.open('large-assets')).keys()).map((request) => request.url),
        ),
      )
      .toEqual([new URL(`/assets/${large}`, app.url).href]);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'BMI Calculator' }).waitFor();
    await appReady(page);
    await context.setOffline(false);
  });
});

/** A web app manifest's icon, as the manifest names it. */
interface ManifestIcon {
  src: string;
  type: string;
  sizes: string;
  purpose: string;
}

/** A PNG's width and height, from its header chunk. */
const pngSize = (bytes: Buffer) => `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;

describe('installing the app', () => {
  it('every page links a web app manifest, sent brotli-compressed and revalidated, an iOS icon and a PNG tab icon', async () => {
    for (const path of ['/', '/bmi-calculator', '/dashboard', '/no-such-page']) {
      const html = await (await fetch(new URL(path, app.url))).text();
      expect(html, path).toContain('<link rel="manifest" href="/manifest.webmanifest" />');
      expect(html, path).toContain('<link rel="apple-touch-icon" href="/icons/apple-touch-icon.png" />');
      // The tab's icon only, and a PNG: an SVG icon has the page build a document for it (decision 098).
      expect(html.match(/<link rel="icon"[^>]*>/g), path).toEqual([
        '<link rel="icon" href="/icons/favicon-32.png" sizes="32x32" type="image/png" />',
      ]);
    }
    const tabIcon = await fetch(new URL('/icons/favicon-32.png', app.url));
    expect(tabIcon.headers.get('content-type')).toBe('image/png');
    expect(pngSize(Buffer.from(await tabIcon.arrayBuffer()))).toBe('32x32');
    const response = await fetch(new URL('/manifest.webmanifest', app.url), {
      headers: { 'Accept-Encoding': 'br, gzip' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/manifest+json');
    expect(response.headers.get('content-encoding')).toBe('br');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const touchIcon = await fetch(new URL('/icons/apple-touch-icon.png', app.url));
    expect(touchIcon.headers.get('content-type')).toBe('image/png');
    expect(pngSize(Buffer.from(await touchIcon.arrayBuffer()))).toBe('180x180');
  });

  it('Chromium finds the app installable, and its manifest names icons of the sizes they are', async () => {
    const { context, page } = await controlledPage('/');
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    // A test's browser context is a private window, where nothing can be installed: the only error.
    expect(installabilityErrors.map((error) => error.errorId)).toEqual(['in-incognito']);
    const { url, errors, data } = await cdp.send('Page.getAppManifest');
    expect(url).toBe(new URL('/manifest.webmanifest', app.url).href);
    expect(errors).toEqual([]);
    const manifest = JSON.parse(data ?? '{}') as {
      start_url: string;
      display: string;
      icons: ManifestIcon[];
    };
    expect(manifest).toMatchObject({ start_url: '/', display: 'standalone' });

    const pngs = manifest.icons.filter((icon) => icon.type === 'image/png');
    expect(pngs.map((icon) => `${icon.sizes} ${icon.purpose}`).sort()).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    for (const icon of manifest.icons) {
      const answer = await context.request.get(icon.src);
      expect(answer.status(), icon.src).toBe(200);
      expect(answer.headers()['content-type'], icon.src).toContain(icon.type);
      if (icon.type === 'image/png') expect(pngSize(await answer.body()), icon.src).toBe(icon.sizes);
    }

    // Opened from the home screen without a network: the start page, the manifest, its icons and the tab's.
    await context.setOffline(true);
    const offline = await page.evaluate(
      async (paths) => Promise.all(paths.map(async (path) => (await fetch(path)).status)),
      ['/manifest.webmanifest', ...manifest.icons.map((icon) => icon.src), '/icons/favicon-32.png'],
    );
    expect(offline).toEqual(offline.map(() => 200));
    await page.goto(manifest.start_url);
    await page.getByRole('heading', { level: 1, name: 'Everyday calculators and converters' }).waitFor();
    await context.setOffline(false);
  });
});
