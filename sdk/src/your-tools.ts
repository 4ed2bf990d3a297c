/**
 * "Your tools": favourites, recently used tools and saved calculations, kept in the browser for a
 * visitor and in the account (`/api/me/...`) for a signed-in user. No React here: the platform
 * loads this module after the first page is interactive and drives it from the session.
 */
import type { ApiClient } from './api-client';
import { byText, withThousands } from './text-order';
import {
  type MergeReply,
  type MergeRequest,
  type Page,
  RECENT_TOOLS_LIMIT,
  SAVED_CALCULATIONS_LIMIT,
  SAVED_INPUT_MAX_BYTES,
  SAVED_NAME_MAX,
  SAVED_RESULT_TEXT_MAX,
  type SavedCalculation,
  type SavedCalculationDraft,
} from './wire';

/** The messages a visitor's browser store answers with (the API has its own, worded alike). */
export const YOUR_TOOLS_MESSAGES = {
  full: `You can keep up to ${withThousands(SAVED_CALCULATIONS_LIMIT)} saved calculations. Delete some to save more.`,
  tooLarge: 'This calculation is too large to save.',
  storageFull: 'Your browser has no room left to save this. Sign up to keep it in an account.',
  notFound: 'This saved calculation no longer exists.',
  nameRequired: 'Please enter a name.',
} as const;

export { SAVED_NAME_MAX };

/** A result's text as it is stored: at most SAVED_RESULT_TEXT_MAX characters. */
export function storedResultText(text: string): string {
  return text.length > SAVED_RESULT_TEXT_MAX ? `${text.slice(0, SAVED_RESULT_TEXT_MAX - 1)}…` : text;
}

/** `list` with `slug` removed when it is there, else added at the end (order kept). */
export function toggled(list: readonly string[], slug: string): string[] {
  return list.includes(slug) ? list.filter((item) => item !== slug) : [...list, slug];
}

/** `list` with `slug` first (moved when already there), at most RECENT_TOOLS_LIMIT long. */
export function withRecent(list: readonly string[], slug: string): string[] {
  return [slug, ...list.filter((item) => item !== slug)].slice(0, RECENT_TOOLS_LIMIT);
}

/** JSON with object keys sorted, so two inputs equal field by field compare equal as text. */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, inner: unknown) =>
    inner && typeof inner === 'object' && !Array.isArray(inner)
      ? Object.fromEntries(
          Object.entries(inner as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)),
        )
      : inner,
  );
}

/** Whether two calculations are the same one saved twice: same tool, name and input. */
export function sameCalculation(a: SavedCalculationDraft, b: SavedCalculationDraft): boolean {
  return a.tool === b.tool && a.name === b.name && canonicalJson(a.input) === canonicalJson(b.input);
}

/** The default name of a saved calculation: the tool's label and the result's text, on one line. */
export function defaultCalculationName(label: string, resultText: string): string {
  const text = `${label}: ${resultText.replace(/\s+/g, ' ').trim()}`;
  return text.length > SAVED_NAME_MAX ? `${text.slice(0, SAVED_NAME_MAX - 1)}…` : text;
}

/** Whether a calculation's name or result text contains `search` (case-insensitive). */
export function calculationMatches(calculation: SavedCalculation, search: string): boolean {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return true;
  return (
    calculation.name.toLocaleLowerCase().includes(needle) ||
    calculation.result_text.toLocaleLowerCase().includes(needle)
  );
}

export interface CalculationQuery {
  tool?: string | undefined;
  search?: string | undefined;
}

/** Where a person's lists live: the browser (visitor) or the account (signed in). */
export interface YourToolsBackend {
  readonly kind: 'browser' | 'account';
  favourites(): Promise<string[]>;
  setFavourites(slugs: readonly string[]): Promise<string[]>;
  recents(): Promise<string[]>;
  setRecents(slugs: readonly string[]): Promise<string[]>;
  /** Every saved calculation matching the query, newest first. */
  calculations(query?: CalculationQuery): Promise<SavedCalculation[]>;
  save(draft: SavedCalculationDraft): Promise<SavedCalculation>;
  rename(id: number, name: string): Promise<SavedCalculation>;
  remove(id: number): Promise<void>;
}

