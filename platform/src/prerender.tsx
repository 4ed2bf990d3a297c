/**
 * The build-time renderer (scripts/prerender.mjs builds it for Node and calls it): the HTML of a
 * public page, rendered from the app's own tree (app.tsx) for a visitor, after every lazy part of
 * the page (the tool's view, a page plugin's view) has loaded. The browser hydrates it (main.tsx).
 */
import { localStorageColorSchemeManager } from '@mantine/core';
import { createMemoryHistory } from '@tanstack/react-router';
import { pagePlugins, tools } from '@toolbox/plugins/registry';
import { type ApiClient, createApiClient, escapeHtml, withQuery } from '@toolbox/sdk';
import {
  NOT_FOUND_FILE,
  type OpeningAnswers,
  type PageWithData,
  type ParamForms,
  patternPageFile,
  prerenderedFile,
  QUERY_STATE,
  type RouteEntry,
  routeEntry,
} from '@toolbox/sdk/page-files';
import {
  documentTitle,
  noteOpeningData,
  noteOpeningQueries,
  openingQueryState,
  type PageHead,
  PageHeadNotes,
  QueryKeyNotes,
} from '@toolbox/sdk/react';
import { prerender } from 'react-dom/static';
import { criticalCss } from '../build/critical-css';
import { App } from './app';
import { APP_SCRIPTS, DEFERRED_STYLES } from './app-files';
import { NOT_FOUND_MARK } from './not-found-mark';
import { HOME_TITLE } from './pages/home-title';
import { PATTERN_READS } from './pattern-reads';
import { createAppRouter } from './router';
import { createSessionStore } from './session';

export interface PrerenderedPage {
  /** The path rendered. */
  path: string;
  title: string;
  description?: string;
  /**
   * The page's lazy view loader (`() => import(…)`): the build script reads the chunk it names to
   * name the view's scripts with the app's, preloaded with the entry or listed for the app to
   * preload when it starts (scripts/prerender.mjs).
   */
  view?: () => Promise<unknown>;
  /**
   * What `#root`'s data-prerendered holds when the page answers more paths than the one rendered:
   * a route's pattern (`/things/$id`), or NOT_FOUND_MARK. The page then preloads none of the rendered
   * path's API reads as they are (a pattern's page asks for them with its path's values in:
   * pattern-reads.ts). The path rendered by default.
   */
  mark?: string;
  /** Where the build writes it, in the built folder (`pages/about.html`). */
  file: string;
  /**
   * The server renders it at each request with its opening reads' answers (decision 161); a route's
   * pattern's page at each path of the route (decision 163).
   */
  withData?: boolean;
  /**
   * The keys of the query it reads (a route's `readsQuery`; none for Home and the not-found page):
   * `#root` names them (READS_QUERY), and the browser adopts the page at an address whose query
   * names none of them (decision 172). Not said: any key counts.
   */
  readsQuery?: readonly string[];
  /** A tool's page: the keys of the query it reads are its form's fields, as its form says them. */
  keysFromForm?: boolean;
  /** The forms of the parameters of the pattern it is marked with (a route's `params`). */
  params?: ParamForms;
  /** The sitemap lists it (decision 167): every page here but the not-found page and a route's `listed: false`. */
  listed?: boolean;
}

/**
 * The page the server sends, with status 404, for a path no route of the app matches. Prerendered
 * from the path below (which matches none); `#root` is marked with NOT_FOUND_MARK, not a path, so
 * the browser hydrates it at whatever unknown path it was sent for (main.tsx).
 */
export const NOT_FOUND_PAGE: PrerenderedPage = {
  path: '/404',
  title: documentTitle('Page Not Found'),
  mark: NOT_FOUND_MARK,
  file: NOT_FOUND_FILE,
  readsQuery: [],
};
export { EARLY_COMPUTES, EARLY_FORM, escapeHtml } from '@toolbox/sdk';
export {
  PAGES_DIR,
  READS_QUERY,
  RENDERED_PAGES_FILE,
  RENDERER_DIR,
  ROUTES_FILE,
  readsQueryValue,
  SITEMAP_PAGES_FILE,
} from '@toolbox/sdk/page-files';
export { withCompileHint } from '../build/compile-hints';
/** What the build needs to inline each page's critical CSS and leave the rest to the app. */
export { COMPUTE_CHUNKS_FILE } from '../build/compute-chunks-file';
export { pageQueryKeys } from '../build/page-query-keys';
export { PATTERN_READS, patternRead } from './pattern-reads';
export { APP_SCRIPTS, criticalCss, DEFERRED_STYLES };

