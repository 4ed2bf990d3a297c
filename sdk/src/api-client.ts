/** The one HTTP client of the app: every call to `/api` goes through it, so the session header is added in one place. */

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(ApiError.messageOf(status, body));
    this.name = 'ApiError';
  }

  /** `{ error }` from the server, else the first field message of a validation map, else the status. */
  static messageOf(status: number, body: unknown): string {
    if (body && typeof body === 'object') {
      const record = body as Record<string, unknown>;
      if (typeof record.error === 'string') return record.error;
      for (const value of Object.values(record)) {
        if (Array.isArray(value) && typeof value[0] === 'string') return value[0];
      }
    }
    return `Request failed with status ${status}`;
  }

  /** The `{ field: [messages] }` map of a 400 answer, or an empty object. */
  get fieldErrors(): Record<string, string[]> {
    if (this.status !== 400 || !this.body || typeof this.body !== 'object') return {};
    return Object.fromEntries(
      Object.entries(this.body as Record<string, unknown>).filter((entry): entry is [string, string[]] =>
        Array.isArray(entry[1]),
      ),
    );
  }
}

/** The message of a request that got no answer (offline, the server out of reach). */
export const UNREACHABLE = 'Could not reach the server. Check your connection and try again.';

/** The message of a read that got no (whole) answer within its time limit. */
export const TOO_SLOW = 'The server took too long to answer. Check your connection and try again.';

/**
 * How long a read (GET) waits for its whole answer before it gives up with `TOO_SLOW`. A write is
 * never given up on: the server may be committing it, and a person who tried again would do it twice.
 */
export const READ_TIME_LIMIT_MS = 30_000;

/** The message of an error answer whose body is not the API's JSON (a proxy's page, say). */
export const noJsonAnswer = (status: number) =>
  `The server could not answer just now (status ${status}). Try again in a moment.`;

/**
 * What the server said about a failed request, when it said something a person can use: not for
 * a 500 (its message says nothing) nor for an error that is not the API's.
 */
export function reasonOf(error: unknown): string | undefined {
  return error instanceof ApiError && error.status !== 500 ? error.message : undefined;
}

/**
 * `message` followed by the server's reason for the failure (`reasonOf`), when there is one. A
 * message without a closing stop (some of the spec's have none) gets one before the reason.
 */
export function withReason(message: string, error: unknown): string {
  return followedBy(message, reasonOf(error));
}

/** `message`, then `detail` as a sentence of its own: a message without a closing stop gets one. */
export function followedBy(message: string, detail: string | undefined): string {
  if (!detail || detail === message) return message;
  return /[.!?]$/.test(message) ? `${message} ${detail}` : `${message}. ${detail}`;
}

interface ClientOptions {
  /** Origin of the API; empty means the page's own origin. */
  baseUrl?: string;
  /** Reads the current session token (or null when signed out). */
  getToken?: () => string | null;
  /** Called when the server answers 401 to a request that carried a token. */
  onUnauthorized?: () => void;
  /** How long a read waits for its whole answer (READ_TIME_LIMIT_MS). */
  readTimeLimitMs?: number;
}

export interface RequestOptions {
  method?: string;
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
  /** The token to send rather than the session's (a logout revokes the token it had just ended). */
  token?: string;
}

/** A file the API answered with: its bytes and the name its `Content-Disposition` gives. */
export interface DownloadedFile {
  blob: Blob;
  /** The name the server suggests, or undefined when it gives none. */
  filename: string | undefined;
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  /** A request whose successful answer is a file rather than JSON; errors are read as `request` reads them. */
  download(path: string, options?: RequestOptions): Promise<DownloadedFile>;
  get<T>(path: string, query?: RequestOptions['query'], signal?: AbortSignal): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  put<T>(path: string, body?: unknown): Promise<T>;
  delete<T = void>(path: string): Promise<T>;
}

/** `url` with the query's values set on it, as the client sends them (an unset or empty one is left out). */
export function withQuery(url: URL, query: RequestOptions['query']): URL {
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
  }
  return url;
}

