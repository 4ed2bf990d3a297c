/**
 * The app itself, loaded by the entry (main.tsx) once it holds what the visitor does: the router,
 * the session and the API client, then React adopts the prerendered page (or renders it afresh).
 */
import { localStorageColorSchemeManager } from '@mantine/core';
import { createApiClient } from '@toolbox/sdk';
import { patternToRegExp } from '@toolbox/sdk/page-files';
import { type ComputeApi, notify } from '@toolbox/sdk/react';
import { type ReactNode, StrictMode, startTransition, useEffect } from 'react';
import { App, type AppParts } from './app';
import { keepingFocus } from './early-input';
import { onCaughtError } from './guards';
import { NOT_FOUND_MARK } from './not-found-mark';
import { createRoot, flushSync, hydrateRoot } from './react-dom';
import { registerServiceWorker } from './register-sw';
import { createAppRouter } from './router';
import { createSessionStore, SESSION_ENDED } from './session';

const session = createSessionStore();
const router = createAppRouter(session);
const api = createApiClient({
  getToken: () => session.token,
  // A revoked or expired token: the session ends here, and the guards below then send the user to
  // /login?redirect=<here> if this page needs a session (a public page simply goes on as a visitor).
  // The user is told why (a logout's own request, sent once the session has ended here, is not).
  onUnauthorized: () => {
    if (session.token) notify('info', SESSION_ENDED.title, SESSION_ENDED.message, { id: 'session-ended' });
    session.signOut();
  },
});
// Sign-in, sign-out (here, in another tab, or by a 401): every guard of the current page runs again.
session.subscribe(() => {
  void router.invalidate();
});
// After a client-side page change, move focus to the new content so screen readers announce it.
router.subscribe('onResolved', ({ fromLocation, pathChanged }) => {
  if (fromLocation && pathChanged) document.getElementById('main')?.focus({ preventScroll: true });
});

/** Runs `then` once the root has committed (hydrated or rendered afresh). */
function AfterHydration({ then, children }: { then: () => void; children: ReactNode }) {
  useEffect(then, [then]);
  return children;
}

export interface StartOptions {
  container: HTMLElement;
  compute: ComputeApi;
  /**
   * The page was opened from a shared link: its query holds input the prerendered page lacks (not
   * only a link's tracking tags, decision 171, and not on a page the server rendered with its data
   * for this very address, decision 170).
   */
  sharedLink: boolean;
  /** Plays back what the visitor did before React took the page over (early-input.ts). */
  playBackEarlyInput: () => void;
}

/**
 * Whether the prerendered page marked `mark` is the page of `path`: the page of that very path, the
 * page of a route's pattern that matches it (decision 140), or the not-found page.
 */
function prerenderedFor(mark: string | undefined, path: string): boolean {
  if (mark === undefined) return false;
  if (mark === path || mark === NOT_FOUND_MARK) return true;
  return mark.includes('$') && patternToRegExp(mark).test(path);
}

/**
 * A page prerendered at build time (scripts/prerender.mjs) is hydrated: React adopts the HTML
 * already on screen. It was rendered without a query, so a shared link (its input in the query)
 * is rendered afresh over it (so is a page the router redirected away from).
 */
export async function start({ container, compute, sharedLink, playBackEarlyInput }: StartOptions) {
  const parts: AppParts = {
    router,
    api,
    session,
    compute,
    colorSchemeManager: localStorageColorSchemeManager(),
  };
  await router.load();
  const prerendered =
    prerenderedFor(container.dataset.prerendered, router.state.location.pathname) && !sharedLink;
  if (prerendered) {
    // Render the router's matches as the build did (no Suspense of its own around them).
    (router as { ssr?: object }).ssr = { manifest: undefined };
    // As a transition, React adopts the page in slices, yielding to the visitor between them, rather
    // than in one long task (the page is on screen meanwhile).
    startTransition(() => {
      hydrateRoot(
        container,
        <StrictMode>
          <AfterHydration then={playBackEarlyInput}>
            <App
              {...parts}
              hydrationSession={{ user: null, token: null, signIn: session.signIn, signOut: session.signOut }}
            />
          </AfterHydration>
        </StrictMode>,
        { onCaughtError },
      );
    });
  } else {
    // The prerendered page goes and the app's comes in one task, focus kept (early-input.ts).
    keepingFocus(container, () => {
      container.replaceChildren();
      const root = createRoot(container, { onCaughtError });
      flushSync(() =>
        root.render(
          <StrictMode>
            <AfterHydration then={playBackEarlyInput}>
              <App {...parts} />
            </AfterHydration>
          </StrictMode>,
        ),
      );
    });
  }
  registerServiceWorker();
}
