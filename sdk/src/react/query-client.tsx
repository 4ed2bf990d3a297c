import {
  type DehydratedState,
  dehydrate,
  hydrate,
  type Query,
  QueryClient,
  QueryClientProvider,
} from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { QUERY_STATE } from '../page-files';

let client: QueryClient | undefined;

/**
 * How long the answers a page was sent with count as current, from the moment the page arrived: a
 * view that mounts with one within this time does not read it again (decision 166).
 */
export const PAGE_ANSWERS_FRESH_MS = 30_000;

/** The queries the page's answers filled, and when the page arrived (this browser's clock). */
const sentWithPage = new Set<string>();
let pageArrived: number | undefined;

/**
 * When the page's response arrived, on this browser's clock; undefined when it may be older than
 * that: a back or forward visit may read the page from the browser's cache without asking.
 */
function pageArrivedAt(): number | undefined {
  const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
  if (!navigation || navigation.type === 'back_forward') return undefined;
  return performance.timeOrigin + navigation.responseStart;
}

/**
 * The answers the page was rendered with (QUERY_STATE), put in `queryClient`; none outside a browser.
 * Each is dated from the page's arrival: the server read it to render the page it sent then, so it is
 * as current as that page. (The server's own time of reading it is on another clock.)
 */
function startWithPageAnswers(queryClient: QueryClient) {
  if (typeof document === 'undefined') return;
  const text = document.querySelector(`script[${QUERY_STATE}]`)?.textContent;
  if (!text) return;
  try {
    const state = JSON.parse(text) as DehydratedState;
    pageArrived = pageArrivedAt();
    if (pageArrived !== undefined) {
      for (const query of state.queries) {
        query.state.dataUpdatedAt = pageArrived;
        sentWithPage.add(query.queryHash);
      }
    }
    hydrate(queryClient, state);
  } catch {
    // Unreadable: the views fetch their data as on any other page.
  }
}

/**
 * A query's answer is stale at once (TanStack's default), unless it is the very answer the page was
 * sent with: that one is current for PAGE_ANSWERS_FRESH_MS. A view's own `staleTime` overrides this.
 */
function staleTime(query: Query): number {
  const asSent = sentWithPage.has(query.queryHash) && query.state.dataUpdatedAt === pageArrived;
  return asSent ? PAGE_ANSWERS_FRESH_MS : 0;
}

/**
 * The app's one query cache. It is created by the first module that asks for it, so TanStack Query
 * loads with the first view that fetches data, not with the first page: hooks of this SDK pass it to
 * `useQuery` themselves, and the platform puts `QueriesProvider` around every page plugin's view
 * (where `useQuery`, `useMutation` and `useQueryClient` then work as usual). A tool view calling
 * `useQuery` directly passes `sharedQueryClient()` as its second argument.
 */
export function sharedQueryClient(): QueryClient {
  // `always`: a read made offline is tried (the service worker may answer it) and, unanswered, fails
  // with the client's UNREACHABLE, which the view shows with a retry; TanStack's default would hold
  // it, pending for ever, while the browser says it is offline (decision 151).
  if (!client) {
    client = new QueryClient({
      defaultOptions: {
        queries: { retry: 1, refetchOnWindowFocus: false, networkMode: 'always', staleTime },
      },
    });
    startWithPageAnswers(client);
  }
  return client;
}

/** Provides `sharedQueryClient()` to what it wraps. */
export function QueriesProvider({ children }: { children?: ReactNode }) {
  return <QueryClientProvider client={sharedQueryClient()}>{children}</QueryClientProvider>;
}

/** The prerender's `enabled` default: off, and telling a query no view turned off from one a view did. */
const UNLESS_PRERENDERING = () => false;

/**
 * For the build's prerender (decision 134): from here on the shared cache is empty, queries are built
 * but never fetched, and the function returned gives the fetches of the queries built since that no
 * view turned off, the data the page's views read as they open. Called with an API client that
 * only writes down what it is asked for, each fetch names one read for the page to preload.
 */
export function noteOpeningQueries(): () => (() => Promise<unknown>)[] {
  const queryClient = sharedQueryClient();
  queryClient.clear();
  queryClient.setDefaultOptions({ queries: { retry: false, enabled: UNLESS_PRERENDERING } });
  return () =>
    queryClient
      .getQueryCache()
      .getAll()
      // A query keeps the options of the view that built it, `enabled` too (its type leaves it out).
      .filter(({ options }) => {
        const { enabled } = options as { enabled?: unknown };
        return enabled === UNLESS_PRERENDERING || enabled === true;
      })
      .flatMap(({ options, queryKey, meta }) => {
        const { queryFn } = options;
        if (typeof queryFn !== 'function') return [];
        const signal = new AbortController().signal;
        // What it answers is kept: the server's render with data renders again with it (decision 161).
        return [
          async () => {
            const data = await queryFn({ client: queryClient, queryKey, meta, signal });
            queryClient.setQueryData(queryKey, data);
            return data;
          },
        ];
      });
}

/** The answers in the shared cache, as `QUERY_STATE` carries them to the browser. */
export const openingQueryState = (): DehydratedState => dehydrate(sharedQueryClient());