/**
 * Every path pattern the client router knows (`/posts/$id` included), with the forms of its
 * parameters where a page route declares them: the server answers any other path with the
 * prerendered 404 page (the build writes them to dist/pages/routes.json).
 */
export function routePatterns(): RouteEntry[] {
  const router = createAppRouter(
    createSessionStore(undefined),
    createMemoryHistory({ initialEntries: ['/'] }),
  );
  const forms = new Map(
    pagePlugins.flatMap((plugin) => plugin.routes).map((route) => [route.path, route.params]),
  );
  return Object.keys(router.routesByPath).map((path) => routeEntry(path, forms.get(path)));
}

/**
 * Home, every tool, every public page plugin path open to anyone that has no parameter, and once
 * each such route with a parameter that names where to prerender it (`prerenderAt`, decision 140).
 */
export function pagesToPrerender(): PrerenderedPage[] {
  const pages: PrerenderedPage[] = [ownPage({ path: '/', title: HOME_TITLE, listed: true, readsQuery: [] })];
  for (const tool of tools) {
    pages.push(
      ownPage({
        path: tool.route,
        title: documentTitle(tool.label),
        description: tool.description,
        view: tool.view,
        listed: true,
        keysFromForm: true,
      }),
    );
  }
  for (const route of pagePlugins.flatMap((plugin) => plugin.routes)) {
    if (route.layout !== 'public' || route.access !== 'anyone') continue;
    const page = {
      title: documentTitle(route.title),
      view: route.view,
      listed: route.listed !== false,
      readsQuery: route.readsQuery,
    };
    if (!route.path.includes('$'))
      pages.push(ownPage({ ...page, path: route.path, withData: route.renderedWithData === true }));
    else if (route.prerenderAt) {
      const file = patternPageFile(route.path);
      const withData = route.renderedWithData === true;
      pages.push({
        ...page,
        path: route.prerenderAt,
        mark: route.path,
        file,
        withData,
        params: route.params,
      });
    }
  }
  return pages;
}

/** A page prerendered for its own path, written where the server looks for that path. */
function ownPage(page: Omit<PrerenderedPage, 'file'>): PrerenderedPage {
  const file = prerenderedFile(page.path);
  if (!file) throw new Error(`${page.path} cannot be the path of a prerendered page`);
  return { ...page, file };
}

/** A rendered page: the HTML inside #root, and the API reads its views make as they open. */
export interface RenderedPage {
  html: string;
  /** Paths with their query (`/api/data/rates/?base=USD`): the build preloads them with the page. */
  data: string[];
  /** The keys of the address's query its views said they read as they rendered (`useQueryRead`, a tool's form). */
  queryKeys: string[];
}

/** The app's tree for `path` rendered to HTML: the HTML, the reads its views asked for as they opened, and those reads' fetches. */
async function renderOnce(
  path: string,
  api: ApiClient,
  noteHead: (head: PageHead) => void = () => {},
  noteKeys: (keys: readonly string[]) => void = () => {},
) {
  const errors: unknown[] = [];
  const session = createSessionStore(undefined);
  const router = createAppRouter(session, createMemoryHistory({ initialEntries: [path] }));
  await router.load();
  const { rendered, fetchers } = await noteOpeningData(() =>
    prerender(
      <PageHeadNotes value={noteHead}>
        <QueryKeyNotes value={noteKeys}>
          <App
            router={router}
            api={api}
            session={session}
            compute={{
              run: () => Promise.reject(new Error('No computing while prerendering.')),
              prepare: async () => {},
            }}
            colorSchemeManager={localStorageColorSchemeManager()}
          />
        </QueryKeyNotes>
      </PageHeadNotes>,
      {
        onError: (error) => void errors.push(error),
        // Every part inline, in place: a part sent apart would wait, hidden, for a script to show it.
        progressiveChunkSize: Number.POSITIVE_INFINITY,
      },
    ),
  );
  if (errors.length > 0) throw errors[0];
  return { html: await new Response(rendered.prelude).text(), fetchers };
}

