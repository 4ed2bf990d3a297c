import type { Remote } from 'comlink';
import type { Result } from '../result';
import { type ComputeApi, UNEXPECTED_ERROR } from './protocol';

/** One started worker: its comlink proxy, and what settles when the worker fails. */
interface Connection {
  remote: Promise<Remote<ComputeApi>>;
  failed: Promise<Result<never>>;
}

/**
 * Wraps the compute worker for the main thread; `start` starts the worker on the first run (or on
 * the first `prepare`, which a tool page asks for on the visitor's first sign of use). comlink
 * itself loads with that first run too, so the first page does not carry it.
 *
 * A worker that fails (its script cannot be loaded, say a deployment replaced it, or it breaks
 * outside a compute) would leave its calls unanswered for ever: they are answered with the
 * unexpected-error result instead, the worker is stopped, and the next call starts a new one.
 * Like the runner in the worker, `run` always resolves to a Result, and `prepare` never rejects.
 */
export function connectComputeWorker(start: () => Worker): ComputeApi {
  let current: Connection | undefined;
  const connect = (): Connection => {
    if (current) return current;
    // The worker starts loading now, beside comlink, not after it.
    const worker = start();
    const connection: Connection = {
      remote: import('comlink').then(({ wrap }) => wrap<ComputeApi>(worker)),
      failed: new Promise((resolve) => {
        const fail = (event: Event) => {
          console.error('The compute worker failed', event);
          worker.terminate();
          if (current === connection) current = undefined;
          resolve({ ok: false, error: UNEXPECTED_ERROR });
        };
        worker.addEventListener('error', fail, { once: true });
        worker.addEventListener('messageerror', fail, { once: true });
      }),
    };
    current = connection;
    return connection;
  };
  return {
    run: async (slug, input) => {
      const { remote, failed } = connect();
      const answer = async (): Promise<Result<unknown>> => (await remote).run(slug, input);
      try {
        return await Promise.race([answer(), failed]);
      } catch (error) {
        // comlink's own chunk could not be loaded, or the message could not be sent.
        console.error(`compute(${slug}) could not reach the worker`, error);
        return { ok: false, error: UNEXPECTED_ERROR };
      }
    },
    prepare: async (slug) => {
      const { remote, failed } = connect();
      // A worker that fails now is reported, and replaced, by the run that needs it.
      const prepared = async () => (await remote).prepare(slug);
      await Promise.race([prepared(), failed]).catch(() => undefined);
    },
  };
}
