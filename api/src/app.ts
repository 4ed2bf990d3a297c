/**
 * The HTTP application: middleware, one router per resource under /api, the error and not-found
 * answers, and (when built) the platform's static files. No listening here: see server.ts.
 *
 * Adding a resource: write `routes/<resource>.ts` exporting `<resource>Routes(…)`, a function that
 * builds and returns its `new Hono<AppEnv>()` (taking what it needs as arguments: the data
 * providers, the tool registry…), with paths WITHOUT a trailing slash ('/', '/:id', '/:id/like'),
 * then mount it below with `.route('/<resource>', <resource>Routes(…))`; the queries go to a
 * domain module (`blog/posts.ts`, `profiles/profiles.ts`). The app is not strict about trailing slashes, so both
 * `/api/posts/3/` (the spec's form) and `/api/posts/3` reach the same handler.
 */
import type { IncomingMessage } from 'node:http';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { HTTPException } from 'hono/http-exception';
import { secureHeaders } from 'hono/secure-headers';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { sessionMiddleware } from './auth/middleware';
import { createOfficeEngine, type OfficeEngine } from './convert/office';
import type { Database } from './db/client';
import {
  DATABASE_RETRY_AFTER_S,
  DATABASE_UNAVAILABLE,
  isDatabaseUnavailable,
  isWriteConflict,
  WRITE_CONFLICT,
} from './db/unavailable';
import type { AppEnv } from './env';
import { notFoundOrNotAllowed } from './http/allowed-methods';
import { AnswerCache, DEFAULT_ANSWER_CACHE_ENTRIES } from './http/answer-cache';
import { compressJson } from './http/compress-json';
import type { ReadInProcess } from './http/pages-with-data';
import { sitemapRoutes } from './http/sitemap';
import { serveApp } from './http/static';
import { textInputGuard } from './http/text-input';
import { createLogger, type Logger } from './logger';
import { authRoutes } from './routes/auth';
import { commentsRoutes } from './routes/comments';
import { contactRoutes } from './routes/contact';
import { CONVERT_MAX_BYTES, CONVERT_MESSAGES, convertRoutes } from './routes/convert';
import { type DataProviderOptions, dataRoutes } from './routes/data';
import { docsRoutes } from './routes/docs';
import { healthRoutes } from './routes/health';
import { meRoutes } from './routes/me';
import { mediaRoutes } from './routes/media';
import { postsRoutes } from './routes/posts';
import { profilesRoutes } from './routes/profiles';
import { DEFAULT_TOOL_THROTTLE, toolAnswersSayOk, toolsRoutes } from './routes/tools';
import { IMAGE_TOO_LARGE } from './storage/images';
import { createMemoryStorage, type Storage } from './storage/storage';
import { createDataServices } from './tools/context';
import { ComputePool } from './tools/pool';
import { createToolRegistry } from './tools/registry';
import type { ThrottleOptions } from './tools/throttle';

export interface CreateAppOptions {
  db: Database;
  /** The built platform (platform/dist); without it only the API is served. */
  staticDir?: string | undefined;
  logger?: Logger | undefined;
  /** TRUST_PROXY: read the client's address from X-Forwarded-For (one reverse proxy in front). */
  trustProxy?: boolean | undefined;
  /** Where uploads go (server.ts: a folder under DATA_DIR); in memory when unset. */
  storage?: Storage | undefined;
  /** Live data providers for /api/data (RATES_URL, CPI_URL, PIXABAY_KEY, DATA_TIMEOUT_MS); unset: offline data only. */
  providers?: DataProviderOptions | undefined;
  /** The tools' API (/api/tools): where plugins are found, the compute time limit, the throttle. */
  tools?: ToolsOptions | undefined;
  /** The File Converter's LibreOffice engine (server.ts: soffice found on PATH); none when unset. */
  office?: OfficeEngine | undefined;
  /** True while the server shuts down (server.ts): health answers 503, answers say `Connection: close`. */
  isDraining?: (() => boolean) | undefined;
  /** ANSWER_CACHE_ENTRIES: anonymous answers kept in memory (http/answer-cache.ts); 0 keeps none. */
  answerCacheEntries?: number | undefined;
}

export interface ToolsOptions {
  /** Folders holding tool plugins; default this repository's `plugins/`. */
  pluginDirs?: readonly string[] | undefined;
  /** How long one compute may run before it is stopped (503); default 2000 ms. */
  timeoutMs?: number | undefined;
  /** Compute worker threads; default min(2, CPUs). */
  workers?: number | undefined;
  /** Computes one client address may have waiting for a worker; default 10 (more: 429). */
  queuePerAddress?: number | undefined;
  /** Runs allowed per client address; default 120 a minute. */
  throttle?: ThrottleOptions | undefined;
}

