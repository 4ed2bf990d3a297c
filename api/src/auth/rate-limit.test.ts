import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rateLimitEvents } from '../db/schema';
import {
  checkRateLimit,
  countEvents,
  describeWait,
  pruneEvents,
  recordEvent,
  releaseRateLimit,
  retryAfterSeconds,
  takeRateLimit,
} from './rate-limit';
import { BACKENDS, useTestDatabase } from './test-support';

const MINUTE = 60_000;

describe('rate-limit helpers', () => {
  it('computes the wait in whole seconds, at least 1', () => {
    const now = new Date('2026-01-01T00:15:00Z');
    expect(retryAfterSeconds(new Date('2026-01-01T00:05:00Z'), 15 * MINUTE, now)).toBe(300);
    expect(retryAfterSeconds(new Date('2026-01-01T00:00:00.500Z'), 15 * MINUTE, now)).toBe(1);
    expect(retryAfterSeconds(new Date('2025-12-31T00:00:00Z'), 15 * MINUTE, now)).toBe(1);
  });

  it('describes waits for people', () => {
    expect(describeWait(1)).toBe('1 second');
    expect(describeWait(59)).toBe('59 seconds');
    expect(describeWait(60)).toBe('1 minute');
    expect(describeWait(61)).toBe('2 minutes');
    expect(describeWait(900)).toBe('15 minutes');
  });
});

describe.each(BACKENDS)('rate limits on $name', ({ adminUrl }) => {
  const database = useTestDatabase(adminUrl);
  let keys = 0;
  const newKey = () => {
    keys += 1;
    return `test:${keys}`;
  };
  /** Moves every event of `key` back in time. */
  const age = (key: string, ms: number) =>
    database()
      .db.update(rateLimitEvents)
      .set({
        createdAt: sql`${rateLimitEvents.createdAt} - make_interval(secs => ${ms / 1000}::double precision)`,
      })
      .where(eq(rateLimitEvents.key, key));

  it('allows `limit` events in the window, then refuses with the wait until the oldest leaves it', async () => {
    const key = newKey();
    const limit = { key, limit: 3, windowMs: 15 * MINUTE };
    for (let index = 0; index < 3; index += 1) {
      const slot = await takeRateLimit(database().db, limit);
      expect(slot.allowed).toBe(true);
      expect(slot.retryAfter).toBe(0);
      expect(slot.eventId).toEqual(expect.any(Number));
    }
    const refused = await takeRateLimit(database().db, limit);
    expect(refused).toEqual({ allowed: false, retryAfter: expect.any(Number), eventId: null });
    expect(refused.retryAfter).toBeGreaterThan(14 * 60);
    expect(refused.retryAfter).toBeLessThanOrEqual(15 * 60);
    // A refusal records nothing.
    expect(await countEvents(database().db, key, limit.windowMs)).toBe(3);
  });

  it('counts the wait from the event that fills the limit', async () => {
    const key = newKey();
    const limit = { key, limit: 2, windowMs: 15 * MINUTE };
    await recordEvent(database().db, key);
    await age(key, 10 * MINUTE);
    await recordEvent(database().db, key);
    const { allowed, retryAfter } = await checkRateLimit(database().db, limit);
    expect(allowed).toBe(false);
    // The older event (10 minutes old) leaves the window in about 5 minutes.
    expect(retryAfter).toBeGreaterThan(4 * 60);
    expect(retryAfter).toBeLessThanOrEqual(5 * 60);
  });

  it('allows again once the window has passed', async () => {
    const key = newKey();
    const limit = { key, limit: 2, windowMs: 15 * MINUTE };
    await takeRateLimit(database().db, limit);
    await takeRateLimit(database().db, limit);
    expect((await checkRateLimit(database().db, limit)).allowed).toBe(false);
    await age(key, 15 * MINUTE + 1000);
    expect(await checkRateLimit(database().db, limit)).toEqual({ allowed: true, retryAfter: 0 });
    expect(await countEvents(database().db, key, limit.windowMs)).toBe(0);
    expect((await takeRateLimit(database().db, limit)).allowed).toBe(true);
  });

  it('checks without counting, and gives a released slot back', async () => {
    const key = newKey();
    const limit = { key, limit: 1, windowMs: MINUTE };
    for (let index = 0; index < 5; index += 1) {
      expect((await checkRateLimit(database().db, limit)).allowed).toBe(true);
    }
    const slot = await takeRateLimit(database().db, limit);
    expect((await checkRateLimit(database().db, limit)).allowed).toBe(false);
    await releaseRateLimit(database().db, slot);
    expect((await checkRateLimit(database().db, limit)).allowed).toBe(true);
  });

  it('keeps keys apart', async () => {
    const first = newKey();
    const second = newKey();
    await takeRateLimit(database().db, { key: first, limit: 1, windowMs: MINUTE });
    expect((await takeRateLimit(database().db, { key: first, limit: 1, windowMs: MINUTE })).allowed).toBe(
      false,
    );
    expect((await takeRateLimit(database().db, { key: second, limit: 1, windowMs: MINUTE })).allowed).toBe(
      true,
    );
  });

  it('stays exact when attempts arrive together', async () => {
    const key = newKey();
    const limit = { key, limit: 4, windowMs: MINUTE };
    const slots = await Promise.all(Array.from({ length: 12 }, () => takeRateLimit(database().db, limit)));
    expect(slots.filter((slot) => slot.allowed)).toHaveLength(4);
    expect(await countEvents(database().db, key, limit.windowMs)).toBe(4);
  });

  it('prunes old events of every key', async () => {
    const old = newKey();
    const fresh = newKey();
    await recordEvent(database().db, old);
    await recordEvent(database().db, fresh);
    await age(old, 3 * 24 * 60 * MINUTE);
    await pruneEvents(database().db);
    const left = await database().db.select({ key: rateLimitEvents.key }).from(rateLimitEvents);
    expect(left.map((row) => row.key)).not.toContain(old);
    expect(left.map((row) => row.key)).toContain(fresh);
  });
});
