/**
 * Which built file answers a page: the one rule of the server (api/src/http/static.ts) and of the
 * service worker (platform/src/sw.ts), so a page is the same whether it comes from the network or
 * from the precache (decision 083). Pure: the caller says which files the build left and which
 * paths the app's routes match. File names are relative to the built folder (`platform/dist`).
 *
 * A page is the HTML prerendered at build time for its path (`pages/<path>.html`, `pages/index.html`
 * for `/`) when there is one, else, for a path one of the app's routes matches (the patterns in
 * `pages/routes.json`), the page prerendered once for that route's pattern when there is one
 * (`pages/posts/$id.html`, decision 140) or the app shell (`index.html`, which the client router
 * renders), else the prerendered not-found page (`pages/404.html`), sent with status 404. A route
 * whose parameters are declared of a form (`params`, decision 144) matches only the paths whose
 * values are of it.
 */

/** Where the build writes prerendered pages, inside the built folder. */
export const PAGES_DIR = 'pages';
/** The empty app shell. */
export const SHELL_FILE = 'index.html';
/** The prerendered page of paths no route matches. */
export const NOT_FOUND_FILE = `${PAGES_DIR}/404.html`;
/** The licences of the libraries the app's scripts bundle, a text file (platform/build/bundled-licences.ts). */
export const LICENCES_FILE = 'third-party-licences.txt';
/**
 * The pages the server renders at each request with their data (a route's `renderedWithData`,
 * decision 161): a JSON list of `RenderedPageEntry`.
 */
export const RENDERED_PAGES_FILE = `${PAGES_DIR}/rendered.json`;
/**
 * A page the server renders with its data: its path, its prerendered file, its opening API reads.
 * For a route with parameters (decision 163), `path` is the route's pattern (`/posts/$id`), `params`
 * the forms of its parameters, and each read names them where the path's values go
 * (`/api/posts/$id/`, `readAt`).
 */
export interface RenderedPageEntry {
  path: string;
  file: string;
  reads: string[];
  params?: ParamForms;
  /**
   * The keys of the address's query the page reads (a route's `readsQuery`): an address whose query
   * has none of them is rendered as the path alone. Absent: any query counts (decision 170).
   */
  query?: string[];
}
/**
 * The attribute of the `<script type="application/json">` in which a page rendered by the server
 * with its data carries the answers of its queries: the browser's query cache starts with them, so
 * the page is adopted as it was rendered, and the page is whole before the app starts.
 */
export const QUERY_STATE = 'data-query-state';
/**
 * The build's renderer of pages for Node (platform/src/prerender.tsx, built as `prerender.js`) and
 * its chunks, inside the built folder: the server loads it and never serves it.
 */
export const RENDERER_DIR = '.renderer';
export const RENDERER_FILE = `${RENDERER_DIR}/prerender.js`;
/** What a page's opening reads answered: each read's JSON, by its path with its query. */
export type OpeningAnswers = Readonly<Record<string, unknown>>;
/**
 * What the server calls of the renderer (its export `pageWithData`): the page of `path` rendered
 * with `answers`, from `template` (the page prerendered for it), `readFile` reading a file of the
 * built folder.
 */
export type PageWithData = (
  path: string,
  template: string,
  answers: OpeningAnswers,
  readFile: (file: string) => string,
) => Promise<string>;
/**
 * The pages the sitemap (`/sitemap.xml`, decision 167) lists: a JSON list of `SitemapPage`, Home and
 * every tool first, in the order of the app's registry.
 */
export const SITEMAP_PAGES_FILE = `${PAGES_DIR}/sitemap.json`;
/**
 * A page the sitemap lists: its path, or for a route with a parameter its pattern (`/posts/$id`)
 * with the API reads its page makes at each path (`/api/posts/$id/`), which tell the server what
 * the route's paths are.
 */
export interface SitemapPage {
  path: string;
  reads?: string[];
}
/** The route patterns of the app (`/posts/$id`), a JSON list. */
export const ROUTES_FILE = `${PAGES_DIR}/routes.json`;
/**
 * The start of the name of the service worker's cache of prerendered pages stored under the paths
 * they answer (decision 097); a digest of the deployment's pages follows it.
 */
export const PAGES_BY_PATH_CACHE_PREFIX = 'toolbox-pages-';

/** `/api` and what is under it: never a page. */
export const isApiPath = (path: string): boolean => path === '/api' || path.startsWith('/api/');

/** A path whose last segment has an extension names a file: a missing one is 404, not the app. */
export const namesAFile = (path: string): boolean => /\.[^/]+$/.test(path);

/** The paths a page can have (`/a/b`), its trailing slash aside, and the files of those pages. */
const PAGE_PATH = '(?:/[A-Za-z0-9_-]+)+';
const PAGE_PATH_EXPRESSION = new RegExp(`^${PAGE_PATH}$`);
const PAGE_FILE_EXPRESSION = new RegExp(`^${PAGES_DIR}(${PAGE_PATH})\\.html$`);

