import { startTransition, useEffect, useRef, useState } from 'react';

/** What a view reads of data fetched through `useCachedData` (the same names as TanStack Query's). */
export interface DataState<T> {
  data: T | undefined;
  error: Error | null;
  /** No data yet and no failure: loading, or waiting to be enabled (as Query's `pending` status). */
  isPending: boolean;
  isSuccess: boolean;
  isError: boolean;
  /** A request is in flight. */
  isFetching: boolean;
  /** Fetches again now, unless a request is in flight or no view has enabled the key. */
  refetch(): void;
}

interface Entry {
  state: DataState<unknown>;
  fetchedAt: number;
  listeners: Set<() => void>;
  /** Fetches again as the views showing it last asked (set while one of them is enabled). */
  reload?: () => void;
  /** Failed loads in a row, and the next try planned after the last one. */
  failures: number;
  retry?: ReturnType<typeof setTimeout>;
  /** The wait before the first planned try (`retryAfterMs`). */
  retryAfterMs: number;
}

/** The first planned try after a failure; each next one waits twice as long, at most RETRY_MAX_MS. */
const RETRY_AFTER_MS = 5000;
const RETRY_MAX_MS = 60_000;

const entries = new Map<string, Entry>();
function entryOf(key: string): Entry {
  let entry = entries.get(key);
  if (!entry) {
    const created: Entry = {
      state: {
        data: undefined,
        error: null,
        isPending: true,
        isSuccess: false,
        isError: false,
        isFetching: false,
        refetch: () => fetchAgain(created),
      },
      fetchedAt: 0,
      listeners: new Set(),
      failures: 0,
      retryAfterMs: RETRY_AFTER_MS,
    };
    entry = created;
    entries.set(key, entry);
  }
  return entry;
}

/** Fetches an entry now, in place of its planned try. */
function fetchAgain(entry: Entry) {
  if (entry.state.isFetching || !entry.reload) return;
  clearTimeout(entry.retry);
  entry.reload();
}

function update(entry: Entry, change: Partial<DataState<unknown>>) {
  entry.state = { ...entry.state, ...change };
  for (const listener of entry.listeners) listener();
}

async function load(entry: Entry, fetcher: () => Promise<unknown>, attempts: number) {
  update(entry, { isFetching: true });
  for (let attempt = 1; ; attempt++) {
    try {
      const data = await fetcher();
      entry.fetchedAt = Date.now();
      entry.failures = 0;
      update(entry, {
        data,
        error: null,
        isPending: false,
        isSuccess: true,
        isError: false,
        isFetching: false,
      });
      return;
    } catch (cause) {
      const error = cause instanceof Error ? cause : new Error(String(cause));
      // A refusal (404, 400) would answer the same: only a failure that may pass is tried again now.
      if (attempt < attempts && mayPass(error)) continue;
      // Data fetched before stays shown; the error says the refresh failed.
      // No data and a failure: no longer pending (a button waiting for the data gives up its spinner).
      update(entry, { error, isError: entry.state.data === undefined, isPending: false, isFetching: false });
      entry.failures += 1;
      planRetry(entry);
      return;
    }
  }
}

/**
 * Whether a failure may pass by itself: no answer, the server unavailable or busy. A refusal
 * (404 "not available", 400) answers the same until something else changes.
 */
function mayPass(error: Error | null) {
  // An ApiError's status; any other error (a fetch that failed outside the client) counts as 0.
  const status = (error as { status?: number } | null)?.status ?? 0;
  return error !== null && (status === 0 || status === 429 || status >= 500);
}

/** Whether an entry waits for a try: it failed in a way that may pass, and a view still shows it. */
const worthRetrying = (entry: Entry) =>
  mayPass(entry.state.error) &&
  !entry.state.isFetching &&
  entry.listeners.size > 0 &&
  entry.reload !== undefined;

/** Plans the next try of a failed entry: 5 s, 10 s, 20 s … at most a minute apart, while a view shows it. */
function planRetry(entry: Entry) {
  clearTimeout(entry.retry);
  if (!worthRetrying(entry)) return;
  const wait = Math.min(RETRY_MAX_MS, entry.retryAfterMs * 2 ** (entry.failures - 1));
  entry.retry = setTimeout(() => {
    entry.retry = undefined;
    if (worthRetrying(entry)) entry.reload?.();
  }, wait);
}

/**
 * Data that failed is fetched again when the browser is back online, and when its tab is shown
 * again (the person may have fixed the connection meanwhile): only for keys a view still shows.
 */
function retryFailed() {
  for (const entry of entries.values()) {
    if (worthRetrying(entry)) fetchAgain(entry);
  }
}
if (typeof window !== 'undefined') {
  window.addEventListener('online', retryFailed);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') retryFailed();
  });
}

export interface CachedDataOptions {
  /** How long an answer counts as fresh (ms); a view mounted after that fetches it again. */
  staleTime: number;
  /** False: nothing is fetched (yet); the state stays pending. */
  enabled?: boolean;
  /** Attempts before the error is shown (2: one retry, after a failure that may pass; not after a refusal). */
  attempts?: number;
  /**
   * After a failure that may pass (no answer, 5xx, 429), the wait before the next try while a view
   * shows the data; each next wait is twice as long, at most a minute (default 5 s).
   */
  retryAfterMs?: number;
}

