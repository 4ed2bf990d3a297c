import { useSyncExternalStore } from 'react';

const noSubscription = () => () => {};

/**
 * True while the app adopts a page prerendered at build time, whose first render must be the build's
 * (decision 140): a page prerendered once for every path of a route renders there what is the same
 * for every value of its parameter, and only after that what depends on it (an id it cannot read).
 * False in every other render, a page rendered in the browser included.
 */
export function useAdopting(): boolean {
  return useSyncExternalStore(
    noSubscription,
    () => false,
    () => true,
  );
}