/** A page answers its path with or without trailing slashes: `/a/b/` → `/a/b`, `/` → ``. */
export function withoutTrailingSlash(path: string): string {
  return path.replace(/\/+$/, '');
}

/** `/` → pages/index.html, `/a/b/` → pages/a/b.html; null for a path that cannot name a page. */
export function prerenderedFile(path: string): string | null {
  const trimmed = withoutTrailingSlash(path);
  if (trimmed === '') return `${PAGES_DIR}/index.html`;
  if (!PAGE_PATH_EXPRESSION.test(trimmed) || `${PAGES_DIR}${trimmed}.html` === NOT_FOUND_FILE) return null;
  return `${PAGES_DIR}${trimmed}.html`;
}

/**
 * The path a prerendered page answers, its trailing slash aside (`pages/index.html` → `/`,
 * `pages/a/b.html` → `/a/b`): the inverse of `prerenderedFile`. Null for any other file, the
 * not-found page included (it answers no path of its own).
 */
export function prerenderedPath(file: string): string | null {
  const match = PAGE_FILE_EXPRESSION.exec(file);
  if (!match?.[1] || file === NOT_FOUND_FILE) return null;
  return match[1] === '/index' ? '/' : match[1];
}

/**
 * The page prerendered once for every path of a route with a parameter: `/posts/$id` →
 * `pages/posts/$id.html` (a `$` is in no path `prerenderedFile` names, nor in any it answers).
 */
export const patternPageFile = (pattern: string): string => `${PAGES_DIR}${pattern}.html`;

/**
 * The forms a route's parameter may be declared to take (a page route's `params`, decision 144): a
 * path whose value is not of its parameter's form is no path of the route, and gets the not-found
 * page. `id`: a database id, a whole number from 1 without a leading zero, at most 15 digits (so a
 * safe integer).
 */
export const PARAM_FORMS = { id: '[1-9][0-9]{0,14}' } as const;
export type ParamForm = keyof typeof PARAM_FORMS;
/** A route's parameters (by name, without the `$`) and the form of each. */
export type ParamForms = Readonly<Record<string, ParamForm>>;

const isParamForm = (form: unknown): form is ParamForm =>
  typeof form === 'string' && Object.hasOwn(PARAM_FORMS, form);

/**
 * A test of a route's parameters as the path gave them: whether each declared one is of its form.
 * The expressions are made once, for a test the router runs on every match.
 */
export function paramsFit(
  forms: ParamForms,
): (values: Readonly<Record<string, string | undefined>>) => boolean {
  const tests = Object.entries(forms).map(
    ([name, form]) => [name, new RegExp(`^(?:${PARAM_FORMS[form]})$`)] as const,
  );
  return (values) => tests.every(([name, expression]) => expression.test(values[name] ?? ''));
}

/**
 * A router pattern (`/posts/$id`, `/files/$` for the rest of a path) as a regular expression; a
 * parameter named in `forms` matches only a value of its form.
 */
export function patternToRegExp(pattern: string, forms: ParamForms = {}): RegExp {
  const segments = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment === '$') return '.*';
      if (segment.startsWith('$')) {
        const form = forms[segment.slice(1)];
        return form ? `(?:${PARAM_FORMS[form]})` : '[^/]+';
      }
      return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    });
  return new RegExp(`^/${segments.join('/')}/?$`);
}

/** The values `path` gives the parameters of `pattern` (a path the pattern matches), by name (`$id`). */
export function paramValues(pattern: string, path: string): Map<string, string> {
  const given = path.split('/');
  const values = new Map<string, string>();
  pattern.split('/').forEach((segment, index) => {
    if (segment.startsWith('$')) values.set(segment, given[index] ?? '');
  });
  return values;
}

/**
 * A read written with the parameters of `pattern` (`/api/things/$id/`) as it is made at `path`,
 * a path the pattern matches: each parameter replaced by the path's value (`/api/things/7/`).
 */
export function readAt(read: string, pattern: string, path: string): string {
  const values = paramValues(pattern, path);
  return read.replace(/\$\w+/g, (name) => values.get(name) ?? name);
}

/** The keys of a query that tag a link rather than name what a page shows (see isTrackingKey). */
const TRACKING_KEYS = new Set([
  'fbclid',
  'gclid',
  'gbraid',
  'wbraid',
  'dclid',
  'msclkid',
  'yclid',
  'twclid',
  'ttclid',
  'igshid',
  'li_fat_id',
  'mc_cid',
  'mc_eid',
  '_ga',
  '_gl',
  'ref',
]);

/**
 * Whether `key` is one a link's query carries for whoever sent the visitor (a campaign's `utm_*`
 * tags, a network's click id, `ref`), which no page of the app reads (decision 171): a tool's field
 * may not be named so (the build checks the fields it renders).
 */
export const isTrackingKey = (key: string): boolean => key.startsWith('utm_') || TRACKING_KEYS.has(key);

/** The query `search` (`?weight=70&utm_source=news`) as a page reads it: its tracking keys left out. */
export function pageQuery(search: string): URLSearchParams {
  const query = new URLSearchParams(search);
  for (const key of [...query.keys()]) if (isTrackingKey(key)) query.delete(key);
  return query;
}

