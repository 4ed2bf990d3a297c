import { sha256 } from '@oslojs/crypto/sha2';
import { encodeHexLowerCase } from '@oslojs/encoding';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { profiles, sessions, users } from '../db/schema';
import {
  createLoginSession,
  createSession,
  deleteExpiredSessions,
  generateSessionToken,
  invalidateSession,
  invalidateUserSessions,
  SESSION_LIFETIME_MS,
  sessionIdOf,
  validateSessionToken,
} from './session';
import { BACKENDS, useTestDatabase } from './test-support';

const DAY = 24 * 60 * 60 * 1000;

describe('session tokens', () => {
  it('are 20 random bytes in lower-case base32 (32 characters), different each time', () => {
    const tokens = new Set(Array.from({ length: 100 }, generateSessionToken));
    expect(tokens.size).toBe(100);
    for (const token of tokens) expect(token).toMatch(/^[a-z2-7]{32}$/);
  });

  it('are stored as their SHA-256 in hex', () => {
    const token = 'abcdefghijklmnopqrstuvwxyz234567';
    expect(sessionIdOf(token)).toBe(encodeHexLowerCase(sha256(new TextEncoder().encode(token))));
    expect(sessionIdOf(token)).toMatch(/^[0-9a-f]{64}$/);
  });
});

