/**
 * Pages as they are delivered: prerendered HTML that stands without JavaScript and holds still
 * while it arrives and while the app starts, scripts sent brotli-compressed, and a content security
 * policy that the app itself never trips.
 */

import { COMPILE_HINT } from '@toolbox/platform/build/compile-hints';
import { HOME_TITLE } from '@toolbox/platform/src/pages/home-title';
import { pagePlugins, tools } from '@toolbox/plugins/registry';
import { EARLY_COMPUTES, EARLY_FORM } from '@toolbox/sdk';
import { LICENCES_FILE, QUERY_STATE, RENDERER_FILE } from '@toolbox/sdk/page-files';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { adminToken, authHeader, createAccount } from '../support/accounts';
import { appReady, result, useBrowserApp } from '../support/app';
import { createPost, imageBytes, type PageBody, type PostBody } from '../support/blog';
import { holdRequests } from '../support/held-scripts';
import { serveSplitPage } from '../support/split-page-server';
import { storeSession } from '../support/stored-session';

const app = useBrowserApp();

/** The scripts a prerendered page names: its entry, and the app's for the page. */
const entryOf = (html: string) => /<script type="module"[^>]* src="([^"]+)"/.exec(html)?.[1] ?? '';
/** The app's scripts a page lists for the app to preload as it starts (a JSON list), if it answers its form. */
const listedScriptsOf = (html: string): string[] =>
  JSON.parse(/<script type="application\/json" data-app-scripts>([^<]*)<\/script>/.exec(html)?.[1] ?? '[]');
/** The scripts a page preloads in its `<head>`, outside its `<noscript>`. */
const preloadsOf = (html: string) =>
  [
    ...html
      .replace(/<noscript[\s\S]*?<\/noscript>/g, '')
      .matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g),
  ].map(([, href = '']) => href);
/** The app's scripts for a page: listed for later where the page answers its form, else preloaded (decision 138). */
const appScriptsOf = (html: string): string[] =>
  html.includes(` ${EARLY_FORM}=`) ? listedScriptsOf(html) : preloadsOf(html);
/** The computes a page names for its entry to run before the app starts, by slug. */
const earlyComputesOf = (html: string): Record<string, string> =>
  JSON.parse(
    new RegExp(`<script type="application/json" ${EARLY_COMPUTES}>([^<]*)</script>`).exec(html)?.[1] ?? '{}',
  );

/** The API reads a page asks for with itself (decisions 133 and 134), as written in its HTML. */
const dataPreloadsOf = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="fetch" crossorigin href="([^"]+)">/g)].map(([, href]) =>
    href?.replaceAll('&amp;', '&'),
  );

/** The paths with their query that `page` asks for under `prefix`, from now on, as they are asked for. */
function requestsUnder(page: Page, prefix: string): string[] {
  const reads: string[] = [];
  page.on('request', (request) => {
    const { pathname, search } = new URL(request.url());
    if (pathname.startsWith(prefix)) reads.push(`${pathname}${search}`);
  });
  return reads;
}

/**
 * The errors `page` reports from now on: uncaught ones and those it logs, but for the browser's own
 * report of an answer that was not 2xx (a missing post's 404 is the API's answer, not a problem).
 */
function problemsOf(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' && !/Failed to load resource/.test(message.text()))
      problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

/**
 * Notes, from the start of each page `page` opens, the layout shifts it makes; with `within`, only
 * those that move something inside an element `within` selects.
 */
async function watchLayoutShifts(page: Page, within?: string) {
  await page.addInitScript((selector) => {
    const shifts: number[] = [];
    Reflect.set(window, 'layoutShifts', shifts);
    const moves = (entry: PerformanceEntry) =>
      selector === undefined ||
      (Reflect.get(entry, 'sources') as { node?: Node | null }[]).some(
        ({ node }) => (node instanceof Element ? node : node?.parentElement)?.closest(selector) != null,
      );
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) if (moves(entry)) shifts.push(Reflect.get(entry, 'value'));
    }).observe({ type: 'layout-shift', buffered: true });
  }, within);
}

/** The scores of the layout shifts `page` has made (`watchLayoutShifts`), once it has drawn two more frames. */
async function layoutShiftsOf(page: Page): Promise<number[]> {
  await page.evaluate(
    () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))),
  );
  return page.evaluate(() => Reflect.get(window, 'layoutShifts'));
}

/** How many times React committed elements of each name, first and again (see `watchRenders`). */
interface Renders {
  first: Record<string, number>;
  again: Record<string, number>;
}

/**
 * Counts, from the start of each page `page` opens, the page's elements React commits for the first
 * time and those it renders again (with new props), by name: the element's `data-testid`, else its
 * tag. React tells the developer tools' hook of each commit, in a production build too; the test
 * stands in for that hook.
 */
