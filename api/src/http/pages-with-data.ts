/**
 * Pages rendered with their data (decision 161). A route declared `renderedWithData` (the blog's
 * `/bloguser`, a post's `/posts/$id`) is prerendered at build time in its loading state, and the
 * build writes down the public API reads its views make as they open (`pages/rendered.json`; for a
 * route with parameters, the reads with the parameters in, decision 163). For a GET of such a path
 * without a query, or with one naming no key the page reads (`?utm_source=x`, decision 170), the
 * server asks those reads of itself, in-process and as a visitor, and sends
 * the page rendered with their answers by the build's own renderer (`.renderer/`, the app's React
 * tree): the first paint shows the posts, and the browser adopts the page with those answers
 * (QUERY_STATE). A rendered page is kept, with its compressed copies, while the reads answer the
 * same (the latest KEPT_PAGES paths). When a read does not answer 200, or the renderer is missing
 * or fails, the prerendered page is sent as it is: it fetches its data in the browser, and says so
 * there if that fails too. Its status says what the reads said (decision 169): 404 when what the
 * path names is not there (a post no one has, or a draft), 503 when the API could not answer.
 */
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  type PageWithData,
  RENDERED_PAGES_FILE,
  RENDERER_FILE,
  type RenderedPageEntry,
  readAt,
  renderedPageOf,
  withoutTrailingSlash,
} from '@toolbox/sdk/page-files';
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { type KeptBody, keptBody, send } from './answer-cache';
import { builtFile } from './built-file';
import { htmlSecurityHeaders } from './csp';

const HTML = 'text/html; charset=UTF-8';
/**
 * How many rendered pages are kept, the latest used: a route with parameters has a page for each of
 * its paths (a post each), and each kept page holds its compressed copies (about 30 KB in all).
 */
export const KEPT_PAGES = 200;

/** What the server needs of the build's renderer (platform/src/prerender.tsx). */
interface Renderer {
  pageWithData: PageWithData;
}

/** Asks the app for `read` (a path with its query under /api) as a visitor, in-process. */
export type ReadInProcess = (read: string, c: Context<AppEnv>) => Promise<Response>;

interface KeptPage extends KeptBody {
  /** The tags of the answers it was rendered with. */
  answers: string;
}

/** How the prerendered page is sent when the page is not rendered with its data. */
export interface Prerendered {
  status: 200 | 404 | 503;
  /** Headers the status needs (a 503's `Retry-After`). */
  headers: Readonly<Record<string, string>>;
}

/** As built, with success: the page reads its data in the browser. */
export const AS_PRERENDERED: Prerendered = Object.freeze({ status: 200, headers: Object.freeze({}) });

/**
 * The prerendered page's status when a read did not answer 200: not found when a read was not found
 * (the path names nothing a visitor may see), unavailable when a read failed on the server (with its
 * `Retry-After`), else a success, the page reading its data again in the browser.
 */
export function prerenderedAfter(read: readonly Response[]): Prerendered {
  if (read.some((answer) => answer.status === 404)) return { status: 404, headers: {} };
  const failed = read.find((answer) => answer.status >= 500);
  if (!failed) return AS_PRERENDERED;
  const retryAfter = failed.headers.get('Retry-After');
  return { status: 503, headers: retryAfter ? { 'Retry-After': retryAfter } : {} };
}

/** Puts `value` in `map` under `key` as the latest used, dropping the least recently used beyond `limit`. */
export function keepLatest<K, V>(map: Map<K, V>, key: K, value: V, limit: number): V {
  map.delete(key);
  map.set(key, value);
  for (const oldest of map.keys()) {
    if (map.size <= limit) break;
    map.delete(oldest);
  }
  return value;
}

/**
 * The renderer of the build the process started with, imported once. Node keeps a module for the
 * process's life, and its chunks import it by its own URL: a new build's renderer is not imported
 * again beside it. Once the file has changed, no page is rendered with it (its HTML would not match
 * the new build's scripts) until the server restarts.
 */
function theRenderer(file: string): () => Promise<Renderer> | undefined {
  let loaded: { mtimeMs: number; renderer: Promise<Renderer> } | undefined;
  return () => {
    let mtimeMs: number;
    try {
      mtimeMs = statSync(file).mtimeMs;
    } catch {
      return undefined;
    }
    loaded ??= { mtimeMs, renderer: import(pathToFileURL(file).href) as Promise<Renderer> };
    return loaded.mtimeMs === mtimeMs ? loaded.renderer : undefined;
  };
}

