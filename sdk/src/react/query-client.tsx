import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';

let client: QueryClient | undefined;

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
  client ??= new QueryClient({
    defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false, networkMode: 'always' } },
  });
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
        return [async () => queryFn({ client: queryClient, queryKey, meta, signal })];
      });
}
