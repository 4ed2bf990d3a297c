import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ComputeInputError, ComputePool } from './pool';

const folder = mkdtempSync(join(tmpdir(), 'toolbox-pool-'));
const echo = join(folder, 'echo.mjs');
writeFileSync(echo, 'export const compute = (input) => ({ ok: true, value: input.value });\n');
const pool = new ComputePool({ size: 1, timeoutMs: 5000 });

afterAll(async () => {
  await pool.close();
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
});
