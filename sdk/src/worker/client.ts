import { type Remote, wrap } from 'comlink';
import type { ComputeApi } from './protocol';

/** Wraps the compute worker for the main thread; a factory starts the worker on the first run. */
export function connectComputeWorker(worker: Worker | (() => Worker)): ComputeApi {
  let remote: Remote<ComputeApi> | undefined;
  const connect = () => {
    remote ??= wrap<ComputeApi>(typeof worker === 'function' ? worker() : worker);
    return remote;
  };
  return { run: (slug, input) => connect().run(slug, input) };
}
