/**
 * Sessions as in the Lucia guide (https://lucia-auth.com/sessions/basic): the client holds a random
 * token; the database holds only its SHA-256 (hex) as the session id, so a leaked table lets nobody
 * in. Sessions last 30 days and slide: a session used with less than 15 days left is extended to 30.
 * Logging out deletes the row.
 */
import { sha256 } from '@oslojs/crypto/sha2';
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from '@oslojs/encoding';
import { and, eq, lt, ne } from 'drizzle-orm';
import type { Database } from '../db/client';
import { profiles, type Session, sessions, users } from '../db/schema';
import { type AuthUser, toAuthUser } from './types';

const DAY_MS = 24 * 60 * 60 * 1000;
export const SESSION_LIFETIME_MS = 30 * DAY_MS;
/** A session with less time than this left is extended to the full lifetime when used. */
export const SESSION_RENEWAL_MS = 15 * DAY_MS;
/** 20 random bytes: 160 bits, written as 32 base32 characters. */
const TOKEN_BYTES = 20;
/** Tokens longer than this cannot be ours: refused without touching the database. */
export const MAX_TOKEN_LENGTH = 128;

export interface SessionValidation {
  session: Session;
  user: AuthUser;
}

export function generateSessionToken(): string {
  const bytes = new Uint8Array(TOKEN_BYTES);
  crypto.getRandomValues(bytes);
  return encodeBase32LowerCaseNoPadding(bytes);
}

/** The session id stored for a token: its SHA-256 in lower-case hex. */
export function sessionIdOf(token: string): string {
  return encodeHexLowerCase(sha256(new TextEncoder().encode(token)));
}

/** Starts a session for `userId`; the token is returned once and never stored. */
export async function createSession(
  db: Pick<Database, 'insert'>,
  userId: number,
  token: string = generateSessionToken(),
): Promise<{ token: string; session: Session }> {
  const [session] = await db
    .insert(sessions)
    .values({ id: sessionIdOf(token), userId, expiresAt: new Date(Date.now() + SESSION_LIFETIME_MS) })
    .returning();
  if (!session) throw new Error('The session was not stored.');
  return { token, session };
}

/**
 * Starts a session for a login: only while the user's password is still `passwordHash`, the one the
 * login verified, read under a lock that a password change waits for. A login that raced a password
 * change committed first gets null (no session); one that came first has its session ended with
 * the others by that change.
 */
export async function createLoginSession(
  db: Database,
  userId: number,
  passwordHash: string,
): Promise<{ token: string; session: Session } | null> {
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), eq(users.passwordHash, passwordHash)))
      .for('share');
    return user ? createSession(tx, userId) : null;
  });
}

/**
 * The session and user behind `token`, or null when there is none or it has expired (an expired
 * row is deleted). A session with less than 15 days left is extended to 30.
 */
export async function validateSessionToken(db: Database, token: string): Promise<SessionValidation | null> {
  if (!token || token.length > MAX_TOKEN_LENGTH) return null;
  const sessionId = sessionIdOf(token);
  const [row] = await db
    .select({
      session: sessions,
      user: { id: users.id, username: users.username, email: users.email, role: users.role },
      profile: { id: profiles.id, fullName: profiles.fullName },
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(sessions.id, sessionId))
    .limit(1);
  if (!row) return null;
  const { session } = row;
  const now = Date.now();
  if (now >= session.expiresAt.getTime()) {
    await db.delete(sessions).where(eq(sessions.id, session.id));
    return null;
  }
  if (now >= session.expiresAt.getTime() - SESSION_RENEWAL_MS) {
    session.expiresAt = new Date(now + SESSION_LIFETIME_MS);
    await db.update(sessions).set({ expiresAt: session.expiresAt }).where(eq(sessions.id, session.id));
  }
  return { session, user: toAuthUser(row.user, row.profile) };
}

export async function invalidateSession(db: Database, sessionId: string): Promise<void> {
  await db.delete(sessions).where(eq(sessions.id, sessionId));
}

/** Ends every session of the user, except `options.except` (the session making the request) when given. */
export async function invalidateUserSessions(
  db: Pick<Database, 'delete'>,
  userId: number,
  options: { except?: string | null | undefined } = {},
): Promise<void> {
  await db
    .delete(sessions)
    .where(
      options.except
        ? and(eq(sessions.userId, userId), ne(sessions.id, options.except))
        : eq(sessions.userId, userId),
    );
}

/** Deletes the user's expired sessions (done at each login, so rows do not pile up). */
export async function deleteExpiredSessions(db: Database, userId: number): Promise<void> {
  await db.delete(sessions).where(and(eq(sessions.userId, userId), lt(sessions.expiresAt, new Date())));
}
