import { type Remote, wrap } from 'comlink';
import type { ComputeApi } from './protocol';

/** Wraps the compute worker for the main thread. */
export function connectComputeWorker(worker: Worker): ComputeApi {
  const remote: Remote<ComputeApi> = wrap<ComputeApi>(worker);
  return { run: (slug, input) => remote.run(slug, input) };
}