async function watchRenders(page: Page) {
  await page.addInitScript(() => {
    const renders: Renders = { first: {}, again: {} };
    Reflect.set(window, 'renders', renders);
    interface Fiber {
      type: unknown;
      memoizedProps: Record<string, unknown> | null;
      alternate: Fiber | null;
      child: Fiber | null;
      sibling: Fiber | null;
    }
    const propsOf = new WeakMap<Fiber, unknown>();
    const count = (counts: Record<string, number>, name: string) => {
      counts[name] = (counts[name] ?? 0) + 1;
    };
    const visit = (fiber: Fiber | null) => {
      for (let node = fiber; node; node = node.sibling) {
        if (typeof node.type === 'string') {
          const name = String(node.memoizedProps?.['data-testid'] ?? node.type);
          const before = propsOf.get(node) ?? (node.alternate ? propsOf.get(node.alternate) : undefined);
          if (before === undefined) count(renders.first, name);
          else if (before !== node.memoizedProps) count(renders.again, name);
          propsOf.set(node, node.memoizedProps);
          if (node.alternate) propsOf.set(node.alternate, node.memoizedProps);
        }
        visit(node.child);
      }
    };
    Reflect.set(window, '__REACT_DEVTOOLS_GLOBAL_HOOK__', {
      supportsFiber: true,
      inject: () => 1,
      checkDCE() {},
      onScheduleFiberRoot() {},
      onCommitFiberUnmount() {},
      onPostCommitFiberRoot() {},
      onCommitFiberRoot: (_renderer: number, root: { current: Fiber }) => visit(root.current.child),
    });
  });
}

/** What `watchRenders` has counted on `page`. */
const rendersOf = (page: Page): Promise<Renders> => page.evaluate(() => Reflect.get(window, 'renders'));

/** Every route a visitor can open without a parameter, and a signed-in one (answered by the shell). */
const ROUTES = [
  '/',
  ...tools.map((tool) => tool.route),
  ...pagePlugins
    .flatMap((plugin) => plugin.routes.map((route) => route.path))
    .filter((path) => !path.includes('$')),
  '/no-such-page',
];

/** The Open Graph and Twitter card tags of a page's HTML, as [name, content] in order. */
const cardOf = (html: string) =>
  [...html.matchAll(/<meta (?:property|name)="((?:og|twitter):\w+)" content="([^"]*)" \/>/g)].map(
    ([, name, content]) => [name, content],
  );

/**
 * Marks the first element `selector` finds once the page's HTML is parsed, before the app runs: the
 * mark (`[data-drawn-first]`) still there afterwards says the app adopted that element rather than
 * drawing it again.
 */
async function markDrawnFirst(page: Page, selector: string): Promise<void> {
  await page.addInitScript((first) => {
    document.addEventListener('DOMContentLoaded', () => {
      document.querySelector(first)?.setAttribute('data-drawn-first', '');
    });
  }, selector);
}