export function createApiClient({
  baseUrl = '',
  getToken,
  onUnauthorized,
  readTimeLimitMs = READ_TIME_LIMIT_MS,
}: ClientOptions = {}): ApiClient {
  /**
   * Sends a request and reads its answer with `read`; an answer that is not 2xx becomes an ApiError
   * (and a 401 ends the session). A read that takes longer than its limit, answer included, is
   * given up on; no answer at all is said so.
   */
  async function exchange<T>(
    path: string,
    { method = 'GET', body, query, signal, token = getToken?.() ?? undefined }: RequestOptions,
    accept: string,
    read: (response: Response) => Promise<T>,
  ): Promise<T> {
    const url = withQuery(new URL(`${baseUrl}${path}`, baseUrl || globalThis.location?.origin), query);
    const headers = new Headers({ Accept: accept });
    if (token) headers.set('Authorization', `Token ${token}`);
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers.set('Content-Type', 'application/json');
      payload = JSON.stringify(body);
    }
    const limit = method === 'GET' ? timeLimit(readTimeLimitMs, signal) : undefined;
    let response: Response;
    try {
      response = await fetch(url, { method, headers, body: payload, signal: limit?.signal ?? signal });
    } catch (error) {
      limit?.end();
      // An abort is the caller's own doing; anything else is no answer at all.
      if (signal?.aborted) throw error;
      throw new ApiError(0, { error: limit?.passed() ? TOO_SLOW : UNREACHABLE });
    }
    try {
      if (!response.ok) {
        if (response.status === 401 && token) onUnauthorized?.();
        throw new ApiError(response.status, await readErrorBody(response));
      }
      return await read(response);
    } catch (error) {
      if (limit?.passed() && !(error instanceof ApiError)) throw new ApiError(0, { error: TOO_SLOW });
      throw error;
    } finally {
      limit?.end();
    }
  }

  async function request<T>(path: string, options: RequestOptions = {}) {
    return (await exchange(path, options, 'application/json', readJson)) as T;
  }

  async function download(path: string, options: RequestOptions = {}): Promise<DownloadedFile> {
    // Errors still come as JSON; a file comes as whatever type it is.
    return exchange(path, options, '*/*', async (response) => ({
      blob: await response.blob(),
      filename: filenameOf(response.headers.get('Content-Disposition')),
    }));
  }

  return {
    request,
    download,
    get: (path, query, signal) => request(path, { query, signal }),
    post: (path, body) => request(path, { method: 'POST', body }),
    put: (path, body) => request(path, { method: 'PUT', body }),
    delete: (path) => request(path, { method: 'DELETE' }),
  };
}

/**
 * A request's time limit: its signal aborts when `ms` have passed or when the caller's own signal
 * aborts, whichever comes first. `end()` stops the clock once the answer is read.
 */
function timeLimit(ms: number, caller: AbortSignal | undefined) {
  const controller = new AbortController();
  let passed = false;
  const follow = () => controller.abort(caller?.reason);
  const timer = setTimeout(() => {
    passed = true;
    controller.abort();
  }, ms);
  if (caller?.aborted) follow();
  else caller?.addEventListener('abort', follow, { once: true });
  return {
    signal: controller.signal,
    passed: () => passed,
    end() {
      clearTimeout(timer);
      caller?.removeEventListener('abort', follow);
    },
  };
}

/** An answer's body as JSON; a body that is not JSON becomes `{ error: text }`, an empty one null. */
async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return { error: text };
  }
}

/** An error answer's JSON body; anything else (a proxy's page, a cut body) is said in the API's words. */
async function readErrorBody(response: Response): Promise<unknown> {
  try {
    const body: unknown = JSON.parse(await response.text());
    if (body && typeof body === 'object') return body;
  } catch {
    // not JSON, or not all of it came
  }
  return { error: noJsonAnswer(response.status) };
}

/** The file name of a `Content-Disposition` header: `filename*` (RFC 5987, UTF-8) first, else `filename`. */
export function filenameOf(header: string | null): string | undefined {
  if (!header) return undefined;
  const extended = /filename\*\s*=\s*([^']*)'[^']*'([^;]+)/i.exec(header);
  if (extended?.[2]) {
    try {
      return decodeURIComponent(extended[2].trim());
    } catch {
      // a malformed encoding: fall back to the plain name
    }
  }
  const plain = /filename\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]+))/i.exec(header);
  const name = plain?.[1]?.replace(/\\(.)/g, '$1') ?? plain?.[2];
  return name || undefined;
}
