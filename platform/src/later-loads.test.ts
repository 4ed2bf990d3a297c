// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** The module afresh: what it holds is the page's, one per test. */
const fresh = async () => {
  vi.resetModules();
  return import('./later-loads');
};

/** Whether `promise` has settled once the timers have run `ms` further. */
async function settledAfter(promise: Promise<void>, ms: number, seen = { done: false }) {
  void promise.then(() => {
    seen.done = true;
  });
  await vi.advanceTimersByTimeAsync(ms);
  return seen.done;
}

beforeEach(() => {
  vi.useFakeTimers();
});

afterEach(() => {
  vi.useRealTimers();
});

describe('later loads', () => {
  it('are allowed once the page has been idle, when nothing holds them', async () => {
    const { laterLoadsAllowed } = await fresh();
    expect(await settledAfter(laterLoadsAllowed(), 10)).toBe(true);
  });

  it("wait for a shared link's answer, then for one more idle moment, so the answer is drawn first", async () => {
    const { holdLaterLoads, laterLoadsAllowed } = await fresh();
    const answered = holdLaterLoads();
    const allowed = laterLoadsAllowed();
    const seen = { done: false };
    expect(await settledAfter(allowed, 1_000, seen)).toBe(false);
    answered();
    await Promise.resolve();
    expect(seen.done).toBe(false);
    expect(await settledAfter(allowed, 10, seen)).toBe(true);
  });

  it('wait no longer than HOLD_MS for an answer that does not come (a link the form refuses quietly)', async () => {
    const { HOLD_MS, holdLaterLoads, laterLoadsAllowed } = await fresh();
    holdLaterLoads();
    const allowed = laterLoadsAllowed();
    const seen = { done: false };
    expect(await settledAfter(allowed, HOLD_MS - 100, seen)).toBe(false);
    expect(await settledAfter(allowed, 200, seen)).toBe(true);
  });
});
