import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ComputeBusyError, ComputeInputError, ComputePool } from './pool';

const folder = mkdtempSync(join(tmpdir(), 'toolbox-pool-'));
const echo = join(folder, 'echo.mjs');
writeFileSync(echo, 'export const compute = (input) => ({ ok: true, value: input.value });\n');
// Holds its worker for `ms` (a worker thread may block), then answers its `value`.
const hold = join(folder, 'hold.mjs');
writeFileSync(
  hold,
  'export const compute = (input) => {\n' +
    '  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, input.ms ?? 0);\n' +
    '  return { ok: true, value: input.value };\n' +
    '};\n',
);
const pool = new ComputePool({ size: 1, timeoutMs: 5000 });
const pools = [pool];

/** A pool of one worker, busy with one compute of caller `a` while the test queues others. */
function busyPool(options: { maxQueue?: number; maxQueuePerCaller?: number } = {}) {
  const busy = new ComputePool({ size: 1, timeoutMs: 5000, ...options });
  pools.push(busy);
  const answered: unknown[] = [];
  const run = (caller: string, value: string) =>
    busy.run(hold, { value }, caller).then((result) => {
      answered.push(result.ok ? result.value : result.error);
      return result;
    });
  const holding = run('a', 'holding');
  return { run, answered, holding };
}

afterAll(async () => {
  await Promise.all(pools.map((each) => each.close()));
  rmSync(folder, { recursive: true, force: true });
});

describe('ComputePool', () => {
  it('runs a compute in a worker', async () => {
    expect(await pool.run(echo, { value: 42 })).toEqual({ ok: true, value: 42 });
  });

  it('refuses an input it cannot hand to a worker, and the worker stays free for the next ones', async () => {
    // A function cannot be copied to a worker (nor can a value nested too deeply for the copy).
    const refused = pool.run(echo, { value: () => 1 });
    const waiting = pool.run(echo, { value: 'next' });
    await expect(refused).rejects.toBeInstanceOf(ComputeInputError);
    expect(await waiting).toEqual({ ok: true, value: 'next' });
    expect(await pool.run(echo, { value: 'after' })).toEqual({ ok: true, value: 'after' });
  });

  it('takes the waiting computes in turn by caller: one sending many does not hold up another', async () => {
    const { run, answered, holding } = busyPool();
    const waiting = ['a1', 'a2', 'a3', 'b1', 'b2'].map((name) => run(name.slice(0, 1), name));
    await Promise.all([holding, ...waiting]);
    // Caller a's compute holds the worker: b, who has had none, goes first; then they take turns.
    expect(answered).toEqual(['holding', 'b1', 'a1', 'b2', 'a2', 'a3']);
  });

  it("refuses a caller's compute once that caller has its share waiting, and others' once the queue is full", async () => {
    const { run, answered, holding } = busyPool({ maxQueue: 3, maxQueuePerCaller: 2 });
    const a1 = run('a', 'a1');
    const a2 = run('a', 'a2');
    const a3 = run('a', 'a3');
    const b1 = run('b', 'b1');
    const c1 = run('c', 'c1');
    await expect(a3).rejects.toSatisfy((error) => error instanceof ComputeBusyError && error.ofCaller);
    await expect(c1).rejects.toSatisfy((error) => error instanceof ComputeBusyError && !error.ofCaller);
    await Promise.all([holding, a1, a2, b1]);
    expect(answered).toEqual(['holding', 'b1', 'a1', 'a2']);
  });
});
