import { createContext, type ReactNode, useContext, useSyncExternalStore } from 'react';
import type { YourToolsBackend } from '../your-tools';

/** Favourites and recent tools as the screens show them. */
export interface YourToolsSnapshot {
  favourites: readonly string[];
  /** Newest first. */
  recents: readonly string[];
  /** Where they live: the browser (a visitor) or the account. */
  where: 'browser' | 'account';
  /** False until the lists were read (after the page became interactive). */
  loaded: boolean;
}

/**
 * The person's tools: favourites, recent tools and saved calculations. The platform provides it
 * (kept in the browser for a visitor, in the account once signed in); its code loads after the
 * first page is interactive.
 */
export interface YourTools {
  subscribe(listener: () => void): () => void;
  getSnapshot(): YourToolsSnapshot;
  toggleFavourite(slug: string): void;
  /** A calculation was made with this tool. */
  recordUse(slug: string): void;
  /** Where saved calculations are listed, saved, renamed and deleted for the current session. */
  backend(): Promise<YourToolsBackend>;
}

export const EMPTY_YOUR_TOOLS: YourToolsSnapshot = {
  favourites: [],
  recents: [],
  where: 'browser',
  loaded: false,
};

const YourToolsContext = createContext<YourTools | null>(null);

export function YourToolsProvider({ value, children }: { value: YourTools; children: ReactNode }) {
  return <YourToolsContext.Provider value={value}>{children}</YourToolsContext.Provider>;
}

/**
 * The store alone, for a screen that changes the lists without showing them: it renders no more
 * when they change (useYourTools does).
 */
export function useYourToolsStore(): YourTools {
  const store = useContext(YourToolsContext);
  if (!store) throw new Error('useYourTools needs a <YourToolsProvider> (the platform provides it)');
  return store;
}

/** The store and its current lists (empty while prerendering and hydrating). */
export function useYourTools(): { store: YourTools; lists: YourToolsSnapshot } {
  const store = useYourToolsStore();
  const lists = useSyncExternalStore(store.subscribe, store.getSnapshot, () => EMPTY_YOUR_TOOLS);
  return { store, lists };
}

/** Whether the tool `slug` is a favourite; renders again only when that changes. */
export function useIsFavourite(slug: string): boolean {
  const store = useYourToolsStore();
  return useSyncExternalStore(
    store.subscribe,
    () => store.getSnapshot().favourites.includes(slug),
    () => false,
  );
}