/** An API client that writes down the reads it is asked for and answers them from `answers` (else never). */
function notingApi(data: Set<string>, answers: OpeningAnswers | undefined): ApiClient {
  return {
    ...createApiClient({ getToken: () => null }),
    get: (requested, query) => {
      const url = withQuery(new URL(requested, 'http://prerender.invalid'), query);
      const read = `${url.pathname}${url.search}`;
      data.add(read);
      if (answers === undefined) return new Promise(() => {});
      return Object.hasOwn(answers, read)
        ? Promise.resolve(structuredClone(answers[read]) as never)
        : Promise.reject(new Error(`${read} was not answered`));
    },
  };
}

/**
 * The HTML inside #root for `path`, once everything the page loads lazily has rendered, and the data
 * its views ask for as they open, through `useCachedData` or TanStack Query (decisions 133 and 134).
 * A part that fails to render fails the page (the build reports it and the shell answers for that
 * path). Nothing is fetched: the page renders its data's loading state.
 */
export async function renderPage(path: string): Promise<RenderedPage> {
  return rendering(async () => {
    const openingQueries = noteOpeningQueries();
    const data = new Set<string>();
    const queryKeys = new Set<string>();
    const { html, fetchers } = await renderOnce(path, notingApi(data, undefined), undefined, (keys) => {
      for (const key of keys) queryKeys.add(key);
    });
    // Each fetch names its read (written down above); none is answered.
    for (const fetcher of [...fetchers, ...openingQueries()]) void fetcher();
    return { html, data: [...data], queryKeys: [...queryKeys] };
  });
}

/**
 * The HTML inside #root for `path` rendered with its data (decision 161): the page's queries are
 * answered from `answers` and the page rendered again with what they answered, which `state` holds
 * for the browser (QUERY_STATE). A query whose read `answers` lacks renders loading. `head` is what
 * its views last said of the page as it rendered with its data (`usePageHead`), if they said.
 */
export async function renderPageWithData(
  path: string,
  answers: OpeningAnswers,
): Promise<{ html: string; state: unknown; head: PageHead | undefined }> {
  return rendering(async () => {
    const openingQueries = noteOpeningQueries();
    const api = notingApi(new Set(), answers);
    await renderOnce(path, api);
    await Promise.allSettled(openingQueries().map((fetch) => fetch()));
    let head: PageHead | undefined;
    const { html } = await renderOnce(path, api, (said) => {
      head = said;
    });
    return { html, state: openingQueryState(), head };
  });
}

/** One render at a time: the query cache they fill is the app's one (sharedQueryClient). */
let lastRender: Promise<unknown> = Promise.resolve();
function rendering<T>(render: () => Promise<T>): Promise<T> {
  const next = lastRender.then(render, render);
  lastRender = next.catch(() => undefined);
  return next;
}

const ROOT_OPEN = /<div id="root" data-prerendered="[^"]*"([^>]*)>/;
const ROOT_END = '</div>\n    <template id="page-end">';
/** A pattern's page asks for its reads with the page (pattern-reads.ts): rendered with them, it has them. */
const PATTERN_READS_LIST = new RegExp(`\\s*<script type="application/json" ${PATTERN_READS}>.*?</script>`);
/** The page's title and, after it, the card a shared link's preview reads (written by `withHead`). */
const TITLE_AND_CARD =
  /<title>[^<]*<\/title>(?:\s*<meta (?:property="og:\w+"|name="twitter:card") content="[^"]*" \/>)*/;
const DESCRIPTION = /<meta name="description" content="[^"]*" \/>/;

