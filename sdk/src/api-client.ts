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

interface ClientOptions {
  /** Origin of the API; empty means the page's own origin. */
  baseUrl?: string;
  /** Reads the current session token (or null when signed out). */
  getToken?: () => string | null;
  /** Called when the server answers 401 to a request that carried a token. */
  onUnauthorized?: () => void;
}

export interface RequestOptions {
  method?: string;
  /** A plain object is sent as JSON; FormData as multipart. */
  body?: unknown;
  query?: Record<string, string | number | undefined>;
  signal?: AbortSignal;
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, query?: RequestOptions['query'], signal?: AbortSignal): Promise<T>;
  post<T>(path: string, body?: unknown): Promise<T>;
  put<T>(path: string, body?: unknown): Promise<T>;
  delete<T = void>(path: string): Promise<T>;
}

export function createApiClient({ baseUrl = '', getToken, onUnauthorized }: ClientOptions = {}): ApiClient {
  async function request<T>(path: string, { method = 'GET', body, query, signal }: RequestOptions = {}) {
    const url = new URL(`${baseUrl}${path}`, baseUrl || globalThis.location?.origin);
    for (const [key, value] of Object.entries(query ?? {})) {
      if (value !== undefined && value !== '') url.searchParams.set(key, String(value));
    }
    const headers = new Headers({ Accept: 'application/json' });
    const token = getToken?.() ?? null;
    if (token) headers.set('Authorization', `Token ${token}`);
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers.set('Content-Type', 'application/json');
      payload = JSON.stringify(body);
    }
    const response = await fetch(url, { method, headers, body: payload, signal });
    const text = await response.text();
    let data: unknown = null;
    if (text) {
      try {
        data = JSON.parse(text);
      } catch {
        data = { error: text };
      }
    }
    if (!response.ok) {
      if (response.status === 401 && token) onUnauthorized?.();
      throw new ApiError(response.status, data);
    }
    return data as T;
  }
  return {
    request,
    get: (path, query, signal) => request(path, { query, signal }),
    post: (path, body) => request(path, { method: 'POST', body }),
    put: (path, body) => request(path, { method: 'PUT', body }),
    delete: (path) => request(path, { method: 'DELETE' }),
  };
}