export const DEFAULT_COMPUTE_TIMEOUT_MS = 2000;

/** Bodies larger than these are refused with 413 before a handler reads them. */
export const BODY_LIMITS = {
  json: 1024 * 1024,
  /** Multipart carries a post's image (5 MiB at most, checked by its route) and its text fields. */
  multipart: 6 * 1024 * 1024,
  /** A file for the office converter (its route refuses more than CONVERT_MAX_BYTES with its own message). */
  convert: CONVERT_MAX_BYTES + 64 * 1024,
} as const;

export const INTERNAL_ERROR = 'Internal server error';

export function createApp({
  db,
  staticDir,
  logger = createLogger('info'),
  trustProxy = false,
  providers,
  storage = createMemoryStorage(),
  tools = {},
  office = createOfficeEngine(undefined),
  isDraining = () => false,
  answerCacheEntries = DEFAULT_ANSWER_CACHE_ENTRIES,
}: CreateAppOptions) {
  const app = new Hono<AppEnv>({ strict: false });
  const registry = createToolRegistry(tools.pluginDirs);
  const pool = new ComputePool({
    size: tools.workers,
    maxQueuePerCaller: tools.queuePerAddress,
    timeoutMs: tools.timeoutMs ?? DEFAULT_COMPUTE_TIMEOUT_MS,
  });
  const answerCache = new AnswerCache(answerCacheEntries);

  app.use(async (c, next) => {
    const started = performance.now();
    c.set('db', db);
    c.set('logger', logger);
    c.set('trustProxy', trustProxy);
    c.set('storage', storage);
    c.set('draining', isDraining);
    c.set('answerCache', answerCache);
    await next();
    // Shutting down: the client must not send another request on this connection. Likewise when
    // the answer goes out before the request's body has arrived (refused early: 401, 403, 413…):
    // the rest of the body will not be read, so the connection cannot be reused.
    if (isDraining() || bodyLeftUnread(c.env)) c.header('Connection', 'close');
    const ms = (performance.now() - started).toFixed(1);
    logger.info(`${c.req.method} ${new URL(c.req.url).pathname} ${c.res.status} ${ms}ms`);
  });
  app.use(secureHeaders());
  app.use('/api/tools/*', toolAnswersSayOk);
  app.use('/api/*', limitBodySize());
  app.use('/api/*', compressJson());
  // Valid UTF-8 and no NUL in the path and query string (bodies: http/text-input.ts's readers).
  app.use('/api/*', textInputGuard);

  // One router per resource, mounted here: `.route('/posts', postsRoutes())`.
  const api = new Hono<AppEnv>({ strict: false });
  // Who is calling (c.get('user'), c.get('sessionId')): registered before every router so it runs first.
  api.use(sessionMiddleware);
  api.route('/health', healthRoutes());
  api.route('/', authRoutes());
  api.route('/me', meRoutes(registry));
  api.route('/profiles', profilesRoutes());
  api.route('/data', dataRoutes(providers));
  api.route('/posts', postsRoutes());
  api.route('/comments', commentsRoutes());
  api.route('/contact', contactRoutes());
  api.route('/media', mediaRoutes());
  api.route(
    '/tools',
    toolsRoutes({
      registry,
      pool,
      data: createDataServices(providers),
      throttle: tools.throttle ?? DEFAULT_TOOL_THROTTLE,
    }),
  );
  api.route('/', docsRoutes(registry));
  api.route('/convert', convertRoutes(office));
  app.route('/api', api);

  // A page rendered with its data asks the API for that data as a visitor would: in-process, with
  // the request's own address and origin (pages-with-data.ts).
  const readInProcess: ReadInProcess = (read, c) => {
    const headers = new Headers({ Accept: 'application/json' });
    for (const name of ['Host', 'X-Forwarded-Proto', 'X-Forwarded-For']) {
      const value = c.req.header(name);
      if (value) headers.set(name, value);
    }
    return Promise.resolve(app.fetch(new Request(new URL(read, c.req.url), { headers }), c.env));
  };
  if (staticDir) {
    app.route('/', sitemapRoutes(staticDir));
    app.use(serveApp(staticDir, readInProcess));
  }

  app.notFound(notFoundOrNotAllowed(app));

  app.onError((error, c) => {
    if (error instanceof HTTPException) {
      if (error.res) return error.getResponse();
      if (error.status < 500) {
        return c.json({ error: error.message || 'Request refused.' }, error.status as ContentfulStatusCode);
      }
    }
    if (requestCutShort(c.env)) {
      // Its socket's reset reads like a database connection's: say what it is. No one hears the answer.
      logger.info(
        `${c.req.method} ${new URL(c.req.url).pathname}: the client stopped sending its request (${describe(error)})`,
      );
      return c.json({ error: REQUEST_CUT_SHORT }, 400);
    }
    if (isDatabaseUnavailable(error)) {
      // Nothing was confirmed: the client is told so, and when to try again.
      logger.warn(
        `${c.req.method} ${new URL(c.req.url).pathname}: database unavailable (${describe(error)})`,
      );
      c.header('Retry-After', String(DATABASE_RETRY_AFTER_S));
      return c.json({ error: DATABASE_UNAVAILABLE }, 503);
    }
    if (isWriteConflict(error)) {
      logger.warn(`${c.req.method} ${new URL(c.req.url).pathname}: write conflict (${describe(error)})`);
      return c.json({ error: WRITE_CONFLICT }, 409);
    }
    logger.error(`${c.req.method} ${new URL(c.req.url).pathname} failed`, error);
    return c.json({ error: INTERNAL_ERROR }, 500);
  });

  /** Stops what the app started besides answering requests (the compute workers). */
  const dispose = () => pool.close();
  return Object.assign(app, { dispose });
}

