// biome-ignore lint/style/noRestrictedImports: the one reader of the query views use (decision 173).
import { useSearch } from '@tanstack/react-router';
import { createContext, useContext } from 'react';

const NoteQueryKeys = createContext<((keys: readonly string[]) => void) | null>(null);

/**
 * Given by the build's render of a page: each view that reads keys of the address's query tells it
 * which (`useQueryRead`), and the build writes them on the page (decision 172). A tool's form
 * tells the keys of all its fields, those shown only for another choice included.
 */
export const QueryKeyNotes = NoteQueryKeys.Provider;

/** Tells the build's render of the page that this view reads `keys` of the query; nothing in the browser. */
export function useQueryKeysRead(keys: readonly string[]): void {
  useContext(NoteQueryKeys)?.(keys);
}

/**
 * The values of `keys` in the address's query, as the router reads them (`?page=2` is the number 2),
 * kept current as it changes; a key the query lacks is absent. The one way a view reads the query
 * (lint refuses the router's `useSearch` and `useLocation` in a plugin): the build hears the keys,
 * so its route is held to name them in `readsQuery`, and an address with no other key is adopted as
 * painted (decisions 172, 173).
 */
export function useQueryRead<Key extends string>(keys: readonly Key[]): Partial<Record<Key, unknown>> {
  useQueryKeysRead(keys);
  // The search of the route this view is drawn for: the router's own location moves ahead of it
  // during a navigation (a login's, say), before the view is drawn for the new one.
  const query = useSearch({ strict: false }) as Record<string, unknown>;
  const read: Partial<Record<Key, unknown>> = {};
  for (const key of keys) if (Object.hasOwn(query, key)) read[key] = query[key];
  return read;
}
