import { createContext, type ReactNode, useCallback, useContext, useEffect } from 'react';
import type { Result } from '../result';
import type { ComputeApi } from '../worker/protocol';

const ComputeContext = createContext<ComputeApi | null>(null);

/** The platform provides the compute worker (tests may provide an in-process runner). */
export function ComputeProvider({ api, children }: { api: ComputeApi; children: ReactNode }) {
  return <ComputeContext.Provider value={api}>{children}</ComputeContext.Provider>;
}

/** What shows a visitor is about to use the page: the compute loads then, not with the page. */
const INTENT_EVENTS = ['focusin', 'pointerdown', 'keydown'] as const;

/**
 * Returns a function running this tool's compute through the platform's `ComputeApi`: in the compute
 * worker, or on the page for the tool whose form a prerendered page answers (decision 135). On the
 * visitor's first sign of use (focus, a pointer or a key anywhere on the page) the compute is
 * prepared (the worker starts and loads it), so the first calculation waits for neither, and a page
 * only looked at loads neither. With `now`
 * (a shared link about to be computed) they load at once, while the page waits for anything else
 * the calculation needs (its data).
 */
export function useCompute<I, O>(
  slug: string,
  { now = false }: { now?: boolean } = {},
): (input: I) => Promise<Result<O>> {
  const api = useContext(ComputeContext);
  if (!api) throw new Error('useCompute needs a <ComputeProvider>');
  useEffect(() => {
    const stop = () => {
      for (const type of INTENT_EVENTS) document.removeEventListener(type, prepare, true);
    };
    const prepare = () => {
      stop();
      void api.prepare(slug);
    };
    // Typed into before the page was React's: the visitor is already here.
    if (now || (document.activeElement && document.activeElement !== document.body)) {
      prepare();
      return;
    }
    for (const type of INTENT_EVENTS) document.addEventListener(type, prepare, true);
    return stop;
  }, [api, slug, now]);
  return useCallback((input: I) => api.run(slug, input) as Promise<Result<O>>, [api, slug]);
}
