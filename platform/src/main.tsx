import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/spotlight/styles.css';
import './global.css';

import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { createApiClient } from '@toolbox/sdk';
import {
  ApiProvider,
  ComputeProvider,
  connectComputeWorker,
  SessionProvider,
  useApi,
  useSession,
} from '@toolbox/sdk/react';
import { type ReactNode, StrictMode, useEffect, useSyncExternalStore } from 'react';
import { createRoot } from 'react-dom/client';
import { NotificationsHost } from './components/notifications-host';
import { registerServiceWorker } from './register-sw';
import { createAppRouter } from './router';
import { createSessionStore } from './session';
import { cssVariablesResolver, theme } from './theme';

const queryClient = new QueryClient({
  defaultOptions: { queries: { retry: 1, refetchOnWindowFocus: false } },
});
const session = createSessionStore();
const router = createAppRouter(queryClient, session);
const api = createApiClient({
  getToken: () => session.token,
  // A revoked or expired token: the session ends here, and the guards below then send the user to
  // /login?redirect=<here> if this page needs a session (a public page simply goes on as a visitor).
  onUnauthorized: () => session.signOut(),
});
// Sign-in, sign-out (here, in another tab, or by a 401): every guard of the current page runs again.
session.subscribe(() => {
  void router.invalidate();
});
// The worker starts with the first calculation, not with the first page.
const compute = connectComputeWorker(
  () => new Worker(new URL('./compute.worker.ts', import.meta.url), { type: 'module' }),
);

const colorSchemeManager = localStorageColorSchemeManager();

// After a client-side page change, move focus to the new content so screen readers announce it.
router.subscribe('onResolved', ({ fromLocation, pathChanged }) => {
  if (fromLocation && pathChanged) document.getElementById('main')?.focus({ preventScroll: true });
});

/**
 * Refreshes the stored user from the API once per token, in the background (never blocks a page).
 * A plain request rather than a query: the first page then ships without TanStack Query's observers.
 */
function RefreshUser() {
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
  }, [token, client]);
  return null;
}

function CurrentSession({ children }: { children: ReactNode }) {
  const current = useSyncExternalStore(session.subscribe, session.getSnapshot);
  return (
    <SessionProvider session={current}>
      <RefreshUser />
      {children}
    </SessionProvider>
  );
}

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');

createRoot(container).render(
  <StrictMode>
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
    >
      <NotificationsHost />
      <QueryClientProvider client={queryClient}>
        <ApiProvider client={api}>
          <CurrentSession>
            <ComputeProvider api={compute}>
              <RouterProvider router={router} />
            </ComputeProvider>
          </CurrentSession>
        </ApiProvider>
      </QueryClientProvider>
    </MantineProvider>
  </StrictMode>,
);

registerServiceWorker();
