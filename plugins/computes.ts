import type { ComputeLoaders, ComputeModule } from '@toolbox/sdk';

/**
 * Lazy loaders of every plugin's compute.ts by slug, for the compute worker. Kept apart from the
 * registry so the worker bundle never pulls in a view.
 */
const modules = import.meta.glob<ComputeModule>('./*/compute.ts');

export const computeLoaders: ComputeLoaders = Object.fromEntries(
  Object.entries(modules).map(([path, load]) => [path.split('/')[1] as string, load]),
);