/** An error of the browser store, with the message the screen shows. */
export class YourToolsError extends Error {
  override name = 'YourToolsError';
}

/** What the browser keeps, under one localStorage key. */
export interface BrowserData {
  favourites: string[];
  recents: string[];
  calculations: SavedCalculation[];
  nextId: number;
}

export const BROWSER_KEY = 'toolbox.yourTools';

const EMPTY: BrowserData = { favourites: [], recents: [], calculations: [], nextId: 1 };

const isTextList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'string');

function isCalculation(value: unknown): value is SavedCalculation {
  if (!value || typeof value !== 'object') return false;
  const c = value as Record<string, unknown>;
  return (
    typeof c.id === 'number' &&
    typeof c.tool === 'string' &&
    typeof c.name === 'string' &&
    typeof c.result_text === 'string' &&
    typeof c.created_at === 'string' &&
    typeof c.updated_at === 'string' &&
    !!c.input &&
    typeof c.input === 'object' &&
    !Array.isArray(c.input)
  );
}

/** What the storage holds, checked field by field; anything unreadable counts as empty. */
export function readBrowserData(storage: Storage): BrowserData {
  let raw: unknown;
  try {
    raw = JSON.parse(storage.getItem(BROWSER_KEY) ?? 'null');
  } catch {
    return structuredClone(EMPTY);
  }
  if (!raw || typeof raw !== 'object') return structuredClone(EMPTY);
  const data = raw as Record<string, unknown>;
  const calculations = Array.isArray(data.calculations) ? data.calculations.filter(isCalculation) : [];
  const maxId = calculations.reduce((max, c) => Math.max(max, c.id), 0);
  return {
    favourites: isTextList(data.favourites) ? data.favourites : [],
    recents: isTextList(data.recents) ? data.recents.slice(0, RECENT_TOOLS_LIMIT) : [],
    calculations,
    nextId: typeof data.nextId === 'number' && data.nextId > maxId ? data.nextId : maxId + 1,
  };
}

/** Whether the browser holds anything worth merging into an account. */
export function hasBrowserData(data: BrowserData): boolean {
  return data.favourites.length + data.recents.length + data.calculations.length > 0;
}

/** What `POST /api/me/merge/` gets from what the browser holds (oldest calculation first). */
export function mergeRequestOf(data: BrowserData): MergeRequest {
  return {
    favourites: [...data.favourites],
    recent_tools: [...data.recents],
    calculations: [...data.calculations]
      .sort((a, b) => byText(a.created_at, b.created_at) || a.id - b.id)
      .map(({ tool, name, input, result_text }) => ({ tool, name, input, result_text })),
  };
}

const newestFirst = (a: SavedCalculation, b: SavedCalculation) =>
  byText(b.created_at, a.created_at) || b.id - a.id;

