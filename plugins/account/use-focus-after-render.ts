import { useCallback, useLayoutEffect, useRef, useState } from 'react';

type Find = () => HTMLElement | null | undefined;

/**
 * Focuses an element once the render the call asked for is on screen, so a field focused after a
 * failed submit is already marked invalid and described by its message when a screen reader reads it.
 */
export function useFocusAfterRender(): (find: Find) => void {
  const pending = useRef<Find | null>(null);
  const [request, setRequest] = useState(0);
  useLayoutEffect(() => {
    if (request === 0) return;
    const find = pending.current;
    pending.current = null;
    find?.()?.focus();
  }, [request]);
  return useCallback((find: Find) => {
    pending.current = find;
    setRequest((count) => count + 1);
  }, []);
}
