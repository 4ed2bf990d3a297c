/**
 * Every tool as an API (docs/api.md, "Tools"):
 *   GET  /api/tools/          the registry: metadata and each tool's input as JSON Schema
 *   POST /api/tools/{slug}/   runs the tool's compute on a JSON body (multipart for file tools)
 *   GET  /api/tools/{slug}/?field=value…   the same for simple inputs, so a result is a link
 * Answers: 200 `{ ok: true, value }`; 422 `{ ok: false, error }` with the tool's own message; 400 a
 * body that is not a JSON object; 404 an unknown tool; 429 too many runs from one address;
 * 501 a browser-only tool; 503 a compute stopped for running too long (or too many waiting).
 * Outside data (rates, CPI, today's date) is gathered on the server as the views gather it.
 */
import { finiteResult } from '@toolbox/sdk';
import type { Context, MiddlewareHandler } from 'hono';
import { Hono } from 'hono';
import type { CpiService } from '../data/cpi';
import type { RatesService } from '../data/rates';
import { LIMITS } from '../db/schema';
import type { AppEnv } from '../env';
import { clientAddress } from '../http/client-address';
import {
  decodeUtf8,
  hasTooManyFormFields,
  INVALID_UTF8,
  isJsonObject,
  MALFORMED_JSON,
  NOT_AN_OBJECT,
  NULL_CHARACTER,
  nestedDeeperThan,
  nulCharactersIn,
  TOO_MANY_FORM_FIELDS,
} from '../http/text-input';
import { serverToolContext } from '../tools/context';
import { ComputeBusyError, ComputeInputError, type ComputePool, ComputeTimeoutError } from '../tools/pool';
import { type ToolEntry, type ToolRegistry, toSummary } from '../tools/registry';
import { createThrottle, type ThrottleOptions } from '../tools/throttle';

/** How deeply a tool's JSON input may nest (a tool's fields are a few levels at most). */
export const MAX_INPUT_DEPTH = 32;

/**
 * A slug as an answer names it: no longer than a tool's slug may be, cut by characters (never inside
 * an emoji), half of a surrogate pair (which JSON can send) shown as the replacement character.
 */
const slugShown = (slug: string) =>
  [...slug.replace(/[\uD800-\uDFFF]/gu, '\uFFFD')].slice(0, LIMITS.toolSlug).join('');

export const TOOL_MESSAGES = {
  unknown: (slug: string) => `Unknown tool: ${slugShown(slug)}.`,
  malformed: MALFORMED_JSON,
  notAnObject: NOT_AN_OBJECT,
  malformedForm: 'Malformed form body.',
  timeout: 'The calculation took too long and was stopped.',
  tooDeep: `The input is nested too deeply (at most ${MAX_INPUT_DEPTH} levels).`,
  busy: 'Too many calculations are waiting: try again in a moment.',
  busyYours: 'Too many of your calculations are waiting: try again once they are answered.',
  throttled: (seconds: number) => `Too many requests from your address: try again in ${seconds} seconds.`,
} as const;

/** Default: 120 runs per address per minute. */
export const DEFAULT_TOOL_THROTTLE = { limit: 120, windowMs: 60_000 } as const;

export interface ToolsRouteOptions {
  registry: ToolRegistry;
  pool: ComputePool;
  data: { rates: RatesService; cpi: CpiService };
  throttle?: ThrottleOptions | undefined;
}

type Input = Record<string, unknown>;
type Parsed = { input: Input } | { status: 400 | 415; error: string };