type Field = keyof DataState<unknown>;

/** While a page is prerendered: the fetchers of the data its views ask for as they open, by key. */
let opening: Map<string, () => Promise<unknown>> | undefined;

/**
 * Prerenders a page with `render` while noting, rather than fetching, the data its views ask for as
 * they open (enabled `useCachedData` keys): the build names it in the page, to be fetched as the page
 * arrives rather than once the app has started (decision 133). Calling the fetchers noted (with an
 * API client that records its requests) tells what they would ask for.
 */
export async function noteOpeningData<T>(
  render: () => Promise<T>,
): Promise<{ rendered: T; fetchers: (() => Promise<unknown>)[] }> {
  const noted = new Map<string, () => Promise<unknown>>();
  opening = noted;
  try {
    return { rendered: await render(), fetchers: [...noted.values()] };
  } finally {
    opening = undefined;
  }
}

/**
 * Data from the API shared by every view for the session, fetched once per key while fresh: the
 * light stand-in for TanStack Query that tool pages use (Query itself loads only with page plugins'
 * views). Nothing is fetched while rendering, so a prerendered page shows the pending state and
 * hydrates with it. A view renders again only when a field it has read changes (as Query's tracked
 * results do): a view that never reads `isFetching` is not rendered again when a fetch starts.
 */
export function useCachedData<T>(
  key: readonly unknown[],
  fetcher: () => Promise<T>,
  { staleTime, enabled = true, attempts = 2, retryAfterMs = RETRY_AFTER_MS }: CachedDataOptions,
): DataState<T> {
  const id = JSON.stringify(key);
  if (opening && enabled && !opening.has(id)) opening.set(id, fetcher);
  const entry = entryOf(id);
  /** The fields this view has read while rendering. */
  const read = useRef(new Set<Field>());
  const [shown, show] = useState(() => ({ entry, state: entry.state }));
  /** What this view was last given: ahead of `shown` while a transition brings it. */
  const given = useRef(shown);
  /** The key this view's fetch effect has run for, enabled. */
  const asked = useRef<string | undefined>(undefined);
  // A new key shows its entry's state at once; the effect below follows it from then on.
  const shownState = shown.entry === entry ? shown.state : entry.state;
  // Data on its way says so from the first render (as Query's first result does, its "optimistic"
  // fetching state), before the effect below has started the fetch, and in every render until the
  // fetch's news is shown (it comes as a transition, which an urgent render of the view passes):
  // enabled data with no answer and no failure yet is being fetched. A button kept busy with it is
  // never shown ready for one of those moments, where a press would land on it as it turns busy.
  const onItsWay =
    enabled &&
    !shownState.isFetching &&
    ((shownState.isPending && !shownState.isError) ||
      (asked.current !== id && !(shownState.isSuccess && Date.now() - entry.fetchedAt < staleTime)));
  const state = onItsWay ? { ...shownState, isFetching: true } : shownState;
  useEffect(() => {
    const listener = () => {
      const last = given.current;
      const next = entry.state;
      const changed =
        last.entry !== entry || [...read.current].some((field) => last.state[field] !== next[field]);
      if (!changed) return;
      const now = { entry, state: next };
      given.current = now;
      // Data arriving renders as a transition: in slices that a press or a keystroke can pass, not
      // in one task that holds the page (a tool's view and its fields are a costly render on a phone).
      startTransition(() => show(now));
    };
    entry.listeners.add(listener);
    // A change between this view's render and now.
    listener();
    return () => {
      entry.listeners.delete(listener);
    };
  }, [entry]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the key stands for the fetcher
  useEffect(() => {
    asked.current = enabled ? id : undefined;
    if (!enabled) return;
    entry.reload = () => void load(entry, fetcher, attempts);
    entry.retryAfterMs = retryAfterMs;
    if (entry.state.isFetching) return;
    if (entry.state.isSuccess && Date.now() - entry.fetchedAt < staleTime) return;
    entry.reload();
  }, [id, enabled, staleTime, attempts, retryAfterMs]);
  // Each field read while rendering is noted: the snapshot above changes only for those.
  return new Proxy(state as DataState<T>, {
    get(target, field) {
      read.current.add(field as Field);
      return target[field as Field];
    },
  });
}

/**
 * For a form whose compute needs data fetched from the API (rates, CPI): a press answered with
 * `missing` (the compute's message for data it lacks) while the data is not there asks for the data
 * again at once, and the form is answered again when the data arrives, with the values it shows
 * then. The person does not have to wait for the next planned try, nor press again.
 */
export function useAnswerWhenDataArrives(
  form: { error: string | undefined; pending: boolean; submit(): Promise<void> },
  data: DataState<unknown>,
  missing: string,
): void {
  const has = data.data !== undefined;
  const refused = form.error === missing;
  const { refetch } = data;
  // Each press ends its `pending`: a second refusal of the same kind asks again too.
  const { pending } = form;
  useEffect(() => {
    if (refused && !has && !pending) refetch();
  }, [refused, has, pending, refetch]);

  // Only when the data arrives after the refusal: data that is here and still lacks what the
  // compute needs (an unknown code) answers `missing` again, and must not be asked again and again.
  const hadData = useRef(has);
  const { submit } = form;
  useEffect(() => {
    if (has && !hadData.current && refused) void submit();
    hadData.current = has;
  }, [has, refused, submit]);
}
