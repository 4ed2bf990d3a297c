import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { BACKENDS, useTestDatabase } from '../auth/test-support';
import { sessions, users } from './schema';
import { isDatabaseUnavailable, isWriteConflict } from './unavailable';

/** The error `promise` rejects with; fails the test when it resolves. */
async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

describe('isWriteConflict', () => {
  it('knows deadlocks, serialization failures and foreign keys gone, wrapped or not', () => {
    expect(isWriteConflict({ code: '40P01' })).toBe(true);
    expect(isWriteConflict({ message: 'Failed query', cause: { code: '40001' } })).toBe(true);
    expect(isWriteConflict({ message: 'Failed query', cause: { code: '23503' } })).toBe(true);
    expect(isWriteConflict({ cause: { code: '23505' } })).toBe(false);
    expect(isWriteConflict({ code: 'ECONNREFUSED' })).toBe(false);
    expect(isWriteConflict(new Error('other'))).toBe(false);
    expect(isWriteConflict(null)).toBe(false);
  });
});

describe.each(BACKENDS)('write conflicts on $name', ({ name, adminUrl }) => {
  const database = useTestDatabase(adminUrl);

  it('reads a write for a user removed meanwhile as a conflict, not as the database down', async () => {
    const error = await rejectionOf(
      database()
        .db.insert(sessions)
        .values({ id: 'gone', userId: 987_654, expiresAt: new Date(Date.now() + 60_000) }),
    );
    expect(isWriteConflict(error)).toBe(true);
    expect(isDatabaseUnavailable(error)).toBe(false);
  });

  // PGlite has one connection: two transactions waiting on each other need PostgreSQL.
  if (name === 'postgres')
    it('reads the transaction PostgreSQL undoes in a deadlock as a conflict', async () => {
      const { db } = database();
      const [first, second] = await db
        .insert(users)
        .values([
          { username: 'lock-a', email: 'lock-a@example.com', passwordHash: 'x' },
          { username: 'lock-b', email: 'lock-b@example.com', passwordHash: 'x' },
        ])
        .returning({ id: users.id });
      if (!first || !second) throw new Error('no users returned');
      /** Locks one user, waits for the other transaction to lock its own, then asks for that one. */
      const crossing = (mine: number, theirs: number, ready: Promise<void>, locked: () => void) =>
        db.transaction(async (tx) => {
          await tx.execute(sql`select id from users where id = ${mine} for update`);
          locked();
          await ready;
          await tx.update(users).set({ email: sql`email` }).where(eq(users.id, theirs));
        });
      let firstLocked = () => {};
      let secondLocked = () => {};
      const firstReady = new Promise<void>((resolve) => {
        firstLocked = resolve;
      });
      const secondReady = new Promise<void>((resolve) => {
        secondLocked = resolve;
      });
      const outcomes = await Promise.allSettled([
        crossing(first.id, second.id, secondReady, firstLocked),
        crossing(second.id, first.id, firstReady, secondLocked),
      ]);
      const failed = outcomes.filter((outcome) => outcome.status === 'rejected');
      expect(failed).toHaveLength(1);
      expect(isWriteConflict(failed[0]?.reason)).toBe(true);
      expect(isDatabaseUnavailable(failed[0]?.reason)).toBe(false);
    });
});

describe.each(BACKENDS)('a database that takes no writes, on $name', ({ adminUrl }) => {
  const database = useTestDatabase(adminUrl);

  it('reads a write refused as read-only (a standby, a failover) as the database unavailable', async () => {
    const error = await rejectionOf(
      database().db.transaction(async (tx) => {
        await tx.execute(sql`set transaction read only`);
        await tx.insert(users).values({ username: 'ro', email: 'ro@example.com', passwordHash: 'x' });
      }),
    );
    expect(isDatabaseUnavailable(error)).toBe(true);
    expect(isWriteConflict(error)).toBe(false);
  });
});

describe('isDatabaseUnavailable', () => {
  it('knows a server out of a resource and a lock not granted in time', () => {
    for (const code of ['53000', '53100', '53200', '53300', '55P03'])
      expect(isDatabaseUnavailable({ message: 'Failed query', cause: { code } }), code).toBe(true);
    for (const code of ['23505', '22001', '42P01'])
      expect(isDatabaseUnavailable({ message: 'Failed query', cause: { code } }), code).toBe(false);
  });
});
