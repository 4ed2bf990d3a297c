import { expose } from 'comlink';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ok } from '../result';
import { connectComputeWorker } from './client';
import { type ComputeApi, UNEXPECTED_ERROR } from './protocol';

/** A stand-in for a Worker: one end of a message channel, the other end served by `api` if given. */
function fakeWorker(api?: ComputeApi) {
  const { port1, port2 } = new MessageChannel();
  opened.push(port1, port2);
  if (api) expose(api, port1);
  return Object.assign(port2, { terminate: vi.fn(() => port2.close()) }) as unknown as Worker & {
    terminate: ReturnType<typeof vi.fn>;
  };
}
const opened: MessagePort[] = [];

const doubler: ComputeApi = {
  run: async (_slug, input) => ok((input as number) * 2),
  prepare: async () => {},
};

describe('connectComputeWorker', () => {
  afterEach(() => {
    for (const port of opened.splice(0)) port.close();
    vi.restoreAllMocks();
  });

  it('starts the worker on the first call only, and runs computes in it', async () => {
    const start = vi.fn(() => fakeWorker(doubler));
    const compute = connectComputeWorker(start);
    expect(start).not.toHaveBeenCalled();
    expect(await compute.run('double', 21)).toEqual({ ok: true, value: 42 });
    expect(await compute.run('double', 2)).toEqual({ ok: true, value: 4 });
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('answers the calls of a worker that fails with the unexpected error, and starts a new one', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    // The first worker never answers (its script did not load), then reports an error.
    const broken = fakeWorker();
    const start = vi
      .fn()
      .mockReturnValueOnce(broken)
      .mockImplementation(() => fakeWorker(doubler));
    const compute = connectComputeWorker(start);

    const waiting = compute.run('double', 21);
    const preparing = compute.prepare('double');
    broken.dispatchEvent(new Event('error'));

    expect(await waiting).toEqual({ ok: false, error: UNEXPECTED_ERROR });
    await expect(preparing).resolves.toBeUndefined();
    expect(broken.terminate).toHaveBeenCalled();
    expect(logged).toHaveBeenCalled();
    expect(await compute.run('double', 21)).toEqual({ ok: true, value: 42 });
    expect(start).toHaveBeenCalledTimes(2);
  });

  it('treats a message the worker could not read as a failure too', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = fakeWorker();
    const compute = connectComputeWorker(() => broken);
    const waiting = compute.run('double', 1);
    broken.dispatchEvent(new Event('messageerror'));
    expect(await waiting).toEqual({ ok: false, error: UNEXPECTED_ERROR });
  });
});
