import type { Page, Route } from 'playwright-core';

export interface HeldRequests {
  /** The requests held so far. */
  held: Route[];
  /** Lets every held request, and every later one, through. */
  release(): Promise<void>;
}

/**
 * Holds a page's requests to `url` (a glob or a pattern, as `page.route` takes), as a slow network
 * does, except those `passes` lets through. Block the service worker for the page's own requests
 * to be the ones held.
 */
export async function holdRequests(
  page: Page,
  url: string | RegExp,
  passes: (route: Route) => boolean = () => false,
): Promise<HeldRequests> {
  const held: Route[] = [];
  let holding = true;
  await page.route(url, (route) => {
    if (holding && !passes(route)) held.push(route);
    else void route.continue();
  });
  return {
    held,
    async release() {
      holding = false;
      await Promise.all(held.splice(0).map((route) => route.continue()));
    },
  };
}

/**
 * Holds a page's scripts, as a slow network does. `entry: 'held'`: no script of the page runs;
 * `'runs'`: the page's entry runs (on a tool page it answers the form with the tool's compute, which
 * loads too) while the app's own scripts (the shell, the views, what they import) are held, so the
 * app cannot start.
 */
export async function holdScripts(
  page: Page,
  appUrl: string,
  path: string,
  { entry }: { entry: 'held' | 'runs' },
): Promise<HeldRequests> {
  const html = await (await fetch(new URL(path, appUrl))).text();
  const entrySrc = /<script type="module"[^>]* src="([^"]+)"/.exec(html)?.[1];
  if (!entrySrc) throw new Error(`${path} names no entry script`);
  // What the entry itself may load before the app: the tool's compute and the compute kit (and, for
  // the app's own calculations, the compute worker and comlink).
  const entryLoads = /\/assets\/(compute[.-]|comlink-)/;
  return holdRequests(page, '**/assets/*.js', (route) => {
    const { pathname } = new URL(route.request().url());
    return entry === 'runs' && (pathname === entrySrc || entryLoads.test(pathname));
  });
}
