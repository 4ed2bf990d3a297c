/**
 * The one way the API calls a live data provider: a GET with a deadline and a size cap, parsed as
 * JSON. Every way a provider can fail (unreachable, too slow, an error status, too large, not JSON)
 * is a ProviderError, which the callers answer with their fallback: nothing a provider does can
 * become a 500.
 */

export class ProviderError extends Error {
  override name = 'ProviderError';
}

/**
 * A provider's default deadline (DATA_TIMEOUT_MS). Under the service worker's 5 s network timeout
 * for `/api/data/`, so a slow provider still gets the API's fallback to the page, not the worker's.
 */
export const DEFAULT_PROVIDER_TIMEOUT_MS = 4000;

/** Real answers are a few kilobytes (rates ≈ 5 KB, a CPI page ≈ 30 KB). */
export const MAX_PROVIDER_BYTES = 2 * 1024 * 1024;

export interface FetchJsonOptions {
  /** The whole exchange (connect, headers and body) must finish within this. */
  timeoutMs: number;
  maxBytes?: number;
  /** A JSON body to POST (e.g. OpenRouteService directions); without it the request is a GET. */
  postJson?: unknown;
  /** More request headers (e.g. a provider's key). */
  headers?: Record<string, string>;
}

export async function fetchJson(
  url: string,
  { timeoutMs, maxBytes = MAX_PROVIDER_BYTES, postJson, headers }: FetchJsonOptions,
): Promise<unknown> {
  const signal = AbortSignal.timeout(timeoutMs);
  const failure = (what: string, error?: unknown) =>
    new ProviderError(signal.aborted ? `no answer within ${timeoutMs} ms` : `${what}${reason(error)}`);

  let response: Response;
  try {
    response = await fetch(url, {
      signal,
      headers: {
        Accept: 'application/json',
        ...(postJson === undefined ? {} : { 'Content-Type': 'application/json' }),
        ...headers,
      },
      ...(postJson === undefined ? {} : { method: 'POST', body: JSON.stringify(postJson) }),
    });
  } catch (error) {
    throw failure('unreachable', error);
  }
  try {
    if (!response.ok) throw new ProviderError(`answered HTTP ${response.status}`);
    const text = await readText(response, maxBytes);
    try {
      return JSON.parse(text) as unknown;
    } catch {
      throw new ProviderError('answered something that is not JSON');
    }
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    throw failure('broke off its answer', error);
  } finally {
    // An unread body (an error status, a refused size) would hold the connection open.
    if (!response.bodyUsed) await response.body?.cancel().catch(() => {});
  }
}

async function readText(response: Response, maxBytes: number): Promise<string> {
  return (await readBytes(response, maxBytes)).toString('utf8');
}

async function readBytes(response: Response, maxBytes: number): Promise<Buffer> {
  const tooLarge = () => new ProviderError(`answered more than ${maxBytes} bytes`);
  const declared = Number(response.headers.get('content-length') ?? '0');
  if (declared > maxBytes) throw tooLarge();
  if (!response.body) return Buffer.alloc(0);
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export interface FetchedFile {
  bytes: Buffer;
  /** The media type the provider declared, lower-cased, without parameters. */
  type: string;
}

/**
 * A GET of a file (an image) with the same deadline, size cap and failures as `fetchJson`; only
 * answers whose declared media type `accept` allows are taken.
 */
export async function fetchFile(
  url: string,
  {
    timeoutMs,
    maxBytes = MAX_PROVIDER_BYTES,
    accept,
  }: FetchJsonOptions & { accept: (type: string) => boolean },
): Promise<FetchedFile> {
  const signal = AbortSignal.timeout(timeoutMs);
  const failure = (what: string, error?: unknown) =>
    new ProviderError(signal.aborted ? `no answer within ${timeoutMs} ms` : `${what}${reason(error)}`);
  let response: Response;
  try {
    response = await fetch(url, { signal });
  } catch (error) {
    throw failure('unreachable', error);
  }
  try {
    if (!response.ok) throw new ProviderError(`answered HTTP ${response.status}`);
    const type = (response.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (!accept(type)) throw new ProviderError(`answered a file of type "${type}"`);
    return { bytes: await readBytes(response, maxBytes), type };
  } catch (error) {
    if (error instanceof ProviderError) throw error;
    throw failure('broke off its answer', error);
  } finally {
    if (!response.bodyUsed) await response.body?.cancel().catch(() => {});
  }
}

function reason(error: unknown): string {
  if (!(error instanceof Error)) return '';
  const cause = error.cause instanceof Error ? error.cause.message : '';
  return ` (${cause || error.message})`;
}