describe('prerendered pages', () => {
  it('paints a prerendered page whole, even while the end of its HTML is still on its way', async () => {
    // Home's HTML in two parts, 400 ms apart: the second is the footer's last link and what follows,
    // as a slow network delivers a long page. A frame without it would be redrawn as the rest comes.
    const split = await serveSplitPage(app.url, '/', {
      splitAt: (html) => html.lastIndexOf('<li', html.indexOf('</footer>')),
      pauseMs: 400,
    });
    try {
      const page = await app.newPage();
      // The footer's links when the first frame is drawn (a frame runs its animation callbacks first).
      await page.addInitScript(() => {
        requestAnimationFrame(() => {
          Reflect.set(window, 'linksInFirstFrame', document.querySelectorAll('footer a').length);
        });
      });
      await page.goto(`${split.url}/`);
      await page.waitForFunction(() => Reflect.has(window, 'linksInFirstFrame'));
      const footerLinks = await page.locator('footer a').count();
      expect(footerLinks).toBeGreaterThan(1);
      expect(await page.evaluate(() => Reflect.get(window, 'linksInFirstFrame'))).toBe(footerLinks);
    } finally {
      await split.close();
    }
  });

  it("applies the page's full stylesheets together when the app starts: nothing shifts while they arrive", async () => {
    // A phone's width, where Home's heading wraps; every stylesheet but the first held for a moment,
    // so that they arrive one by one.
    const page = await app.newPage({ viewport: { width: 412, height: 823 } });
    let sheets = 0;
    await page.route('**/assets/*.css', async (route) => {
      sheets += 1;
      if (sheets > 1) await new Promise((resolve) => setTimeout(resolve, 300));
      await route.continue();
    });
    await watchLayoutShifts(page);
    await page.goto('/');
    // Every stylesheet in and applied, and a frame drawn with them.
    await page.waitForFunction(() => {
      const links = [...document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];
      return links.length > 1 && links.every((link) => link.sheet !== null && link.media === '');
    });
    expect(sheets).toBeGreaterThan(1);
    expect(await layoutShiftsOf(page)).toEqual([]);
  });

  it("names each prerendered page in its head, with the card a shared link's preview reads", async () => {
    const html = await (await fetch(new URL('/bmi-calculator', app.url))).text();
    const bmi = tools.find((tool) => tool.route === '/bmi-calculator');
    expect(html).toContain('<title>BMI Calculator · Toolbox</title>');
    expect(cardOf(html)).toEqual([
      ['og:title', 'BMI Calculator · Toolbox'],
      ['og:description', bmi?.description],
      ['twitter:card', 'summary'],
    ]);
    // Written once, the page prerendered for every post carries one card, not one per writing.
    const post = await (await fetch(new URL('/posts/999999', app.url))).text();
    expect(cardOf(post)).toEqual([
      ['og:title', 'Post · Toolbox'],
      ['twitter:card', 'summary'],
    ]);
  });

  it('lists every public page, and each published post at its page, in the sitemap (decision 167)', async () => {
    const token = await adminToken(app.server);
    const post = await createPost(app.server, token, { title: 'Listed in the sitemap' });
    const draft = await createPost(app.server, token, { title: 'Not listed', status: 'Draft' });
    const robots = await (await fetch(new URL('/robots.txt', app.url))).text();
    expect(robots).toContain(`Sitemap: ${app.url}/sitemap.xml`);
    const xml = await (await fetch(new URL('/sitemap.xml', app.url))).text();
    const listed = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, loc]) => new URL(loc ?? '').pathname);
    const publicRoutes = pagePlugins
      .flatMap((plugin) => plugin.routes)
      .filter((route) => route.layout === 'public' && route.access === 'anyone' && !route.path.includes('$'));
    const unlisted = publicRoutes.filter((route) => route.listed === false).map((route) => route.path);
    expect(listed).toEqual(
      expect.arrayContaining([
        '/',
        ...tools.map((tool) => tool.route),
        ...publicRoutes.map((route) => route.path).filter((path) => !unlisted.includes(path)),
        `/posts/${post.id}`,
      ]),
    );
    expect(unlisted).toEqual(expect.arrayContaining(['/login', '/saved']));
    for (const path of [...unlisted, '/dashboard', '/profile', `/posts/${draft.id}`]) {
      expect(listed, path).not.toContain(path);
    }
    // Every address listed is a page the server sends as it is, named as its own canonical address.
    for (const path of new Set(listed)) {
      const res = await fetch(new URL(path, app.url));
      expect(res.status, path).toBe(200);
      expect(res.headers.get('link'), path).toBe(`<${new URL(path, app.url).href}>; rel="canonical"`);
    }
  });

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
    // The button cannot answer without scripts: the page says so, and only then.
    const needsScripts = (on: typeof page) => on.getByText(/turn on JavaScript to use it/);
    expect(await needsScripts(page).isVisible()).toBe(true);
    const withScripts = await app.newPage();
    await withScripts.goto('/bmi-calculator');
    await withScripts.getByRole('heading', { level: 1, name: 'BMI Calculator' }).waitFor();
    expect(await needsScripts(withScripts).count()).toBe(0);
  });

  it("names each tool page's view scripts in its HTML, so that they load when the app starts", async () => {
    for (const tool of tools) {
      const html = await (await fetch(new URL(tool.route, app.url))).text();
      expect(
        appScriptsOf(html).some((href) => /^\/assets\/view-[\w-]+\.js$/.test(href)),
        tool.route,
      ).toBe(true);
      // No stylesheet before the app starts: the page's first paint has its CSS inlined.
      const outsideNoscript = html.replace(/<noscript[\s\S]*?<\/noscript>/g, '');
      expect(outsideNoscript, tool.route).not.toMatch(/<link rel="stylesheet"/);
      const preloads = preloadsOf(html);
      const named = earlyComputesOf(html);
      // A page whose form needs the app starts it at once: it preloads the app's scripts with its
      // entry, and lists none for later (decision 138).
      if (!html.includes(` ${EARLY_FORM}=`)) {
        expect(preloads, tool.route).toEqual(
          expect.arrayContaining([expect.stringMatching(/^\/assets\/shell-[\w-]+\.js$/)]),
        );
        expect(listedScriptsOf(html), tool.route).toEqual([]);
        expect(named, tool.route).toEqual({});
        continue;
      }
      // Before the visitor uses a page that answers its form itself, it fetches its entry and no
      // other script but the tool's compute (the compute worker's chunk, which the page names for
      // its entry) and the compute kit it imports (the data its views read as they open: the test below).
      expect(Object.keys(named), tool.route).toEqual([tool.slug]);
      expect(preloads[0], tool.route).toBe(named[tool.slug]);
      expect(preloads.slice(1), tool.route).toEqual(
        expect.arrayContaining([expect.stringMatching(/^\/assets\/compute-kit-[\w-]+\.js$/)]),
      );
    }
  });

  it('asks for the data a page reads as it opens with the page, and the app reads it from that one request', async () => {
    const html = await (await fetch(new URL('/currency-converter', app.url))).text();
    expect(dataPreloadsOf(html).sort()).toEqual(['/api/data/currencies/', '/api/data/rates/?base=USD']);
    // A page that reads nothing as it opens preloads nothing.
    expect(dataPreloadsOf(await (await fetch(new URL('/bmi-calculator', app.url))).text())).toEqual([]);

    const page = await app.newPage();
    const reads = requestsUnder(page, '/api/data/');
    await page.goto('/currency-converter?amount=100&from=USD&to=EUR');
    await expect.poll(() => result(page).innerText()).toMatch(/Converted Amount: [\d,.]+ EUR/);
    await expect.poll(() => page.getByRole('combobox', { name: 'To' }).inputValue()).toMatch(/^EUR - \w/);
    expect(reads.sort()).toEqual(['/api/data/currencies/', '/api/data/rates/?base=USD']);
  });

  it("asks for the blog list's first page with the page (a TanStack query), and the list reads that one request", async () => {
    const token = await adminToken(app.server);
    await createPost(app.server, token, { title: 'Read with the page' });
    // The page prerendered at build time: the server sends it for a path with a query (decision 161).
    const html = await (await fetch(new URL('/bloguser?page=1', app.url))).text();
    expect(dataPreloadsOf(html)).toEqual(['/api/posts/?page=1&page_size=5']);

    const page = await app.newPage();
    const reads = requestsUnder(page, '/api/posts/');
    await page.goto('/bloguser?page=1');
    await page.getByRole('article', { name: 'Read with the page' }).waitFor();
    expect(reads).toEqual(['/api/posts/?page=1&page_size=5']);
  });

  it("sends the blog's first page of posts in its HTML, rendered for a visitor, which the app adopts as sent (decision 161)", async () => {
    const token = await adminToken(app.server);
    const photo = { bytes: await imageBytes('jpeg', 120, 80), name: 'pier.jpg', type: 'image/jpeg' };
    // Markup in a post is text in the page and in the answers it carries, never markup.
    const markup = 'Closes </script><img src=x onerror="document.title=1">';
    await createPost(app.server, token, { title: markup, description: markup });
    await createPost(app.server, token, { title: 'Rendered with its page' }, photo);
    const sent = await fetch(new URL('/bloguser', app.url), { headers: { 'Accept-Encoding': 'br' } });
    expect(sent.headers.get('content-encoding')).toBe('br');
    expect(sent.headers.get('content-security-policy')).toContain("script-src 'self' 'sha256-");
    const html = await sent.text();
    expect(html).toContain('Rendered with its page');
    expect(html).not.toContain('Loading posts...');
    expect(html).toContain(`<script type="application/json" ${QUERY_STATE}>`);
    // Whole without the app, the page asks for nothing more with itself: the app's scripts are listed
    // for the app, which starts when the visitor lets the page be, as on a page that answers its form.
    expect(dataPreloadsOf(html)).toEqual([]);
    expect(preloadsOf(html)).toEqual([]);
    expect(listedScriptsOf(html).length).toBeGreaterThan(0);

    // Without scripts: the posts, the newest with its photo.
    const still = await app.newPage({ javaScriptEnabled: false });
    expect((await still.goto('/bloguser'))?.status()).toBe(200);
    const card = still.getByRole('article', { name: 'Rendered with its page' });
    expect(await card.isVisible()).toBe(true);
    expect(
      await card.getByRole('img').evaluate((image: HTMLImageElement) => image.naturalWidth),
    ).toBeGreaterThan(0);

    // With them, the app adopts those very cards: no loading state, no error, and no read of the
    // list the page has just brought (decision 166).
    const page = await app.newPage();
    const problems = problemsOf(page);
    const reads = requestsUnder(page, '/api/posts/');
    await markDrawnFirst(page, 'article');
    await page.goto('/bloguser');
    await appReady(page);
    expect(await page.locator('article[data-drawn-first]').getByRole('heading').innerText()).toBe(
      'Rendered with its page',
    );
    expect(await page.getByText('Loading posts...').count()).toBe(0);
    expect(await page.getByRole('article').getByRole('heading', { name: markup }).count()).toBe(1);
    expect(await page.title()).toBe('Blog · Toolbox');
    expect(problems).toEqual([]);
    // The first read is the visitor's own search, asked for after any the app asked for as it started.
    await page.getByPlaceholder('Search posts...').fill('Rendered');
    await expect.poll(() => reads).toEqual([expect.stringContaining('search=Rendered')]);

    // A new post is in the next page sent; a page asked for with a query is the prerendered one.
    await createPost(app.server, token, { title: 'Posted since' });
    expect(await (await fetch(new URL('/bloguser', app.url))).text()).toContain('Posted since');
    const queried = await (await fetch(new URL('/bloguser?page=1', app.url))).text();
    expect(queried).toContain('Loading posts...');
    expect(queried).not.toContain(QUERY_STATE);
    // The renderer the server runs is never sent.
    expect((await fetch(new URL(`/${RENDERER_FILE}`, app.url))).status).toBe(404);
  });

  it('renders no post card again as the app adopts the blog list it was sent (decisions 162, 166)', async () => {
    const token = await adminToken(app.server);
    for (let n = 0; n < 5; n += 1) await createPost(app.server, token, { title: `Adopted ${n}` });
    const page = await app.newPage();
    await watchRenders(page);
    const reads = requestsUnder(page, '/api/posts/');
    await page.goto('/bloguser');
    await appReady(page);
    // The list's cards are adopted as their view's code arrives, which may be after the app is ready.
    await expect.poll(async () => (await rendersOf(page)).first.article).toBe(5);
    const adopted = await rendersOf(page);
    // The visitor's search is the first read: the list the page brought was not read again, and so
    // neither it nor its cards rendered again before.
    await page.getByPlaceholder('Search posts...').fill('Adopted 4');
    await expect.poll(() => reads).toEqual([expect.stringContaining('search=Adopted')]);
    expect(adopted.again.article ?? 0).toBe(0);
    expect(adopted.again['post-grid'] ?? 0).toBe(0);
    // The search's answer renders the list again: the count sees renders.
    await expect.poll(async () => (await rendersOf(page)).again['post-grid'] ?? 0).toBeGreaterThan(0);
  });

  it('shifts nothing on a phone as the app adopts the blog list the page was sent with (decisions 136, 161)', async () => {
    const token = await adminToken(app.server);
    // A page of cards longer than a phone's screen, as a blog's is.
    const walk = 'What was seen on a walk along the harbor, from the pier to the lighthouse. ';
    for (let n = 0; n < 5; n += 1) await createPost(app.server, token, { description: walk.repeat(3) });
    const page = await app.newPage({ viewport: { width: 412, height: 823 } });
    await watchLayoutShifts(page);
    await page.goto('/bloguser');
    await page.getByRole('article').nth(4).waitFor();
    // Once the app holds the page, its full stylesheets applied.
    await appReady(page);
    expect(await layoutShiftsOf(page)).toEqual([]);
  });

  it("shifts nothing as a signed-in person's public page takes the stored session: the header keeps the Dashboard button's room, Home has no login card from the first paint", async () => {
    const account = await createAccount(app.server);
    // 768 px is where the button takes the header onto a second row.
    for (const path of ['/about', '/']) {
      for (const width of [412, 768, 1280]) {
        const page = await app.newPage({ viewport: { width, height: 823 } });
        await storeSession(page, account);
        await watchLayoutShifts(page);
        await page.goto(path);
        await page.getByRole('banner').getByRole('link', { name: 'Dashboard' }).waitFor();
        await page.getByRole('banner').getByRole('link', { name: 'Saved calculations' }).waitFor();
        await appReady(page);
        expect({ path, width, shifts: await layoutShiftsOf(page) }).toEqual({ path, width, shifts: [] });
        expect(await page.getByRole('form', { name: 'Login' }).count()).toBe(0);
        await page.close();
      }
    }
  });

  /** Deletes every post, as the blog's admin, and returns the admin's token. */
  async function emptyBlog(): Promise<string> {
    const token = await adminToken(app.server);
    const { body } = await app.server.json<PageBody<PostBody>>('/api/posts/?page_size=1000', {
      headers: authHeader(token),
    });
    for (const post of body.results) {
      const gone = await app.server.request(`/api/posts/${post.id}/`, {
        method: 'DELETE',
        headers: authHeader(token),
      });
      expect(gone.status).toBe(204);
    }
    return token;
  }

  it('shifts nothing on a phone when the blog has no post to show (decision 143)', async () => {
    await emptyBlog();
    const page = await app.newPage({ viewport: { width: 412, height: 823 } });
    await watchLayoutShifts(page);
    await page.goto('/bloguser');
    await page.getByText('No posts found.').waitFor();
    expect(await layoutShiftsOf(page)).toEqual([]);
  });

  it('shifts nothing on a phone when the blog has one short post, and its pager follows the posts (decision 145)', async () => {
    const token = await emptyBlog();
    await createPost(app.server, token, { title: 'A short first post', description: 'Short.' });
    const page = await app.newPage({ viewport: { width: 412, height: 823 } });
    await watchLayoutShifts(page);
    await page.goto('/bloguser');
    await page.getByRole('article', { name: 'A short first post' }).waitFor();
    // The page comes with its posts (decision 161): once the app holds it, its stylesheets applied.
    await appReady(page);
    expect(await layoutShiftsOf(page)).toEqual([]);
    // A short last page: its pager comes right below its one card, not a screen further down.
    for (let n = 0; n < 5; n += 1) await createPost(app.server, token, { title: `Later post ${n}` });
    await page.goto('/bloguser');
    // The pager is on the page before the app; a press waits for the app to hold it (decision 084).
    await appReady(page);
    await page.getByRole('button', { name: 'Page 2' }).click();
    const card = page.getByRole('article', { name: 'A short first post' });
    await card.waitFor();
    const cardBox = await card.boundingBox();
    const pagerBox = await page.getByRole('navigation', { name: 'Pages' }).boundingBox();
    const gap = (pagerBox?.y ?? Number.NaN) - ((cardBox?.y ?? Number.NaN) + (cardBox?.height ?? 0));
    expect(gap).toBeGreaterThanOrEqual(0);
    expect(gap).toBeLessThan(100);
  });

  it('shifts nothing on a phone as a short post arrives: the footer stays out of sight (decision 145)', async () => {
    const token = await adminToken(app.server);
    const post = await createPost(app.server, token, { title: 'A short post', full_content: 'One line.' });
    const page = await app.newPage({ viewport: { width: 412, height: 823 } });
    // The footer's: the header's actions may still move as a plugin's button arrives (decision 136).
    await watchLayoutShifts(page, 'footer');
    await page.goto(`/posts/${post.id}`);
    await page.getByRole('heading', { level: 1, name: 'A short post' }).waitFor();
    expect(await layoutShiftsOf(page)).toEqual([]);
  });

  it.each([
    { shape: 'a 3 : 2 photo', width: 1200, height: 800, box: { width: 380, height: 253 }, copy: 800 },
    // Drawn at its own shape, at most 480 px high (decision 143), not in a 3 : 2 box; the copy the
    // browser takes is the one for the width it is drawn at.
    { shape: 'a tall photo', width: 800, height: 1200, box: { width: 320, height: 480 }, copy: 400 },
  ])(
    "shifts nothing on a phone as a post's photo arrives, $shape: its place is held (decisions 139, 143)",
    async ({ width, height, box, copy }) => {
      const token = await adminToken(app.server);
      const walk = 'What was seen on a walk along the harbor, from the pier to the lighthouse. ';
      const photo = {
        bytes: await imageBytes('jpeg', width, height),
        name: 'harbor.jpg',
        type: 'image/jpeg',
      };
      const post = await createPost(app.server, token, { full_content: walk.repeat(30) }, photo);
      const page = await app.newPage({ viewport: { width: 412, height: 823 } });
      // The post's own: a page the browser renders (not prerendered) may still move its header's
      // actions as a plugin's button arrives after the app's first render.
      await watchLayoutShifts(page, 'article');
      await page.goto(`/posts/${post.id}`);
      await page.getByRole('article').getByRole('img').waitFor();
      await page.waitForFunction(
        () =>
          document.querySelector('article img')?.getAttribute('src') !== null &&
          (document.querySelector('article img') as HTMLImageElement).complete,
      );
      expect(await layoutShiftsOf(page)).toEqual([]);
      const drawn = await page.getByRole('article').getByRole('img').boundingBox();
      expect(drawn?.width).toBeCloseTo(box.width, 0);
      expect(drawn?.height).toBeCloseTo(box.height, 0);
      const taken = await page
        .locator('article img')
        .evaluate((image) => (image as HTMLImageElement).currentSrc);
      expect(new URL(taken).searchParams.get('width')).toBe(String(copy));
    },
  );

  it("sends a post's page rendered with its post, which the app adopts as sent (decision 163)", async () => {
    const token = await adminToken(app.server);
    const post = await createPost(app.server, token, {
      title: 'Read before the app',
      description: 'Sent "whole" & <rendered> with its page.',
    });
    const read = `/api/posts/${post.id}/`;
    const html = await (await fetch(new URL(`/posts/${post.id}`, app.url))).text();
    expect(html).toContain(`<div id="root" data-prerendered="/posts/${post.id}" data-reads-query="">`);
    // Named after the post, for a tab, a search result or a shared link, before any script runs.
    const description = 'Sent &quot;whole&quot; &amp; &lt;rendered&gt; with its page.';
    expect(html).toContain('<title>Read before the app · Toolbox</title>');
    expect(html).toContain(`<meta name="description" content="${description}" />`);
    expect(cardOf(html)).toEqual([
      ['og:title', 'Read before the app · Toolbox'],
      ['og:description', description],
      ['twitter:card', 'summary'],
    ]);
    // A post with a photo: the preview of a shared link shows it.
    const pictured = await createPost(
      app.server,
      token,
      { title: 'Pictured' },
      {
        bytes: await imageBytes('jpeg', 120, 80),
        name: 'pier.jpg',
      },
    );
    const picturedHtml = await (await fetch(new URL(`/posts/${pictured.id}`, app.url))).text();
    expect(cardOf(picturedHtml)).toEqual([
      ['og:title', 'Pictured · Toolbox'],
      ['og:description', expect.any(String)],
      ['og:image', pictured.image],
      ['twitter:card', 'summary_large_image'],
    ]);
    expect(html).toContain(`<script type="application/json" ${QUERY_STATE}>`);
    // Its read is answered in the page: nothing is asked for with it, the app's scripts are listed.
    expect(html).not.toContain('data-pattern-reads');
    expect(dataPreloadsOf(html)).toEqual([]);
    expect(preloadsOf(html)).toEqual([]);
    expect(listedScriptsOf(html).length).toBeGreaterThan(0);

    // Without scripts: the post, in the site's header and footer.
    const still = await app.newPage({ javaScriptEnabled: false });
    expect((await still.goto(`/posts/${post.id}`))?.status()).toBe(200);
    expect(await still.getByRole('heading', { level: 1, name: 'Read before the app' }).isVisible()).toBe(
      true,
    );
    expect(await still.getByRole('banner').getByRole('link', { name: 'Blog' }).isVisible()).toBe(true);
    expect(await still.getByRole('contentinfo').count()).toBe(1);
    expect(await still.title()).toBe('Read before the app · Toolbox');

    // With them, the app adopts the post the browser drew first, and does not read it again
    // (decision 166): the first read is the blog list the visitor goes back to.
    const page = await app.newPage();
    const problems = problemsOf(page);
    const reads = requestsUnder(page, '/api/posts/');
    await markDrawnFirst(page, 'h1');
    await page.goto(`/posts/${post.id}`);
    await appReady(page);
    expect(await page.locator('h1[data-drawn-first]').innerText()).toBe('Read before the app');
    await expect.poll(() => page.title()).toBe('Read before the app · Toolbox');
    expect(problems).toEqual([]);
    await page.getByRole('button', { name: 'Back' }).click();
    await expect.poll(() => reads).toEqual([expect.stringMatching(/^\/api\/posts\/\?/)]);

    // A signed-in reader is sent the visitor's page; it stays on screen while their own read comes.
    const member = await createAccount(app.server);
    const signedIn = await app.newPage();
    await storeSession(signedIn, member);
    const heldRead = await holdRequests(signedIn, `**${read}`);
    const asked = signedIn.waitForRequest((request) => request.url().endsWith(read));
    await signedIn.goto(`/posts/${post.id}`);
    await appReady(signedIn);
    await asked;
    expect(await signedIn.getByText('Loading post...').count()).toBe(0);
    expect(await signedIn.getByRole('heading', { level: 1, name: 'Read before the app' }).isVisible()).toBe(
      true,
    );
    await heldRead.release();
  });

  it('sends a page opened from a link with a query it does not read rendered with its data, which the app adopts as sent (decision 170)', async () => {
    const token = await adminToken(app.server);
    const post = await createPost(app.server, token, { title: 'Shared from a newsletter' });
    const still = await app.newPage({ javaScriptEnabled: false });
    expect((await still.goto(`/bloguser?utm_source=newsletter`))?.status()).toBe(200);
    expect(await still.getByRole('heading', { name: 'Shared from a newsletter' }).isVisible()).toBe(true);
    expect((await still.goto('/posts/999999?utm_source=newsletter'))?.status()).toBe(404);

    const page = await app.newPage();
    const problems = problemsOf(page);
    const reads = requestsUnder(page, '/api/posts/');
    await markDrawnFirst(page, 'h1');
    const shared = await page.goto(`/posts/${post.id}?utm_source=newsletter&fbclid=x`);
    expect(shared?.status()).toBe(200);
    await appReady(page);
    expect(await page.locator('h1[data-drawn-first]').innerText()).toBe('Shared from a newsletter');
    expect(reads).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("adopts a page opened from a link whose query is only a link's tracking tags, as it adopts the page without them (decision 171)", async () => {
    const adopted = async (link: string) => {
      const page = await app.newPage();
      const problems = problemsOf(page);
      await markDrawnFirst(page, 'h1');
      await page.goto(link);
      await appReady(page);
      expect(await page.locator('h1[data-drawn-first]').count(), link).toBe(1);
      expect(problems, link).toEqual([]);
      return page;
    };
    await adopted('/?utm_source=newsletter');
    await adopted('/about?ref=hn');
    // The tool works on as on its own address, and its result's link is its input alone.
    const page = await adopted('/bmi-calculator?utm_source=newsletter&fbclid=x');
    await page.getByLabel('Weight (kg)').fill('70');
    await page.getByLabel('Height (m)').fill('1.75');
    await page.getByRole('button', { name: 'Calculate BMI' }).click();
    await expect.poll(() => result(page).innerText()).toContain('Your BMI is 22.9');
    await expect.poll(() => new URL(page.url()).search).toContain('weight=70');
    expect(page.url()).not.toContain('utm_source');
  });

  it('adopts a page that reads no key of its query at any query, and draws afresh one opened with a key it reads (decision 172)', async () => {
    const opened = async (link: string) => {
      const page = await app.newPage();
      const problems = problemsOf(page);
      await markDrawnFirst(page, 'h1');
      await page.goto(link);
      await appReady(page);
      expect(problems, link).toEqual([]);
      const adopted = (await page.locator('h1[data-drawn-first]').count()) === 1;
      await page.close();
      return adopted;
    };
    const plain = ['/?src=newsletter', '/about?x=1', '/sign-up?from=ad&plan=free', '/nowhere?x=1'];
    // A tool reads its form's fields, those shown for another choice (feet) included.
    plain.push('/bmi-calculator?src=newsletter&lang=en');
    // The comparison reads its ids, through `useQueryRead` (lint refuses the router's `useSearch`).
    plain.push('/saved/compare?src=newsletter');
    for (const link of plain) expect(await opened(link), link).toBe(true);
    // The login page reads where to go back to.
    expect(await opened('/login?redirect=%2Faccount')).toBe(false);
    expect(await opened('/saved/compare?ids=1,2')).toBe(false);
    expect(await opened('/bmi-calculator?system=imperial&feet=5&src=newsletter')).toBe(false);
  });

  it('sends a post no one has the page prerendered once for every post, as not found, which the app adopts at any id (decisions 140, 169)', async () => {
    // Without scripts: the site's header and footer, and the place the post will take.
    const still = await app.newPage({ javaScriptEnabled: false });
    expect((await still.goto('/posts/999999'))?.status()).toBe(404);
    expect(await still.getByRole('banner').getByRole('link', { name: 'Blog' }).isVisible()).toBe(true);
    expect(await still.getByText('Loading post...').isVisible()).toBe(true);
    expect(await still.getByRole('contentinfo').count()).toBe(1);
    expect(await still.title()).toBe('Post · Toolbox');

    // With them, the page the browser drew first is adopted, and says the post is not found.
    const page = await app.newPage();
    const problems = problemsOf(page);
    await markDrawnFirst(page, 'header');
    await page.goto('/posts/999999');
    await page.getByRole('heading', { level: 1, name: 'Post not found.' }).waitFor();
    expect(await page.locator('header[data-drawn-first]').count()).toBe(1);
    expect(problems).toEqual([]);

    // A path that cannot name a post is sent the not-found page, as a 404, and reads nothing
    // (decision 144).
    const reads = requestsUnder(page, '/api/posts/');
    expect((await page.goto('/posts/not-a-number'))?.status()).toBe(404);
    await page.getByRole('heading', { level: 1, name: '404 - Page Not Found' }).waitFor();
    await appReady(page);
    expect(await page.locator('header[data-drawn-first]').count()).toBe(1);
    expect(reads).toEqual([]);
    expect(problems).toEqual([]);
  });

  it("asks for a post with the page prerendered for every post, at its id, and the post's view reads that one request (decision 141)", async () => {
    const read = '/api/posts/999999/';
    const page = await app.newPage();
    const reads = requestsUnder(page, '/api/posts/');
    await page.goto('/posts/999999');
    await page.getByRole('heading', { level: 1, name: 'Post not found.' }).waitFor();
    expect(await page.locator(`link[rel="preload"][as="fetch"][href="${read}"]`).count()).toBe(1);
    expect(reads).toEqual([read]);

    // A signed-in reader's read carries a token: nothing is asked for before the app.
    const token = await adminToken(app.server);
    const signedIn = await app.newPage();
    await storeSession(signedIn, { token });
    await signedIn.goto('/posts/999999');
    await signedIn.getByRole('heading', { level: 1, name: 'Post not found.' }).waitFor();
    expect(await signedIn.locator('link[rel="preload"][as="fetch"]').count()).toBe(0);
  });

  it('marks the scripts a page runs as it starts for compiling as they load, and no script loaded later', async () => {
    const firstLine = async (path: string) =>
      (await (await fetch(new URL(path, app.url))).text()).slice(0, COMPILE_HINT.length);
    const started = new Set<string>();
    for (const route of ROUTES) {
      const html = await (await fetch(new URL(route, app.url))).text();
      for (const script of [entryOf(html), ...appScriptsOf(html)]) started.add(script);
    }
    expect(started.size).toBeGreaterThan(3);
    for (const script of started) expect(await firstLine(script), script).toBe(COMPILE_HINT);
    // A script only a feature loads, when it is used (the PDF reader of the file converter).
    const precached = await (await fetch(new URL('/sw.js', app.url))).text();
    const later = /assets\/pdfjs-[\w-]+\.js/.exec(precached)?.[0];
    expect(later).toBeDefined();
    expect(started.has(`/${later}`)).toBe(false);
    expect(await firstLine(`/${later}`)).not.toBe(COMPILE_HINT);
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

  it("serves the licences of every library its scripts and its workers' scripts bundle, in one file", async () => {
    const response = await fetch(new URL(`/${LICENCES_FILE}`, app.url), {
      headers: { 'Accept-Encoding': 'br' },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(response.headers.get('content-encoding')).toBe('br');
    const text = await response.text();
    // React (the page), comlink (the page and the compute worker), valibot (the compute worker), and
    // exceljs (the file converter's worker).
    for (const library of ['react', 'comlink', 'valibot', 'exceljs'])
      expect(text).toMatch(new RegExp(`^${library} \\d+\\.\\d+\\.\\d+ \\(`, 'm'));
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

  it('the app adopts a prerendered form as it stands: no field changes its id or its label under the visitor', async () => {
    const page = await app.newPage();
    // Every change of an id or of what points at one, from the first byte of the page on.
    await page.addInitScript(() => {
      const changes: string[] = [];
      Object.assign(window, { idChanges: changes });
      new MutationObserver((records) => {
        for (const { target, attributeName, oldValue } of records) {
          if (!(target instanceof Element) || !attributeName) continue;
          changes.push(
            `${target.tagName} ${attributeName}: ${oldValue} -> ${target.getAttribute(attributeName)}`,
          );
        }
      }).observe(document, {
        subtree: true,
        attributes: true,
        attributeOldValue: true,
        attributeFilter: ['id', 'for', 'aria-labelledby', 'aria-describedby'],
      });
    });
    await page.goto('/bmi-calculator');
    const weight = page.getByLabel('Weight (kg)');
    const prerenderedId = await weight.getAttribute('id');
    expect(prerenderedId).toBeTruthy();
    // The app holds the page, and the view is the app's once it answers a change only the app
    // makes: the units' labels. (A tool page's app starts once the visitor lets the page be.)
    await page.waitForFunction(() => document.documentElement.hasAttribute('data-ready'), undefined, {
      timeout: 20_000,
    });
    await page.getByRole('radio', { name: 'Imperial (lbs, ft, in)' }).check();
    await page.getByLabel('Weight (lbs)').waitFor();
    expect(await page.getByLabel('Weight (lbs)').getAttribute('id')).toBe(prerenderedId);
    expect(await page.evaluate(() => (window as unknown as { idChanges: string[] }).idChanges)).toEqual([]);
  });

  it('answers a path no route matches with the prerendered 404 page, which hydrates and leads home', async () => {
    const page = await app.newPage({ javaScriptEnabled: false });
    const response = await page.goto('/no-such-page/at-all');
    expect(response?.status()).toBe(404);
    expect(response?.headers()['content-type']).toContain('text/html');
    expect(await page.getByRole('heading', { level: 1, name: '404 - Page Not Found' }).isVisible()).toBe(
      true,
    );
    expect(await page.title()).toBe('Page Not Found · Toolbox');

    // A route the client renders (a post someone wrote, a signed-in page) is not a 404.
    const post = await createPost(app.server, await adminToken(app.server), { title: 'Written' });
    for (const known of [`/posts/${post.id}`, '/dashboard']) {
      expect((await page.goto(known))?.status(), known).toBe(200);
    }

    const live = await app.newPage();
    const problems = problemsOf(live);
    expect((await live.goto('/no-such-page'))?.status()).toBe(404);
    await live.waitForLoadState('networkidle');
    await live.getByRole('link', { name: 'Go to the home page' }).click();
    await live.getByRole('heading', { level: 1, name: 'Everyday calculators and converters' }).waitFor();
    expect(problems).toEqual([]);
  });

  it('Home starts the app at once with the scripts its HTML names, and the login card its code when the visitor reaches for it', async () => {
    const page = await app.newPage();
    const scripts: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (pathname.startsWith('/assets/') && pathname.endsWith('.js')) scripts.push(pathname);
    });
    const problems = problemsOf(page);
    await page.goto('/');
    expect(await page.title()).toBe(HOME_TITLE);
    // Home answers no form itself: its entry starts the app at once, with the scripts the page
    // preloads with it (decision 138).
    const html = await (await fetch(new URL('/', app.url))).text();
    const named = [entryOf(html), ...appScriptsOf(html)];
    expect(named.length).toBeGreaterThan(2);
    expect(listedScriptsOf(html)).toEqual([]);
    await expect.poll(() => scripts, { timeout: 10_000 }).toEqual(expect.arrayContaining(named));
    // Hydrated: the tool filter answers.
    await page.getByLabel('Find a tool').fill('bmi');
    await expect.poll(() => page.getByText(/^1 of \d+ tools match$/).count()).toBe(1);
    // The app names Home as its HTML did.
    expect(await page.title()).toBe(HOME_TITLE);
    // Once the page is idle, the code of the visitor's favourites and recent tools may follow; the
    // login card's code waits for the visitor to reach for it.
    expect(scripts.filter((path) => /\/login-/.test(path))).toEqual([]);

    // Typed into the card's HTML at once (focusing it starts loading its code): what was typed is
    // what gets sent, and the form is sent by the app, not as a plain GET carrying the password.
    await page.getByLabel('Username').fill('nobody-of-that-name');
    await page.getByLabel('Password', { exact: true }).fill('not a password at all');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByRole('alert').filter({ hasText: 'Login error: ' }).waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(scripts.length).toBeGreaterThan(1);
    expect(problems).toEqual([]);
  });
});