/**
 * The answer for `path` when it is a page rendered with its data, else undefined (the caller sends
 * the prerendered page).
 */
export function pagesWithData(staticDir: string, readInProcess: ReadInProcess) {
  const renderedPage = builtFile(join(staticDir, RENDERED_PAGES_FILE), (file) =>
    renderedPageOf(JSON.parse(readFileSync(file, 'utf8')) as RenderedPageEntry[]),
  );
  const renderer = theRenderer(join(staticDir, RENDERER_FILE));
  const readBuilt = (file: string) => readFileSync(join(staticDir, file), 'utf8');
  const kept = new Map<string, KeptPage>();
  // Imported as the server starts, not by its first visitor (a failure is met again at the render).
  if (renderedPage()) void renderer()?.catch(() => undefined);

  const keep = (path: string, page: KeptPage) => keepLatest(kept, path, page, KEPT_PAGES);
  /** The renders under way, by path and the answers they render. */
  const renders = new Map<string, Promise<KeptPage | Prerendered>>();

  async function render(
    c: Context<AppEnv>,
    entry: RenderedPageEntry,
    path: string,
  ): Promise<KeptPage | Prerendered> {
    const reads = entry.reads.map((read) => readAt(read, entry.path, path));
    const read = await Promise.all(reads.map((each) => readInProcess(each, c)));
    if (read.some((answer) => answer.status !== 200)) {
      await Promise.all(read.map((answer) => answer.body?.cancel()));
      return prerenderedAfter(read);
    }
    // A public read's tag is the digest of its body (conditional reads, decision 032): its body is
    // read only when the page is rendered again.
    const tags = read.map((answer) => answer.headers.get('ETag'));
    if (tags.some((tag) => !tag)) return AS_PRERENDERED;
    const answers = tags.join(' ');
    const previous = kept.get(path);
    if (previous?.answers === answers) return keep(path, previous);
    // Requests that come while the page is being rendered with these answers wait for that render:
    // the first visitors of a page, arriving together, cost one render, not one each in turn.
    const key = `${path} ${answers}`;
    let pending = renders.get(key);
    if (!pending) {
      pending = renderAnew(c, entry, path, answers, reads, read).finally(() => renders.delete(key));
      renders.set(key, pending);
    }
    return pending;
  }

  async function renderAnew(
    c: Context<AppEnv>,
    entry: RenderedPageEntry,
    path: string,
    answers: string,
    reads: string[],
    read: Response[],
  ): Promise<KeptPage | Prerendered> {
    const load = renderer();
    if (!load) return AS_PRERENDERED;
    try {
      const parsed = Object.fromEntries(
        await Promise.all(reads.map(async (each, index) => [each, await read[index]?.json()])),
      );
      const html = await (await load).pageWithData(path, readBuilt(entry.file), parsed, readBuilt);
      const body = new TextEncoder().encode(html);
      return keep(path, { ...keptBody(body, HTML, { smallest: true }), answers });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      c.get('logger').warn(
        `${path} could not be rendered with its data (${reason}): its prerendered page is sent`,
      );
      return AS_PRERENDERED;
    }
  }

  return async (c: Context<AppEnv>, path: string): Promise<Response | Prerendered> => {
    const trimmed = withoutTrailingSlash(path);
    const entry = renderedPage()?.(trimmed, new URL(c.req.url).search);
    if (!entry) return AS_PRERENDERED;
    const page = await render(c, entry, trimmed);
    if ('status' in page) return page;
    const headers = { 'Cache-Control': 'no-cache', ...htmlSecurityHeaders(join(staticDir, entry.file)) };
    // Unchanged for the browser: nothing is compressed for it.
    if (c.req.header('If-None-Match') === page.etag) {
      return new Response(null, {
        status: 304,
        headers: { ...headers, ETag: page.etag, Vary: 'Accept-Encoding' },
      });
    }
    const sent = send(page, c.req.header('Accept-Encoding'));
    return new Response(sent.body, { status: 200, headers: { ...sent.headers, ...headers } });
  };
}
