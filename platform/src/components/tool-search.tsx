import { lazy, Suspense, useEffect, useSyncExternalStore } from 'react';
import { isSearchShortcut } from '../search-shortcut';

/**
 * The tool search is loaded on first use (Ctrl/Cmd+K, the search button, or hovering it), so the
 * first page ships without it.
 */
const loadSpotlight = () => import('./tool-spotlight');
const ToolSpotlight = lazy(loadSpotlight);

let requested = false;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Starts loading the search's code without opening it (on hover or focus of a trigger). */
export function prefetchToolSearch(): void {
  void loadSpotlight();
}

export function openToolSearch(): void {
  if (!requested) {
    requested = true;
    for (const listener of listeners) listener();
  }
  void loadSpotlight().then((module) => module.openSpotlight());
}

/** Mounted once at the root: the keyboard shortcut, and the search itself once it was asked for. */
export function ToolSearch() {
  const mounted = useSyncExternalStore(
    subscribe,
    () => requested,
    () => false,
  );
  // Ctrl+K (Cmd+K on Apple systems); works from inside form fields too: the shortcut is no text
  // anyone types. A plain listener: Mantine's hotkeys parser is not worth its bytes on the first page.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      openToolSearch();
    };
    document.documentElement.addEventListener('keydown', onKey);
    return () => document.documentElement.removeEventListener('keydown', onKey);
  }, []);
  return mounted ? (
    <Suspense fallback={null}>
      <ToolSpotlight />
    </Suspense>
  ) : null;
}
