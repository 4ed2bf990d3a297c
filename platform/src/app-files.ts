/**
 * What a prerendered page leaves for the app to load when it starts (decision 084). The page paints
 * with the CSS its first paint needs inlined in its `<head>` (build/critical-css.ts). Its full
 * stylesheets are listed in a `<noscript>` (which applies them when scripts are off); the app loads
 * them when it starts. A page whose tool form the page answers fetches no more than its small entry
 * script (with its tool's compute: decision 093; and the API data its views read as they open:
 * decisions 133 and 134), so nothing competes with the visitor's first use of the page: the app's
 * scripts for it (the shell, the page's view and what they import) are in a JSON list, preloaded
 * when the app starts. Any other page starts the app at once and preloads them with its entry, in
 * its `<head>` (decision 138): it has no list.
 */

/** On the `<noscript>` holding the page's stylesheet links. */
export const DEFERRED_STYLES = 'data-deferred-styles';
/** On the `<script type="application/json">` listing the app's scripts for the page. */
export const APP_SCRIPTS = 'data-app-scripts';

/**
 * Loads the page's full stylesheets, in their order, and applies them together once each has loaded
 * (or failed to). Applied one by one as each arrived, the page would be restyled by a part of them
 * for a frame or more (a heading their first sheet sizes and their last one sizes back): a layout
 * shift (decision 103). Until then they load as print stylesheets, which apply to nothing on screen.
 */
export function loadDeferredStyles(): Promise<void> {
  const holder = document.querySelector(`noscript[${DEFERRED_STYLES}]`);
  if (!holder) return Promise.resolve();
  holder.removeAttribute(DEFERRED_STYLES);
  // With scripts on, a <noscript>'s content is text: the links as the build wrote them.
  const hrefs = [...(holder.textContent ?? '').matchAll(/href="([^"]+)"/g)].map(([, href = '']) => href);
  const links = hrefs.map((href) => {
    const link = document.createElement('link');
    link.rel = 'stylesheet';
    link.crossOrigin = '';
    link.media = 'print';
    link.href = href;
    return link;
  });
  const loaded = links.map(
    (link) =>
      new Promise<void>((resolve) => {
        link.addEventListener('load', () => resolve(), { once: true });
        link.addEventListener('error', () => resolve(), { once: true });
      }),
  );
  holder.before(...links);
  return Promise.all(loaded).then(() => {
    for (const link of links) link.removeAttribute('media');
  });
}

/**
 * What the build wrote into the page's `<script type="application/json">` marked `attribute`:
 * undefined when there is none, or it is not JSON. `once`: the mark is removed, so that it is read once.
 */
export function pageJson(attribute: string, { once = false } = {}): unknown {
  const script = document.querySelector(`script[${attribute}]`);
  if (!script) return undefined;
  if (once) script.removeAttribute(attribute);
  try {
    return JSON.parse(script.textContent ?? '');
  } catch {
    return undefined;
  }
}

/** Resolves in a task after this one, so that the main thread can answer the visitor between two steps. */
export const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * How many of the app's scripts are asked for in one task: each preload costs the main thread a few
 * milliseconds on a slow phone, and a page may list two dozen (decision 106).
 */
export const PRELOADS_PER_TASK = 3;

/**
 * Starts fetching the app's scripts for this page, in parallel (the app imports them next), in the
 * order the page lists them (the shell and React first), a few per task. Resolves once all are asked for.
 */
export async function preloadAppScripts(): Promise<void> {
  const files = pageJson(APP_SCRIPTS, { once: true });
  if (!Array.isArray(files)) return;
  const hrefs = files.filter((href): href is string => typeof href === 'string');
  for (let first = 0; first < hrefs.length; first += PRELOADS_PER_TASK) {
    if (first > 0) await nextTask();
    for (const href of hrefs.slice(first, first + PRELOADS_PER_TASK)) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
  }
}