/** A visitor's lists in the browser's storage (localStorage), `now` giving the timestamps. */
export function browserBackend(
  storage: Storage,
  now: () => Date = () => new Date(),
): YourToolsBackend & {
  clear(): void;
  data(): BrowserData;
} {
  const read = () => readBrowserData(storage);
  const write = (data: BrowserData) => {
    try {
      storage.setItem(BROWSER_KEY, JSON.stringify(data));
    } catch {
      throw new YourToolsError(YOUR_TOOLS_MESSAGES.storageFull);
    }
  };
  const find = (data: BrowserData, id: number) => {
    const found = data.calculations.find((c) => c.id === id);
    if (!found) throw new YourToolsError(YOUR_TOOLS_MESSAGES.notFound);
    return found;
  };
  return {
    kind: 'browser',
    data: read,
    clear: () => storage.removeItem(BROWSER_KEY),
    favourites: async () => read().favourites,
    async setFavourites(slugs) {
      const data = read();
      data.favourites = [...new Set(slugs)];
      write(data);
      return data.favourites;
    },
    recents: async () => read().recents,
    async setRecents(slugs) {
      const data = read();
      data.recents = [...new Set(slugs)].slice(0, RECENT_TOOLS_LIMIT);
      write(data);
      return data.recents;
    },
    async calculations(query = {}) {
      return read()
        .calculations.filter(
          (c) => (!query.tool || c.tool === query.tool) && calculationMatches(c, query.search ?? ''),
        )
        .sort(newestFirst);
    },
    async save(draft) {
      const name = draft.name.trim();
      if (!name) throw new YourToolsError(YOUR_TOOLS_MESSAGES.nameRequired);
      if (new TextEncoder().encode(JSON.stringify(draft.input)).length > SAVED_INPUT_MAX_BYTES)
        throw new YourToolsError(YOUR_TOOLS_MESSAGES.tooLarge);
      const data = read();
      if (data.calculations.length >= SAVED_CALCULATIONS_LIMIT)
        throw new YourToolsError(YOUR_TOOLS_MESSAGES.full);
      const stamp = now().toISOString();
      const saved: SavedCalculation = {
        id: data.nextId,
        tool: draft.tool,
        name: name.slice(0, SAVED_NAME_MAX),
        input: draft.input,
        result_text: storedResultText(draft.result_text),
        created_at: stamp,
        updated_at: stamp,
      };
      data.calculations.push(saved);
      data.nextId += 1;
      write(data);
      return saved;
    },
    async rename(id, name) {
      const trimmed = name.trim();
      if (!trimmed) throw new YourToolsError(YOUR_TOOLS_MESSAGES.nameRequired);
      const data = read();
      const found = find(data, id);
      found.name = trimmed.slice(0, SAVED_NAME_MAX);
      found.updated_at = now().toISOString();
      write(data);
      return found;
    },
    async remove(id) {
      const data = read();
      find(data, id);
      data.calculations = data.calculations.filter((c) => c.id !== id);
      write(data);
    },
  };
}

const ME = '/api/me';

/** A signed-in user's lists, through the API (`/api/me/favourites/`, `/recent-tools/`, `/calculations/`). */
export function accountBackend(api: ApiClient): YourToolsBackend {
  return {
    kind: 'account',
    favourites: () => api.get<string[]>(`${ME}/favourites/`),
    setFavourites: (slugs) => api.put<string[]>(`${ME}/favourites/`, slugs),
    recents: () => api.get<string[]>(`${ME}/recent-tools/`),
    setRecents: (slugs) => api.put<string[]>(`${ME}/recent-tools/`, slugs),
    async calculations(query = {}) {
      const page = await api.get<Page<SavedCalculation>>(`${ME}/calculations/`, {
        tool: query.tool,
        search: query.search?.trim(),
        page: 1,
        page_size: SAVED_CALCULATIONS_LIMIT,
      });
      return page.results;
    },
    save: (draft) => api.post<SavedCalculation>(`${ME}/calculations/`, draft),
    rename: (id, name) =>
      api.request<SavedCalculation>(`${ME}/calculations/${id}/`, { method: 'PATCH', body: { name } }),
    remove: (id) => api.delete(`${ME}/calculations/${id}/`),
  };
}

/**
 * On sign-in: sends what the browser holds to the account (`POST /api/me/merge/`, which adds no
 * duplicates) and, once the account has it, clears the browser's copy. Null when there was nothing
 * to send. A failed request leaves the browser's copy for the next attempt.
 */
export async function mergeIntoAccount(
  api: ApiClient,
  browser: Pick<ReturnType<typeof browserBackend>, 'data' | 'clear'>,
): Promise<MergeReply | null> {
  const data = browser.data();
  if (!hasBrowserData(data)) return null;
  const reply = await api.post<MergeReply>(`${ME}/merge/`, mergeRequestOf(data));
  browser.clear();
  return reply;
}
