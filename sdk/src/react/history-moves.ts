// biome-ignore lint/style/noRestrictedImports: moves through the tab's history that read no address (decision 177).
import { useRouter } from '@tanstack/react-router';
import { useCallback } from 'react';

/**
 * Back one step in the tab's history, as the browser's back button does. Ask the router's
 * `useCanGoBack()` first: on a page opened from a link there is no step within the app to go back to.
 */
export function useGoBack(): () => void {
  const { history } = useRouter();
  return useCallback(() => history.back(), [history]);
}

/**
 * Replaces the address the visitor is on with a full path (its query and hash kept as written, where
 * the router's `navigate({ to })` would encode the query again), without a step in the history: the
 * login page going on to where the visitor was headed.
 */
export function useReplaceAddress(): (href: string) => void {
  const { history } = useRouter();
  return useCallback((href: string) => history.replace(href), [history]);
}