/** What a page's `<head>` says of it: a view's `PageHead`, with the title whole (the site's name in). */
export type HeadOfPage = PageHead;

/**
 * `html` (a page of the build) with `title`, and with `description` where there is one (else the
 * site's), and the card a service shows when a link to the page is shared (Open Graph, read by chat
 * apps and social sites): the title, the description and the image, when given.
 */
export function withHead(html: string, { title, description, image }: HeadOfPage): string {
  const meta = (key: string, value: string) =>
    `\n    <meta ${key.startsWith('og:') ? 'property' : 'name'}="${key}" content="${escapeHtml(value)}" />`;
  const card = [
    meta('og:title', title),
    description ? meta('og:description', description) : '',
    image ? meta('og:image', image) : '',
    meta('twitter:card', image ? 'summary_large_image' : 'summary'),
  ].join('');
  const titled = html.replace(TITLE_AND_CARD, () => `<title>${escapeHtml(title)}</title>${card}`);
  return !description
    ? titled
    : titled.replace(DESCRIPTION, () => `<meta name="description" content="${escapeHtml(description)}" />`);
}
const INLINED_STYLE = /<style>[\s\S]*?<\/style>/;
const STYLESHEET_HREF = /<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g;
const MODULE_PRELOAD = /<link rel="modulepreload" crossorigin href="([^"]+)">/g;
const FETCH_PRELOAD = /<link rel="preload" as="fetch" crossorigin href="[^"]+">/;

/**
 * The page of `path` rendered with its data (decision 161): its page prerendered at build time
 * (`template`), with #root rendered with `answers`, its inlined CSS made for what is now on it, the
 * answers for the browser's query cache, and the app's scripts listed for the app (main.tsx starts
 * it when the visitor lets the page be). `readFile` reads a file of the built folder (the
 * page's stylesheets, named in its `<noscript>`).
 */
export const pageWithData: PageWithData = async (path, template, answers, readFile) => {
  // The page of a route's pattern is marked with the pattern: rendered for one path, it is that path's.
  const mark = ROOT_OPEN.exec(template);
  const open = `<div id="root" data-prerendered="${escapeHtml(path)}"${mark?.[1] ?? ''}>`;
  const start = mark?.index ?? -1;
  const end = template.lastIndexOf(ROOT_END);
  const deferred = new RegExp(`<noscript ${DEFERRED_STYLES}>(.*?)</noscript>`).exec(template)?.[1];
  if (start < 0 || end < start || deferred === undefined || !INLINED_STYLE.test(template)) {
    throw new Error(`the page prerendered for ${path} is not of the build's shape`);
  }
  const { html, state, head: said } = await renderPageWithData(path, answers);
  // Whole without the app, the page starts it when the visitor lets it be, as a page that answers
  // its form does: the app's scripts are listed for it to preload then, rather than preloaded with
  // the page, and the reads the page was rendered with are not asked for again with it.
  const scripts = [...template.slice(0, start).matchAll(MODULE_PRELOAD)].map(([, href]) => href);
  const listed = JSON.stringify(scripts).replaceAll('<', '\\u003c');
  const head = template
    .slice(0, start)
    .replace(new RegExp(`\\s*${MODULE_PRELOAD.source}|\\s*${FETCH_PRELOAD.source}`, 'g'), '')
    .replace('</head>', `  <script type="application/json" ${APP_SCRIPTS}>${listed}</script>\n  </head>`);
  const whole = `${head}${open}${html}${template.slice(end)}`.replace(PATTERN_READS_LIST, '');
  // Named after what it shows (a post's title), as the app will name it.
  const page = said ? withHead(whole, { ...said, title: documentTitle(said.title) }) : whole;
  const sheets = [...deferred.matchAll(STYLESHEET_HREF)].map(([, file = '']) => readFile(file));
  const css = criticalCss(page.replace(INLINED_STYLE, ''), sheets);
  const json = JSON.stringify(state).replaceAll('<', '\\u003c');
  return page.replace(
    INLINED_STYLE,
    () => `<style>${css}</style>\n    <script type="application/json" ${QUERY_STATE}>${json}</script>`,
  );
};
