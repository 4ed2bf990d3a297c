// biome-ignore lint/style/noRestrictedImports: the address to come back to, not a page's input (decision 175).
import { useRouterState } from '@tanstack/react-router';

/**
 * The address the visitor is on (its path, query and hash), for a link that brings them back to it:
 * a login's `redirect`. Not to draw a page from: a view reads the query through `useQueryRead`, which
 * the build hears (decision 173). Draw the link after something the visitor did (the blog's login
 * prompt shows after a press): a page adopted as prerendered keeps the attributes the build wrote.
 */
export function useReturnAddress(): string {
  return useRouterState({ select: (state) => state.location.href });
}
