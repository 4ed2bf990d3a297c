import { finiteResult, type Result } from '../result';
import type { ComputeModule } from '../tool';

/** Lazy loaders of compute modules, keyed by tool slug. */
export type ComputeLoaders = Readonly<Record<string, () => Promise<ComputeModule>>>;

/** What the compute worker offers the main thread (over Comlink), and what the in-process runner offers tests. */
export interface ComputeApi {
  run(slug: string, input: unknown): Promise<Result<unknown>>;
  /** Loads the tool's compute ahead of its first run (a tool page does so when the visitor starts using it). */
  prepare(slug: string): Promise<void>;
}

export const UNEXPECTED_ERROR = 'Something went wrong while calculating. Please try again.';

/** Runs a tool's compute by slug; a thrown error (a bug, never user input) becomes a Result too. */
export function createComputeRunner(loaders: ComputeLoaders): ComputeApi {
  return {
    async prepare(slug) {
      // A module that fails to load now fails again, and is reported, on the run that needs it.
      await loaders[slug]?.().catch(() => undefined);
    },
    async run(slug, input) {
      const load = loaders[slug];
      if (!load) return { ok: false, error: `Unknown tool: ${slug}` };
      try {
        const module = await load();
        return finiteResult(await module.compute(input as never));
      } catch (error) {
        console.error(`compute(${slug}) threw`, error);
        return { ok: false, error: UNEXPECTED_ERROR };
      }
    },
  };
}
