/**
 * What a first visit transfers, as Chromium records it: the JavaScript of each file as sent (its
 * encoded body, with the Content-Encoding the server chose) and the number of requests. Shared by
 * `npm run bench` (which reports it) and the browser test that holds the app to its budgets.
 */
import { EARLY_RESULT } from '@toolbox/platform/src/early-answer';
import type { BrowserContext, BrowserContextOptions, Page, Request } from 'playwright-core';

/**
 * The first page's JavaScript as transferred, at most (Home, a fresh visitor). It holds the whole
 * registry: each tool adds about 70 B to it (decisions 146, 147, which say what to do when it binds).
 */
export const FIRST_PAGE_BUDGET_BYTES = 110 * 1024;
/** What a tool page may add to the first page's JavaScript, at most (its map drawn with a result aside). */
export const TOOL_PAGE_BUDGET_BYTES = 15 * 1024;
/** How many scripts a tool page opened from a shared link may ask for before a result shows, at most. */
export const SCRIPTS_BEFORE_RESULT_BUDGET = 12;

export const TOOL_LINK = '/temperature-converter?value=100&from=Celsius&to=Fahrenheit';
export const BMI_LINK = '/bmi-calculator?system=metric&weight=70&height=1.75';
export const CURRENCY_LINK = '/currency-converter?amount=100&from=USD&to=EUR';
/** Once its first result is drawn the fuel page also asks the API for its map: measured once the map is drawn. */
export const FUEL_LINK = '/fuel-cost-converter?from=Kampala&to=Mbale&country=UG&currency=UGX';
/** More tool pages whose additions are reported: searchable lists (currency, time zone, shoe size), data and charts (financial). */
export const MORE_TOOL_LINKS = [
  BMI_LINK,
  '/unit-converter?amount=10&from=m&to=ft',
  CURRENCY_LINK,
  '/financial-calculator?type=simple-interest&principal=1000&rate=5&time=2',
  // The other searchable lists (the SDK's SearchableSelect).
  '/timezone-converter?datetime=2026-07-01T12:00&from=America%2FNew_York&to=Europe%2FLondon',
  '/shoe-size-converter?from=United%20States&to=France&gender=men&size=9',
  FUEL_LINK,
];
/** Tool pages measured before any result (what the page itself adds until a first calculation). */
export const FORM_LINKS = ['/fuel-cost-converter', '/meme-converter', '/file-converter'];
/**
 * The page plugins' public pages (blog, account, information), and how many scripts each may ask for
 * in all, at most: their views share the page kit (decision 137). Before it, the login page asked
 * for 37 and the blog 31.
 */
export const PAGE_LINKS = ['/bloguser', '/login', '/sign-up', '/about', '/faq', '/contact'];
export const PAGE_SCRIPTS_BUDGET = 18;
/**
 * The JavaScript each of those pages transfers in all, at most (the blog list, the heaviest, about
 * 143 KB): a component that joins the page kit, which every one of them loads, shows here.
 */
export const PAGE_BUDGET_BYTES = 145 * 1024;

export interface Visit {
  /** script URL → bytes of its body as transferred */
  scripts: Map<string, number>;
  encodings: Set<string>;
  requests: number;
  transferred: number;
  /** Scripts asked for (the page's and its workers') by the moment `shown` held, when given. */
  scriptsBeforeShown?: number;
}

export const toolResult = (page: Page) => page.getByTestId('tool-result').waitFor();
/** A result on screen: the app's, or the one the page answers itself before the app starts (decision 084). */
export const RESULT = `[data-testid="tool-result"], [${EARLY_RESULT}]`;
/**
 * Holds once a result is on screen, looked for at every frame (a locator's wait polls up to 500 ms
 * apart, and what the page asks for meanwhile would count as asked before it).
 */
export const firstResultShown = (page: Page) =>
  page.waitForFunction((selector) => document.querySelector(selector)?.checkVisibility() === true, RESULT, {
    polling: 'raf',
  });
export const routeMap = (page: Page) => page.getByTestId('route-map').waitFor();
export const heading = (page: Page) => page.getByRole('heading', { level: 1 }).waitFor();

/** A script the page or one of its workers asked for, by its type or its name. */
const isScript = (request: Request) => request.resourceType() === 'script' || request.url().endsWith('.js');

/**
 * Opens `url` cold (a fresh context from `newContext`, no service worker, empty HTTP cache) and
 * returns what it transferred once `ready` holds and the network is idle.
 */
export async function visit(
  newContext: (options: BrowserContextOptions) => Promise<BrowserContext>,
  url: string,
  ready?: (page: Page) => Promise<unknown>,
  shown?: (page: Page) => Promise<unknown>,
): Promise<Visit> {
  const context = await newContext({ serviceWorkers: 'block' });
  try {
    const page = await context.newPage();
    const result: Visit = { scripts: new Map(), encodings: new Set(), requests: 0, transferred: 0 };
    const reading: Promise<void>[] = [];
    const asked = new Set<string>();
    page.on('request', (request) => {
      if (isScript(request)) asked.add(request.url());
    });
    page.on('requestfinished', (request) => {
      result.requests += 1;
      reading.push(
        request.sizes().then(async (sizes) => {
          result.transferred += sizes.responseBodySize + sizes.responseHeadersSize;
          if (!isScript(request)) return;
          const response = await request.response();
          // A worker's own script reports no body size to the page: its Content-Length (the
          // encoded body, as sent) stands in. A file asked for again (the compute the page ran,
          // then imported by the worker) comes from the cache: nothing more transferred.
          const scriptUrl = request.url();
          const length = Number(response?.headers()['content-length'] ?? 0);
          const size =
            sizes.responseBodySize > 0 ? sizes.responseBodySize : result.scripts.has(scriptUrl) ? 0 : length;
          result.scripts.set(scriptUrl, (result.scripts.get(scriptUrl) ?? 0) + size);
          result.encodings.add(response?.headers()['content-encoding'] ?? 'identity');
        }),
      );
    });
    // Watched from the start: the scripts are counted as it holds, not once all is quiet.
    const shownAfter = shown?.(page).then(() => asked.size);
    await page.goto(url, { waitUntil: 'networkidle' });
    await ready?.(page);
    result.scriptsBeforeShown = await shownAfter;
    await page.waitForLoadState('networkidle');
    // What finishes from here on is not this visit's (and would be read from a closed context).
    page.removeAllListeners('requestfinished');
    await Promise.all(reading);
    return result;
  } finally {
    await context.close();
  }
}

/** Bytes as the bench and the budget test write them: kilobytes of 1024, one decimal. */
export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export const sum = (sizes: Iterable<number>) => [...sizes].reduce((a, b) => a + b, 0);

/** The scripts of `scripts` the first page did not load, with their sizes. */
export const addedTo = (first: Visit, scripts: Map<string, number>): [string, number][] =>
  [...scripts].filter(([url]) => !first.scripts.has(url));
