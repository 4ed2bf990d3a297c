import type { Plugin } from 'vite';

/** Mantine's own `useId` module, which every Mantine input, label and group takes its ids from. */
const MANTINE_USE_ID = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;

/**
 * Mantine's `useId` renders React's id (the one the prerendered page holds), then, once mounted,
 * swaps it for a random one: a state update in a layout effect, so every field of a hydrated form
 * renders twice more, synchronously, on the main thread, and its ids change under the visitor.
 * React's `useId` is stable between the prerendered page and the browser, so it stands as it is:
 * the same id, formatted as Mantine formats it, without the swap.
 */
export const STABLE_MANTINE_USE_ID = `import { useId as useReactId } from 'react';
export function useId(staticId) {
  const reactId = useReactId();
  return typeof staticId === 'string' ? staticId : \`mantine-\${reactId.replace(/:/g, '')}\`;
}
`;

/** The build's plugin: Mantine's `useId` module replaced by STABLE_MANTINE_USE_ID. */
export function stableMantineIds(): Plugin {
  return {
    name: 'toolbox:stable-mantine-ids',
    enforce: 'pre',
    load(id) {
      return MANTINE_USE_ID.test(id.split('?')[0] ?? id) ? STABLE_MANTINE_USE_ID : null;
    },
  };
}