/** The JSON body, whatever Content-Type says (so `curl -d '{…}'` works); multipart for file tools. */
async function readBody(c: Context<AppEnv>, tool: ToolEntry): Promise<Parsed> {
  const mediaType = (c.req.header('Content-Type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
  if (mediaType === 'multipart/form-data') {
    if (tool.inputKind !== 'multipart') {
      return { status: 415, error: 'This tool takes a JSON body (Content-Type: application/json).' };
    }
    if (hasTooManyFormFields(new Uint8Array(await c.req.arrayBuffer()), c.req.header('Content-Type') ?? '')) {
      return { status: 400, error: TOO_MANY_FORM_FIELDS };
    }
    let form: Record<string, unknown>;
    try {
      form = await c.req.parseBody({ all: true });
    } catch {
      return { status: 400, error: TOOL_MESSAGES.malformedForm };
    }
    const input: Input = {};
    for (const [key, value] of Object.entries(form)) input[key] = await toPlain(value);
    return { input };
  }
  // The API's one text rule (http/text-input.ts): UTF-8, and no NUL in any string.
  const text = decodeUtf8(new Uint8Array(await c.req.arrayBuffer()));
  if (text === null) return { status: 400, error: INVALID_UTF8.body };
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return { status: 400, error: TOOL_MESSAGES.malformed };
  }
  if (nestedDeeperThan(body, MAX_INPUT_DEPTH)) return { status: 400, error: TOOL_MESSAGES.tooDeep };
  if (nulCharactersIn(body)) return { status: 400, error: NULL_CHARACTER };
  return isJsonObject(body) ? { input: body } : { status: 400, error: TOOL_MESSAGES.notAnObject };
}

/** A form part as the compute gets it: text, or a file as `{ name, type, bytes }` (a worker can receive it). */
async function toPlain(value: unknown): Promise<unknown> {
  if (Array.isArray(value)) return Promise.all(value.map(toPlain));
  if (value instanceof File) {
    return { name: value.name, type: value.type, bytes: new Uint8Array(await value.arrayBuffer()) };
  }
  return value;
}

/**
 * Every answer under /api/tools/ says `ok`: a refusal made before the tools' router (a body too
 * large, a path or a query that is not text, a path or a method it does not serve, the database
 * unavailable) is written `{ ok: false, error }` as the router's own are, a field map as its first
 * message. Mounted before those refusals (app.ts).
 */
export const toolAnswersSayOk: MiddlewareHandler<AppEnv> = async (c, next) => {
  await next();
  const res = c.res;
  const type = res.headers.get('Content-Type') ?? '';
  if (res.status < 400 || !type.startsWith('application/json') || res.headers.has('Content-Encoding')) return;
  const body: unknown = await res
    .clone()
    .json()
    .catch(() => undefined);
  if (!isJsonObject(body) || 'ok' in body) return;
  const error =
    typeof body.error === 'string'
      ? body.error
      : Object.values(body)
          .flat()
          .find((message) => typeof message === 'string');
  if (error === undefined) return;
  res.headers.delete('Content-Length');
  c.res = new Response(JSON.stringify({ ok: false, error }), { status: res.status, headers: res.headers });
};

/** Query parameters as input fields: text each, an array of texts when repeated. */
function readQuery(c: Context<AppEnv>): Input {
  return Object.fromEntries(
    Object.entries(c.req.queries()).map(([key, values]) => [key, values.length === 1 ? values[0] : values]),
  );
}

export function toolsRoutes({ registry, pool, data, throttle = DEFAULT_TOOL_THROTTLE }: ToolsRouteOptions) {
  const limiter = createThrottle(throttle);

  const run = async (c: Context<AppEnv>, read: (tool: ToolEntry) => Promise<Parsed>) => {
    const slug = c.req.param('slug') ?? '';
    const tool = await registry.find(slug);
    if (!tool) return c.json({ ok: false, error: TOOL_MESSAGES.unknown(slug) }, 404);
    const browserOnly = tool.manifest.server?.browserOnly;
    if (browserOnly) return c.json({ ok: false, error: browserOnly }, 501);

    const address = clientAddress(c) ?? 'unknown';
    const verdict = limiter.take(address);
    if (!verdict.allowed) {
      c.header('Retry-After', String(verdict.retryAfterSeconds));
      return c.json({ ok: false, error: TOOL_MESSAGES.throttled(verdict.retryAfterSeconds) }, 429);
    }

    const parsed = await read(tool);
    if ('error' in parsed) return c.json({ ok: false, error: parsed.error }, parsed.status);
    const { gather } = tool.module;
    const input = gather
      ? await gather(parsed.input, serverToolContext(c.get('db'), c.get('logger'), data))
      : parsed.input;

    try {
      const result = finiteResult(await pool.run(tool.computeFile, input, address));
      c.header('Cache-Control', 'no-store');
      // The field a refusal names is the form's to mark: the body stays `{ ok, error }`.
      return result.ok ? c.json(result, 200) : c.json({ ok: false, error: result.error }, 422);
    } catch (error) {
      if (error instanceof ComputeTimeoutError) {
        c.get('logger').warn(`Tool ${slug}: ${error.message}`);
        return c.json({ ok: false, error: TOOL_MESSAGES.timeout }, 503);
      }
      if (error instanceof ComputeInputError) return c.json({ ok: false, error: error.message }, 400);
      if (error instanceof ComputeBusyError) {
        c.header('Retry-After', '1');
        // One address's own computes fill its share of the queue: it is asked to slow down.
        if (error.ofCaller) return c.json({ ok: false, error: TOOL_MESSAGES.busyYours }, 429);
        return c.json({ ok: false, error: TOOL_MESSAGES.busy }, 503);
      }
      throw error;
    }
  };

  return new Hono<AppEnv>()
    .get('/', async (c) => c.json((await registry.all()).map(toSummary)))
    .get('/:slug', (c) => run(c, async () => ({ input: readQuery(c) })))
    .post('/:slug', (c) => run(c, (tool) => readBody(c, tool)));
}
