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
  client ??= new QueryClient({ defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } } });
  return client;
}

/** Provides `sharedQueryClient()` to what it wraps. */
export function QueriesProvider({ children }: { children?: ReactNode }) {
  return <QueryClientProvider client={sharedQueryClient()}>{children}</QueryClientProvider>;
}
