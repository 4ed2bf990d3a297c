import { createContext, type ReactNode, useCallback, useContext, useEffect } from 'react';
import type { Result } from '../result';
import type { ComputeApi } from '../worker/protocol';

const ComputeContext = createContext<ComputeApi | null>(null);

/** The platform provides the compute worker (tests may provide an in-process runner). */
export function ComputeProvider({ api, children }: { api: ComputeApi; children: ReactNode }) {
  return <ComputeContext.Provider value={api}>{children}</ComputeContext.Provider>;
}

/**
 * Returns a function running this tool's compute off the main thread. Once the page is idle the
 * worker starts and loads the compute, so the first calculation does not wait for them.
 */
export function useCompute<I, O>(slug: string): (input: I) => Promise<Result<O>> {
  const api = useContext(ComputeContext);
  if (!api) throw new Error('useCompute needs a <ComputeProvider>');
  useEffect(() => {
    const idle = window.requestIdleCallback ?? ((run: () => void) => window.setTimeout(run, 1));
    const cancel = window.cancelIdleCallback ?? window.clearTimeout;
    const handle = idle(() => void api.prepare(slug), { timeout: 2000 });
    return () => cancel(handle);
  }, [api, slug]);
  return useCallback((input: I) => api.run(slug, input) as Promise<Result<O>>, [api, slug]);
}
