import type { Remote } from 'comlink';
import type { ComputeApi } from './protocol';

/**
 * Wraps the compute worker for the main thread; a factory starts the worker on the first run (or
 * on the first `prepare`, which a tool page asks for on the visitor's first sign of use).
 * comlink itself loads with that first run too, so the first page does not carry it.
 */
export function connectComputeWorker(worker: Worker | (() => Worker)): ComputeApi {
  let remote: Promise<Remote<ComputeApi>> | undefined;
  const connect = () => {
    if (!remote) {
      // The worker starts loading now, beside comlink, not after it.
      const target = typeof worker === 'function' ? worker() : worker;
      remote = import('comlink').then(({ wrap }) => wrap<ComputeApi>(target));
    }
    return remote;
  };
  return {
    run: async (slug, input) => (await connect()).run(slug, input),
    prepare: async (slug) => (await connect()).prepare(slug),
  };
}
