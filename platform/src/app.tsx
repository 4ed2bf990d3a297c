/**
 * The React tree of the app, one definition for the browser (main.tsx) and for the pages
 * prerendered at build time (prerender.tsx): the same providers around the same router, so the
 * HTML the build writes is the HTML the browser hydrates.
 */
import { type MantineColorSchemeManager, MantineProvider } from '@mantine/core';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type AnyRouter, RouterProvider } from '@tanstack/react-router';
import type { ApiClient } from '@toolbox/sdk';
import {
  ApiProvider,
  type ComputeApi,
  ComputeProvider,
  type Session,
  SessionProvider,
  useApi,
  useSession,
} from '@toolbox/sdk/react';
import { type ReactNode, useEffect, useSyncExternalStore } from 'react';
import { NotificationsHost } from './components/notifications-host';
import type { SessionStore } from './session';
import { cssVariablesResolver, theme } from './theme';

export interface AppParts {
  router: AnyRouter;
  queryClient: QueryClient;
  api: ApiClient;
  session: SessionStore;
  compute: ComputeApi;
  colorSchemeManager: MantineColorSchemeManager;
  /**
   * The session of the first render. A prerendered page was rendered for a visitor, so the browser
   * hydrates it as a visitor and then renders the stored session (useSyncExternalStore's server
   * snapshot); without it the first render is the stored session.
   */
  hydrationSession?: Session;
}

/**
 * Refreshes the stored user from the API once per token, in the background (never blocks a page).
 * A plain request rather than a query: the first page then ships without TanStack Query's observers.
 */
function RefreshUser({ session }: { session: SessionStore }) {
  const { token } = useSession();
  const client = useApi();
  useEffect(() => {
    if (!token) return;
    const controller = new AbortController();
    client
      .get<unknown>('/api/me/', undefined, controller.signal)
      .then((user) => session.refreshUser(token, user))
      // A 401 already signed the user out (the client's onUnauthorized); other failures change nothing.
      .catch(() => undefined);
    return () => controller.abort();
  }, [token, client, session]);
  return null;
}

function CurrentSession({
  session,
  hydrationSession,
  children,
}: {
  session: SessionStore;
  hydrationSession: Session | undefined;
  children: ReactNode;
}) {
  const current = useSyncExternalStore(
    session.subscribe,
    session.getSnapshot,
    hydrationSession ? () => hydrationSession : session.getSnapshot,
  );
  return (
    <SessionProvider session={current}>
      <RefreshUser session={session} />
      {children}
    </SessionProvider>
  );
}

export function App({
  router,
  queryClient,
  api,
  session,
  compute,
  colorSchemeManager,
  hydrationSession,
}: AppParts) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
    >
      <NotificationsHost />
      <QueryClientProvider client={queryClient}>
        <ApiProvider client={api}>
          <CurrentSession session={session} hydrationSession={hydrationSession}>
            <ComputeProvider api={compute}>
              <RouterProvider router={router} />
            </ComputeProvider>
          </CurrentSession>
        </ApiProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
