/**
 * The React tree of the app, one definition for the browser (main.tsx) and for the pages
 * prerendered at build time (prerender.tsx): the same providers around the same router, so the
 * HTML the build writes is the HTML the browser hydrates.
 */
import { type MantineColorSchemeManager, MantineProvider } from '@mantine/core';
import { type AnyRouter, RouterProvider } from '@tanstack/react-router';
import { type ApiClient, ME_PATH } from '@toolbox/sdk';
import {
  ApiProvider,
  type ComputeApi,
  ComputeProvider,
  NotificationsHost,
  type Session,
  SessionProvider,
  useApi,
  useSession,
  YourToolsProvider,
} from '@toolbox/sdk/react';
import { type ReactNode, startTransition, useEffect, useLayoutEffect, useState } from 'react';
import type { SessionStore } from './session';
import { cssVariablesResolver, theme } from './theme';
import { createYourTools } from './your-tools/store';

export interface AppParts {
  router: AnyRouter;
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
      .get<unknown>(ME_PATH, undefined, controller.signal)
      .then((user) => session.refreshUser(token, user))
      // A 401 already signed the user out (the client's onUnauthorized); other failures change nothing.
      .catch(() => undefined);
    return () => controller.abort();
  }, [token, client, session]);
  return null;
}

/**
 * The session the page shows: the store's, except that a hydrated page shows the visitor it was
 * prerendered for until the stored session replaces it, in a transition. A part of the page still
 * waiting for its code (a slot's lazy button) then keeps its prerendered HTML until the code comes,
 * where an urgent update would have React drop that HTML for the part's empty fallback, and the
 * header would shift twice. Later changes (login, logout, another tab) apply at once.
 */
function useShownSession(session: SessionStore, hydrationSession: Session | undefined): Session {
  const [shown, setShown] = useState<Session>(() => hydrationSession ?? session.getSnapshot());
  useLayoutEffect(() => {
    const follow = () => setShown(session.getSnapshot());
    startTransition(follow);
    return session.subscribe(follow);
  }, [session]);
  return shown;
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
  const current = useShownSession(session, hydrationSession);
  // A visitor, as the page was prerendered for: keep the very session it hydrated with. A new object
  // would re-render every reader, and React renders afresh (dropping its prerendered HTML) a part
  // still waiting for its code (Home's login card, which loads on the visitor's intent).
  const value =
    hydrationSession && current.user === hydrationSession.user && current.token === hydrationSession.token
      ? hydrationSession
      : current;
  // `<html data-ready>` once the page shows the stored session (a prerendered page first hydrates as
  // a visitor): from then on what is typed stays typed. Browser tests wait for it before typing.
  useEffect(() => {
    if (value.token === session.getSnapshot().token) document.documentElement.dataset.ready = '';
  }, [value, session]);
  return (
    <SessionProvider session={value}>
      <RefreshUser session={session} />
      {children}
    </SessionProvider>
  );
}

export function App({ router, api, session, compute, colorSchemeManager, hydrationSession }: AppParts) {
  // Favourites, recent tools and saved calculations: their code loads once the page is idle.
  const [yourTools] = useState(() => createYourTools(api, session));
  useEffect(() => yourTools.start(), [yourTools]);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
    >
      <NotificationsHost />
      <ApiProvider client={api}>
        <CurrentSession session={session} hydrationSession={hydrationSession}>
          <ComputeProvider api={compute}>
            <YourToolsProvider value={yourTools}>
              <RouterProvider router={router} />
            </YourToolsProvider>
          </ComputeProvider>
        </CurrentSession>
      </ApiProvider>
    </MantineProvider>
  );
}