export type App = ReturnType<typeof createApp>;

/** The innermost message of an error chain, for a one-line log. */
function describe(error: unknown): string {
  let current: unknown = error;
  let message = String(error);
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth += 1) {
    const { message: text, code } = current as { message?: unknown; code?: unknown };
    if (typeof text === 'string') message = code ? `${String(code)}: ${text}` : text;
    current = (current as { cause?: unknown }).cause;
  }
  return message;
}

/** The answer to a request whose client went away before sending all of it (never read by anyone). */
const REQUEST_CUT_SHORT = 'The request did not arrive whole.';

/** On Node (@hono/node-server), the request as Node received it; undefined elsewhere. */
const incomingOf = (env: unknown) => (env as { incoming?: IncomingMessage } | undefined)?.incoming;

/** On Node, whether the client went away while sending the request's body. */
function requestCutShort(env: unknown): boolean {
  const incoming = incomingOf(env);
  return Boolean(incoming && !incoming.complete && (incoming.readableAborted || incoming.destroyed));
}

/** On Node (@hono/node-server), whether the request's body has not fully arrived. */
function bodyLeftUnread(env: unknown): boolean {
  const incoming = incomingOf(env);
  if (!incoming || typeof incoming.complete !== 'boolean') return false;
  const hasBody = announcesBody(incoming.headers['content-length'], incoming.headers['transfer-encoding']);
  return hasBody && !incoming.complete;
}

const BODYLESS_METHODS = new Set(['GET', 'HEAD']);

/** Whether a request's framing headers say a body follows. */
function announcesBody(contentLength: string | undefined, transferEncoding: string | undefined): boolean {
  return (contentLength !== undefined && contentLength !== '0') || transferEncoding !== undefined;
}

/** A post's form (create, update): what makes it too large is its image. */
const POST_FORM = /^\/api\/posts(\/[^/]+)?\/?$/;

/**
 * Bodies refused from their size before they are read. Where the body is a file (the converter's)
 * or mostly one (a post's image), the refusal says so as the route would for a file a little
 * smaller: the person sent a file too large, not "a body".
 */
function limitBodySize() {
  const tooLarge = (
    limit: number,
    message = `Request body too large (at most ${limit / 1024 / 1024} MiB).`,
  ) =>
    bodyLimit({
      maxSize: limit,
      onError: (c) => {
        // The rest of the body is never read: close the connection rather than let a client reuse it.
        c.header('Connection', 'close');
        return c.json({ error: message }, 413);
      },
    });
  const json = tooLarge(BODY_LIMITS.json);
  const multipart = tooLarge(BODY_LIMITS.multipart);
  const postForm = tooLarge(BODY_LIMITS.multipart, IMAGE_TOO_LARGE);
  const convert = tooLarge(BODY_LIMITS.convert, CONVERT_MESSAGES.tooLarge);
  return (c: Parameters<typeof json>[0], next: Parameters<typeof json>[1]) => {
    // A GET or HEAD without a body has nothing to limit; looking at its body anyway would build the
    // full Request object (an abort signal and its listener) for every read.
    if (
      BODYLESS_METHODS.has(c.req.method) &&
      !announcesBody(c.req.header('Content-Length'), c.req.header('Transfer-Encoding'))
    ) {
      return next();
    }
    const isMultipart = (c.req.header('Content-Type') ?? '').toLowerCase().startsWith('multipart/form-data');
    if (!isMultipart) return json(c, next);
    if (/^\/api\/convert\/?$/.test(c.req.path)) return convert(c, next);
    return (POST_FORM.test(c.req.path) ? postForm : multipart)(c, next);
  };
}
