import { expose } from 'comlink';
import { type ComputeLoaders, createComputeRunner } from './protocol';

/** Call once in the compute worker's entry: serves `run(slug, input)` to the main thread. */
export function exposeCompute(loaders: ComputeLoaders): void {
  expose(createComputeRunner(loaders));
}

export type { ComputeLoaders } from './protocol';
