import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import '@mantine/spotlight/styles.css';
import './global.css';

import { localStorageColorSchemeManager } from '@mantine/core';
import { createApiClient } from '@toolbox/sdk';
import { connectComputeWorker } from '@toolbox/sdk/react';
import { type ReactNode, StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App, type AppParts } from './app';
import { holdEarlyInput } from './early-input';
import { NOT_FOUND_MARK } from './not-found-mark';
import { registerServiceWorker } from './register-sw';
import { createAppRouter } from './router';
import { createSessionStore } from './session';

const session = createSessionStore();
const router = createAppRouter(session);
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

// After a client-side page change, move focus to the new content so screen readers announce it.
router.subscribe('onResolved', ({ fromLocation, pathChanged }) => {
  if (fromLocation && pathChanged) document.getElementById('main')?.focus({ preventScroll: true });
});

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root');
// From now until the page is hydrated (or rendered afresh), what the visitor types or submits is
// held, then played back.
const playBackEarlyInput = holdEarlyInput(container);

function AfterHydration({ children }: { children: ReactNode }) {
  useEffect(playBackEarlyInput, []);
  return children;
}

const parts: AppParts = {
  router,
  api,
  session,
  compute,
  colorSchemeManager: localStorageColorSchemeManager(),
};

/**
 * A page prerendered at build time (scripts/prerender.mjs) is hydrated: React adopts the HTML
 * already on screen. It was rendered for its path alone, so a shared link (its input in the query)
 * is rendered afresh over it (so is a page the router redirected away from).
 */
async function start() {
  if (!container) return;
  await router.load();
  // The 404 page was prerendered once, for any path no route matches (the server sent it with 404).
  const mark = container.dataset.prerendered;
  const prerendered =
    (mark === router.state.location.pathname || mark === NOT_FOUND_MARK) && !window.location.search;
  if (prerendered) {
    // Render the router's matches as the build did (no Suspense of its own around them).
    (router as { ssr?: object }).ssr = { manifest: undefined };
    hydrateRoot(
      container,
      <StrictMode>
        <AfterHydration>
          <App
            {...parts}
            hydrationSession={{ user: null, token: null, signIn: session.signIn, signOut: session.signOut }}
          />
        </AfterHydration>
      </StrictMode>,
    );
  } else {
    container.replaceChildren();
    createRoot(container).render(
      <StrictMode>
        <AfterHydration>
          <App {...parts} />
        </AfterHydration>
      </StrictMode>,
    );
  }
}

void start();
registerServiceWorker();
