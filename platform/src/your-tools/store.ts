import type { ApiClient } from '@toolbox/sdk';
import { noteUse } from '@toolbox/sdk/noted-uses';
import { EMPTY_YOUR_TOOLS, type YourTools, type YourToolsSnapshot } from '@toolbox/sdk/react';
import { laterLoadsAllowed } from '../later-loads';
import type { SessionStore } from '../session';
import type { Engine } from './engine';

/**
 * The app's one `YourTools`: a snapshot and its listeners here, everything else (storage, the API,
 * the merge on sign-in) in a chunk loaded once later loads are allowed (`../later-loads.ts`) or on the
 * first use, whichever comes first, so the first page carries only this.
 */
export function createYourTools(api: ApiClient, session: SessionStore): YourTools & { start(): void } {
  let snapshot: YourToolsSnapshot = EMPTY_YOUR_TOOLS;
  const listeners = new Set<() => void>();
  const set = (next: YourToolsSnapshot) => {
    snapshot = next;
    for (const listener of listeners) listener();
  };
  let engine: Promise<Engine> | undefined;
  const load = () => {
    engine ??= import('./engine').then(({ createEngine }) =>
      createEngine({ api, session, set, get: () => snapshot }),
    );
    return engine;
  };
  return {
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    getSnapshot: () => snapshot,
    toggleFavourite: (slug) => void load().then((e) => e.toggleFavourite(slug)),
    // Noted at once, in case the page is left before the lists' code has loaded.
    recordUse: (slug) => {
      try {
        noteUse(window.localStorage, slug);
      } catch {
        return; // storage blocked by the browser's settings: nothing to list it in
      }
      void load().then((e) => e.recordNotedUses());
    },
    backend: () => load().then((e) => e.backend()),
    start() {
      if (typeof window === 'undefined' || engine) return;
      void laterLoadsAllowed().then(load);
    },
  };
}
