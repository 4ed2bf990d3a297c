/**
 * A rate limiter shared by every API node: one row per counted event in `rate_limit_events`
 * (key, created_at), counted over a sliding window. Times are the database's (`now()`), so nodes
 * with skewed clocks agree.
 *
 *   // Count every attempt (the contact form): take a slot, refuse when none is left (`limit` ≥ 1).
 *   const slot = await takeRateLimit(db, { key: `contact:${address}`, limit: 5, windowMs: 10 * 60_000 });
 *   if (!slot.allowed) return tooManyRequests(c, slot.retryAfter, '…');
 *
 *   // Count failures only (login): take a slot, give it back when the attempt succeeds.
 *   if (succeeded) await releaseRateLimit(db, slot);
 *
 * `checkRateLimit` looks without counting; `recordEvent` counts without looking.
 */
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Context } from 'hono';
import type { Database } from '../db/client';
import { rateLimitEvents } from '../db/schema';

export interface RateLimit {
  /** What is throttled, e.g. `login:<address>:<username>`. */
  key: string;
  /** Events allowed inside the window. */
  limit: number;
  windowMs: number;
}

export interface RateLimitResult {
  allowed: boolean;
  /** Whole seconds until one more event would be allowed (at least 1); 0 when allowed. */
  retryAfter: number;
}

export interface RateLimitSlot extends RateLimitResult {
  /** The event recorded for an allowed attempt (null when refused: nothing is kept). */
  eventId: number | null;
}

/** Events older than this are deleted by anyone recording events: no limiter may use a longer window. */
export const RATE_LIMIT_RETENTION_MS = 2 * 24 * 60 * 60 * 1000;
/** How often one process sweeps old events of every key. */
const SWEEP_EVERY_MS = 10 * 60 * 1000;
const lastSweep = new WeakMap<Database, number>();

/** The window's start, parenthesised so that it can stand inside any expression. */
const windowStart = (windowMs: number) =>
  sql`(now() - make_interval(secs => ${windowMs / 1000}::double precision))`;

/** Seconds until `createdAt` leaves the window: at least 1. */
export function retryAfterSeconds(createdAt: Date, windowMs: number, now: Date = new Date()): number {
  return Math.max(1, Math.ceil((createdAt.getTime() + windowMs - now.getTime()) / 1000));
}

/** Records one event for `key` and returns its id. */
export async function recordEvent(db: Database, key: string): Promise<number> {
  await sweep(db);
  const [row] = await db.insert(rateLimitEvents).values({ key }).returning({ id: rateLimitEvents.id });
  if (!row) throw new Error('The rate-limit event was not stored.');
  return row.id;
}

/** Events for `key` inside the window. */
export async function countEvents(db: Database, key: string, windowMs: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(rateLimitEvents)
    .where(and(eq(rateLimitEvents.key, key), gt(rateLimitEvents.createdAt, windowStart(windowMs))));
  return Number(row?.count ?? 0);
}

/**
 * Whether one more event fits, without recording one. When it does not, `retryAfter` is the time
 * until the event that fills the limit leaves the window.
 */
export async function checkRateLimit(db: Database, limit: RateLimit): Promise<RateLimitResult> {
  return blockedBy(db, limit);
}

/**
 * Records one event when it fits, and says whether it did. Attempts on one key take turns (a
 * transaction-scoped advisory lock on the key), so the limit stays exact when they arrive
 * together. A refused attempt records nothing: being refused never extends the wait.
 */
export async function takeRateLimit(db: Database, limit: RateLimit): Promise<RateLimitSlot> {
  await sweep(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${limit.key}, 0))`);
    const result = await blockedBy(tx, limit);
    if (!result.allowed) return { ...result, eventId: null };
    const [row] = await tx
      .insert(rateLimitEvents)
      .values({ key: limit.key })
      .returning({ id: rateLimitEvents.id });
    if (!row) throw new Error('The rate-limit event was not stored.');
    return { allowed: true, retryAfter: 0, eventId: row.id };
  });
}

/** Gives back an allowed slot: the attempt does not count (a successful login). */
export async function releaseRateLimit(db: Database, slot: RateLimitSlot): Promise<void> {
  if (slot.eventId !== null) await removeEvent(db, slot.eventId);
}

export async function removeEvent(db: Database, eventId: number): Promise<void> {
  await db.delete(rateLimitEvents).where(eq(rateLimitEvents.id, eventId));
}

/** Deletes events older than `olderThanMs` (every key). */
export async function pruneEvents(
  db: Database,
  olderThanMs: number = RATE_LIMIT_RETENTION_MS,
): Promise<void> {
  await db.delete(rateLimitEvents).where(lt(rateLimitEvents.createdAt, windowStart(olderThanMs)));
}

/** 429 with `Retry-After` and a message. */
export function tooManyRequests(c: Context, retryAfter: number, message: string) {
  c.header('Retry-After', String(retryAfter));
  return c.json({ error: message }, 429);
}

/** "15 minutes", "1 minute", "30 seconds": for messages. */
export function describeWait(seconds: number): string {
  if (seconds < 60) return `${seconds} second${seconds === 1 ? '' : 's'}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minute${minutes === 1 ? '' : 's'}`;
}

/**
 * The `limit`-th most recent event in the window: while it exists, the window is full, and the
 * wait is until it leaves the window.
 */
async function blockedBy(db: Database, { key, limit, windowMs }: RateLimit): Promise<RateLimitResult> {
  const [filler] = await db
    .select({
      remainingMs: sql<number>`(extract(epoch from (${rateLimitEvents.createdAt} - ${windowStart(windowMs)})) * 1000)::float8`,
    })
    .from(rateLimitEvents)
    .where(and(eq(rateLimitEvents.key, key), gt(rateLimitEvents.createdAt, windowStart(windowMs))))
    .orderBy(sql`${rateLimitEvents.createdAt} desc`, sql`${rateLimitEvents.id} desc`)
    .offset(Math.max(0, limit - 1))
    .limit(1);
  if (!filler) return { allowed: true, retryAfter: 0 };
  return { allowed: false, retryAfter: Math.max(1, Math.ceil(Number(filler.remainingMs) / 1000)) };
}

async function sweep(db: Database) {
  const now = Date.now();
  if (now - (lastSweep.get(db) ?? 0) < SWEEP_EVERY_MS) return;
  lastSweep.set(db, now);
  await pruneEvents(db);
}
