import { createContext, useContext } from 'react';

const NoteQueryKeys = createContext<((keys: readonly string[]) => void) | null>(null);

/**
 * Given by the build's render of a page: each view that reads keys of the address's query tells it
 * which (`useQueryKeysRead`), and the build writes them on the page (decision 172). A tool's form
 * tells the keys of all its fields, those shown only for another choice included.
 */
export const QueryKeyNotes = NoteQueryKeys.Provider;

/** Tells the build's render of the page that this view reads `keys` of the query; nothing in the browser. */
export function useQueryKeysRead(keys: readonly string[]): void {
  useContext(NoteQueryKeys)?.(keys);
}
