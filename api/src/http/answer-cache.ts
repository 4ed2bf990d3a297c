/**
 * Public answers kept in memory (decision 034). An anonymous GET whose answer is the same for every
 * anonymous caller (a page of posts, a post) is kept with the version of the data it was built
 * from: a number the database raises, in the same transaction, with every change that may alter
 * such an answer (triggers, migration 0004). Each request still asks the database for the current
 * version, so a kept answer is served only while nothing changed; every API process, and a change
 * made outside the API, is seen at once. A lost database still answers 503, because the version
 * cannot be read. Signed-in callers are never served from here: their answers carry their own state.
 */
import { createHash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Database } from '../db/client';
import type { AppEnv } from '../env';
import { COMPRESS_THRESHOLD_BYTES, compressed, pickEncoding } from './compress-json';
import { requestOrigin } from './origin';

/** ANSWER_CACHE_ENTRIES' default: answers kept per API process. */
export const DEFAULT_ANSWER_CACHE_ENTRIES = 1000;
/** Kept bodies never take more than this, whatever the number of entries. */
const MAX_KEPT_BYTES = 32 * 1024 * 1024;

type Encoding = 'br' | 'gzip';

/** A body built once and sent many times, with its tag and its compressed copies. */
export interface KeptBody {
  body: Uint8Array<ArrayBuffer>;
  etag: string;
  contentType: string;
  /** Compressed copies, made the first time a caller accepts each encoding. */
  encoded: Partial<Record<Encoding, Uint8Array<ArrayBuffer>>>;
  /** Compressed at the highest levels (`compressed`'s `smallest`), not at the fast ones. */
  smallest?: boolean;
}

/** `body` to keep, with its weak tag: the same for every encoding of the body (caching.ts). */
export function keptBody(
  body: Uint8Array<ArrayBuffer>,
  contentType: string,
  { smallest = false }: { smallest?: boolean } = {},
): KeptBody {
  return {
    body,
    etag: `W/"${createHash('sha1').update(body).digest('hex')}"`,
    contentType,
    encoded: {},
    smallest,
  };
}

interface KeptAnswer extends KeptBody {
  version: number;
}

/** The answers of one process, least recently used dropped first. */
export class AnswerCache {
  readonly #kept = new Map<string, KeptAnswer>();
  #bytes = 0;

  constructor(
    readonly maxEntries: number = DEFAULT_ANSWER_CACHE_ENTRIES,
    readonly maxBytes: number = MAX_KEPT_BYTES,
  ) {}

  get enabled(): boolean {
    return this.maxEntries > 0;
  }

  get size(): number {
    return this.#kept.size;
  }

  /** The answer kept under `key` if it was built from data at `version`. */
  get(key: string, version: number): KeptAnswer | undefined {
    const kept = this.#kept.get(key);
    if (!kept) return undefined;
    this.#kept.delete(key);
    if (kept.version !== version) {
      this.#bytes -= kept.body.length;
      return undefined;
    }
    this.#kept.set(key, kept);
    return kept;
  }

  set(key: string, version: number, body: Uint8Array<ArrayBuffer>, contentType: string): KeptAnswer {
    const answer: KeptAnswer = { ...keptBody(body, contentType), version };
    if (!this.enabled || body.length > this.maxBytes) return answer;
    const previous = this.#kept.get(key);
    if (previous) {
      this.#kept.delete(key);
      this.#bytes -= previous.body.length;
    }
    this.#kept.set(key, answer);
    this.#bytes += body.length;
    for (const [oldest, dropped] of this.#kept) {
      if (this.#kept.size <= this.maxEntries && this.#bytes <= this.maxBytes) break;
      this.#kept.delete(oldest);
      this.#bytes -= dropped.body.length;
    }
    return answer;
  }
}

function encoded(answer: KeptBody, encoding: Encoding): Uint8Array<ArrayBuffer> {
  let bytes = answer.encoded[encoding];
  if (!bytes) {
    bytes = compressed(answer.body, encoding, { smallest: answer.smallest });
    answer.encoded[encoding] = bytes;
  }
  return bytes;
}

/** The answer as sent: compressed as compress-json.ts would, with its ETag (so no digest is made again). */
export function send(answer: KeptBody, acceptEncoding: string | undefined) {
  const compressible = answer.body.length >= COMPRESS_THRESHOLD_BYTES;
  const encoding = compressible ? pickEncoding(acceptEncoding) : null;
  const body = encoding ? encoded(answer, encoding) : answer.body;
  const headers: Record<string, string> = {
    'Content-Type': answer.contentType,
    'Content-Length': String(body.length),
    ETag: answer.etag,
  };
  if (compressible) headers.Vary = 'Accept-Encoding';
  if (encoding) headers['Content-Encoding'] = encoding;
  return { body, headers };
}

/**
 * One read of `version` at a time per database: a request that comes while a read is under way
 * takes its answer, so 50 requests at once cost one query, not 50. That read began at most one
 * round trip before the request came: a change committed in that instant is seen by the next read,
 * as it would be had the request itself come an instant earlier.
 */
export function sharedReads(version: (db: Database) => Promise<number | null>) {
  const underWay = new WeakMap<Database, Promise<number | null>>();
  return (db: Database) => {
    let read = underWay.get(db);
    if (!read) {
      read = version(db).finally(() => underWay.delete(db));
      underWay.set(db, read);
    }
    return read;
  };
}

/**
 * Serves anonymous GETs (and HEADs) of a router from the process's AnswerCache while `version` (read from the
 * database for every request, one read shared by the requests that come while it is under way) has
 * not moved, and keeps every 200 answer of `keptType` (JSON unless said) it lets through.
 */
export function publicAnswers(
  version: (db: Database) => Promise<number | null>,
  keptType = 'application/json',
): MiddlewareHandler<AppEnv> {
  const currentVersion = sharedReads(version);
  return async (c, next) => {
    const cache = c.get('answerCache');
    // A HEAD is answered as its GET is, headers and ETag alike (Hono sends it without the body).
    if ((c.req.method !== 'GET' && c.req.method !== 'HEAD') || c.get('user') || !cache.enabled) return next();
    const current = await currentVersion(c.get('db'));
    if (current === null) return next();
    const url = new URL(c.req.url);
    const key = `${requestOrigin(c)}${url.pathname}${url.search}`;
    const kept = cache.get(key, current);
    if (kept) {
      const { body, headers } = send(kept, c.req.header('Accept-Encoding'));
      return new Response(body, { status: 200, headers });
    }
    await next();
    const contentType = c.res.headers.get('Content-Type') ?? '';
    if (c.res.status !== 200 || !contentType.startsWith(keptType)) return;
    // Built after the version was read: the answer is at least as new as the version it is kept under.
    const answer = cache.set(key, current, new Uint8Array(await c.res.arrayBuffer()), contentType);
    const { body, headers } = send(answer, c.req.header('Accept-Encoding'));
    // Hono copies the old answer's headers onto the new one: ours are set after the swap.
    c.res = new Response(body, { status: 200 });
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
  };
}
