import { afterEach, describe, expect, it, vi } from 'vitest';
import { err, finiteResult, ok, TOO_LARGE } from '../result';
import { createComputeRunner, UNEXPECTED_ERROR } from './protocol';

const schema = {} as never;

describe('createComputeRunner', () => {
  afterEach(() => vi.restoreAllMocks());

  it('runs the compute of the slug, loading its module lazily', async () => {
    const load = vi.fn(async () => ({
      compute: (input: { x: number }) => ok(input.x * 2),
      inputSchema: schema,
    }));
    const runner = createComputeRunner({ double: load });
    expect(load).not.toHaveBeenCalled();
    expect(await runner.run('double', { x: 21 })).toEqual({ ok: true, value: 42 });
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('passes a refusal through and awaits an async compute', async () => {
    const runner = createComputeRunner({
      refuse: async () => ({ compute: () => err('Please enter a valid number'), inputSchema: schema }),
      later: async () => ({ compute: async () => ok('done'), inputSchema: schema }),
    });
    expect(await runner.run('refuse', {})).toEqual({ ok: false, error: 'Please enter a valid number' });
    expect(await runner.run('later', {})).toEqual({ ok: true, value: 'done' });
  });

  it('refuses a result holding a number that overflowed, rather than showing Infinity', async () => {
    const runner = createComputeRunner({
      overflow: async () => ({
        compute: (input: { x: number }) => ok({ value: input.x * 10, rows: [{ n: 1 }, { n: input.x * 10 }] }),
        inputSchema: schema,
      }),
    });
    expect(await runner.run('overflow', { x: 1e307 })).toEqual({
      ok: true,
      value: { value: 1e308, rows: [{ n: 1 }, { n: 1e308 }] },
    });
    expect(await runner.run('overflow', { x: 1e308 })).toEqual({ ok: false, error: TOO_LARGE });
  });

  it('finiteResult looks through lists and objects, and leaves bytes and refusals alone', () => {
    expect(finiteResult(ok({ a: [1, { b: Number.NaN }] }))).toEqual(err(TOO_LARGE));
    expect(finiteResult(ok(Number.NEGATIVE_INFINITY))).toEqual(err(TOO_LARGE));
    expect(finiteResult(ok({ bytes: new Float64Array([Number.POSITIVE_INFINITY]), text: 'x' })).ok).toBe(
      true,
    );
    expect(finiteResult(ok({ text: 'Infinity', n: null }))).toEqual(ok({ text: 'Infinity', n: null }));
    expect(finiteResult(err('Please enter a valid number'))).toEqual(err('Please enter a valid number'));
  });

  it('answers an unknown slug with an error', async () => {
    expect(await createComputeRunner({}).run('nope', {})).toEqual({ ok: false, error: 'Unknown tool: nope' });
  });

  it('turns a thrown error or a failed load into the unexpected-error result, and logs it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    const runner = createComputeRunner({
      throws: async () => ({
        compute: () => {
          throw new Error('bug');
        },
        inputSchema: schema,
      }),
      missing: () => Promise.reject(new Error('chunk failed')),
    });
    expect(await runner.run('throws', {})).toEqual({ ok: false, error: UNEXPECTED_ERROR });
    expect(await runner.run('missing', {})).toEqual({ ok: false, error: UNEXPECTED_ERROR });
    expect(logged).toHaveBeenCalledTimes(2);
  });

  it('prepares a compute by loading its module ahead of the run, and stays quiet when that fails', async () => {
    const load = vi.fn(async () => ({ compute: () => ok(1), inputSchema: schema }));
    const runner = createComputeRunner({ one: load, missing: () => Promise.reject(new Error('offline')) });
    await runner.prepare('one');
    expect(load).toHaveBeenCalledTimes(1);
    await expect(runner.prepare('missing')).resolves.toBeUndefined();
    await expect(runner.prepare('nope')).resolves.toBeUndefined();
  });
});