/**
 * The attribute of a prerendered page's `#root` that names the keys of the query the page reads (a
 * route's `readsQuery`, or a tool's form fields: decision 172), space-separated; empty when it reads
 * none. Absent: the page may read any key (nothing said what it reads).
 */
export const READS_QUERY = 'data-reads-query';

/** `keys` as READS_QUERY holds them. */
export const readsQueryValue = (keys: readonly string[]): string => keys.join(' ');

/** The keys READS_QUERY holds (`value`, the attribute's), or undefined for a page that did not say. */
export const readsQueryOf = (value: string | null | undefined): string[] | undefined =>
  value == null ? undefined : value.split(' ').filter((key) => key !== '');

/**
 * Whether the query `search` (`?page=2&utm_source=x`, or '') names a key a page reading `read` reads:
 * any key but a link's tracking tags (decision 171) when `read` is not said (decisions 170, 172).
 * An address whose query names none shows what its path alone shows.
 */
export function namesKeyRead(search: string, read: readonly string[] | undefined): boolean {
  return [...pageQuery(search).keys()].some((key) => read === undefined || read.includes(key));
}

/**
 * The entry of `entries` (RENDERED_PAGES_FILE) that renders `path` with its data, its trailing slash
 * aside, when asked for with the query `search` (`?utm_source=x`, or ''); undefined when none does,
 * the one that matches reads nothing, or the query names a key the page reads (namesKeyRead), so
 * that its data is not the path's alone (decision 170). The server renders such an address with the
 * path's data; the service worker asks the server for it first.
 */
export function renderedPageOf(
  entries: readonly RenderedPageEntry[],
): (path: string, search?: string) => RenderedPageEntry | undefined {
  const rendered = entries
    .filter((entry) => entry.reads.length > 0)
    .map((entry) => ({ entry, matches: patternToRegExp(entry.path, entry.params) }));
  return (path, search = '') => {
    const trimmed = withoutTrailingSlash(path);
    const entry = rendered.find(({ matches }) => matches.test(trimmed))?.entry;
    return entry && !namesKeyRead(search, entry.query) ? entry : undefined;
  };
}

/**
 * One route of `pages/routes.json`: its pattern, or its pattern and the forms of its parameters
 * when it declares them.
 */
export type RouteEntry = string | { path: string; params: ParamForms };

/** A route as `pages/routes.json` lists it. */
export const routeEntry = (path: string, params?: ParamForms): RouteEntry =>
  params && Object.keys(params).length > 0 ? { path, params } : path;

/** The pattern and parameter forms of an entry read from `pages/routes.json` (unknown forms: any value). */
function readRouteEntry(entry: unknown): { path: string; forms: ParamForms } {
  if (typeof entry !== 'object' || entry === null) return { path: String(entry), forms: {} };
  const { path, params } = entry as { path?: unknown; params?: unknown };
  const forms: Record<string, ParamForm> = {};
  if (typeof params === 'object' && params !== null) {
    for (const [name, form] of Object.entries(params)) if (isParamForm(form)) forms[name] = form;
  }
  return { path: String(path), forms };
}

/**
 * Which route of the app matches a path: its pattern (`/posts/$id`), `false` for none, `true` for
 * a path that counts as known without a pattern to say which.
 */
export type AppRouteOf = (path: string) => string | boolean;

/**
 * The route of the app that matches a path, by the entries of `pages/routes.json` as parsed (the
 * first that matches). Anything but a list (the file missing or unreadable) makes every path count
 * as known.
 */
export function appRouteOf(entries: unknown): AppRouteOf {
  if (!Array.isArray(entries)) return () => true;
  const routes = entries.map((entry) => {
    const { path, forms } = readRouteEntry(entry);
    return { pattern: path, expression: patternToRegExp(path, forms) };
  });
  return (path) => routes.find(({ expression }) => expression.test(path))?.pattern ?? false;
}

/** The file that answers a page, and why: `not-found` is sent with status 404. */
export interface PageAnswer {
  kind: 'prerendered' | 'shell' | 'not-found';
  file: string;
}

/**
 * The file that answers the page at `path` (a URL's path, without its query): `exists` tells
 * whether the build left a file, `routeOf` which route of the app matches the path (asked only when
 * the path has no prerendered page of its own). Without a not-found page the shell answers.
 */
export function pageAnswer(path: string, exists: (file: string) => boolean, routeOf: AppRouteOf): PageAnswer {
  const prerendered = prerenderedFile(path);
  if (prerendered && exists(prerendered)) return { kind: 'prerendered', file: prerendered };
  const route = routeOf(path);
  if (route === false && exists(NOT_FOUND_FILE)) return { kind: 'not-found', file: NOT_FOUND_FILE };
  const forPattern = typeof route === 'string' && route.includes('$') ? patternPageFile(route) : null;
  if (forPattern && exists(forPattern)) return { kind: 'prerendered', file: forPattern };
  return { kind: 'shell', file: SHELL_FILE };
}