describe.each(BACKENDS)('sessions on $name', ({ adminUrl }) => {
  const database = useTestDatabase(adminUrl);
  let userCount = 0;

  const addUser = async (role: 'admin' | 'manager' | 'member' = 'member') => {
    userCount += 1;
    const db = database().db;
    const [user] = await db
      .insert(users)
      .values({ username: `u${userCount}`, email: `u${userCount}@example.com`, passwordHash: 'x', role })
      .returning();
    if (!user) throw new Error('no user');
    await db.insert(profiles).values({ userId: user.id, fullName: `User ${userCount}` });
    return user;
  };
  const setExpiry = (id: string, expiresAt: Date) =>
    database().db.update(sessions).set({ expiresAt }).where(eq(sessions.id, id));
  const row = async (id: string) =>
    (await database().db.select().from(sessions).where(eq(sessions.id, id)))[0] ?? null;

  it('creates a 30-day session that stores only the token hash', async () => {
    const user = await addUser();
    const before = Date.now();
    const { token, session } = await createSession(database().db, user.id);
    expect(session.id).toBe(sessionIdOf(token));
    expect(session.id).not.toContain(token);
    expect(session.userId).toBe(user.id);
    const lifetime = session.expiresAt.getTime() - before;
    expect(lifetime).toBeGreaterThanOrEqual(SESSION_LIFETIME_MS - 1000);
    expect(lifetime).toBeLessThanOrEqual(SESSION_LIFETIME_MS + 1000);
    const stored = await database().execute<Record<string, unknown>>('select * from sessions');
    expect(JSON.stringify(stored)).not.toContain(token);
  });

  it('starts a login session only while the password is still the one verified', async () => {
    const user = await addUser();
    const started = await createLoginSession(database().db, user.id, 'x');
    expect(started?.session.userId).toBe(user.id);
    expect((await validateSessionToken(database().db, started?.token ?? ''))?.user.id).toBe(user.id);
    // A password change committed while the login was checking the old one.
    await database().db.update(users).set({ passwordHash: 'changed' }).where(eq(users.id, user.id));
    const before = await database().db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(await createLoginSession(database().db, user.id, 'x')).toBeNull();
    expect(await database().db.select().from(sessions).where(eq(sessions.userId, user.id))).toHaveLength(
      before.length,
    );
  });

  it('validates a token into the session and the user', async () => {
    const user = await addUser('manager');
    const { token, session } = await createSession(database().db, user.id);
    const validated = await validateSessionToken(database().db, token);
    expect(validated?.session.id).toBe(session.id);
    expect(validated?.user).toEqual({
      id: user.id,
      username: user.username,
      email: user.email,
      full_name: `User ${userCount}`,
      role: 'manager',
      is_admin: false,
      profile_id: expect.any(Number),
    });
  });

  it('gives a user without a profile no full name and no profile id', async () => {
    const [user] = await database()
      .db.insert(users)
      .values({ username: 'noprofile', email: 'noprofile@example.com', passwordHash: 'x', role: 'member' })
      .returning();
    if (!user) throw new Error('no user');
    const { token } = await createSession(database().db, user.id);
    expect((await validateSessionToken(database().db, token))?.user).toMatchObject({
      full_name: '',
      profile_id: null,
    });
  });

  it('refuses unknown, empty and oversized tokens', async () => {
    expect(await validateSessionToken(database().db, generateSessionToken())).toBeNull();
    expect(await validateSessionToken(database().db, '')).toBeNull();
    expect(await validateSessionToken(database().db, 'x'.repeat(10_000))).toBeNull();
  });

  it('deletes an expired session when it is used', async () => {
    const user = await addUser();
    const { token, session } = await createSession(database().db, user.id);
    await setExpiry(session.id, new Date(Date.now() - 1000));
    expect(await validateSessionToken(database().db, token)).toBeNull();
    expect(await row(session.id)).toBeNull();
  });

  it('extends a session with less than 15 days left to 30, and leaves a younger one alone', async () => {
    const user = await addUser();
    const old = await createSession(database().db, user.id);
    await setExpiry(old.session.id, new Date(Date.now() + 10 * DAY));
    const extended = await validateSessionToken(database().db, old.token);
    const expected = Date.now() + SESSION_LIFETIME_MS;
    expect(Math.abs((extended?.session.expiresAt.getTime() ?? 0) - expected)).toBeLessThan(5000);
    expect(Math.abs(((await row(old.session.id))?.expiresAt.getTime() ?? 0) - expected)).toBeLessThan(5000);

    const young = await createSession(database().db, user.id);
    const twentyDays = new Date(Date.now() + 20 * DAY);
    await setExpiry(young.session.id, twentyDays);
    await validateSessionToken(database().db, young.token);
    expect((await row(young.session.id))?.expiresAt.getTime()).toBe(twentyDays.getTime());
  });

  it('invalidates one session, all of a user’s, or all but one', async () => {
    const user = await addUser();
    const other = await addUser();
    const a = await createSession(database().db, user.id);
    const b = await createSession(database().db, user.id);
    const c = await createSession(database().db, user.id);
    const theirs = await createSession(database().db, other.id);
    await invalidateSession(database().db, a.session.id);
    expect(await validateSessionToken(database().db, a.token)).toBeNull();
    expect(await validateSessionToken(database().db, b.token)).not.toBeNull();
    await invalidateUserSessions(database().db, user.id, { except: c.session.id });
    expect(await validateSessionToken(database().db, b.token)).toBeNull();
    expect(await validateSessionToken(database().db, c.token)).not.toBeNull();
    await invalidateUserSessions(database().db, user.id);
    expect(await validateSessionToken(database().db, c.token)).toBeNull();
    expect(await validateSessionToken(database().db, theirs.token)).not.toBeNull();
  });

  it('sweeps a user’s expired sessions, keeping live ones', async () => {
    const user = await addUser();
    const dead = await createSession(database().db, user.id);
    const live = await createSession(database().db, user.id);
    await setExpiry(dead.session.id, new Date(Date.now() - DAY));
    await deleteExpiredSessions(database().db, user.id);
    expect(await row(dead.session.id)).toBeNull();
    expect(await row(live.session.id)).not.toBeNull();
  });

  it('ends with the user: deleting the user deletes the sessions', async () => {
    const user = await addUser();
    const { token, session } = await createSession(database().db, user.id);
    await database().db.delete(users).where(eq(users.id, user.id));
    expect(await row(session.id)).toBeNull();
    expect(await validateSessionToken(database().db, token)).toBeNull();
  });
});
