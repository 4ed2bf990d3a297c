/**
 * POST /api/login/, POST /api/logout/, GET /api/me/ (docs/api.md, Sessions). Mounted at /api.
 *
 * Login failures are counted per address and username: after 10 within 15 minutes every further
 * attempt, right password included, is 429 with Retry-After until the oldest of them is 15 minutes
 * old. A successful login does not count. Failures are also counted per address across usernames
 * (password spraying: one password tried on many usernames): after 75 within 15 minutes that
 * address is refused the same way.
 */
import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import * as v from 'valibot';
import { findUserByUsername } from '../auth/accounts';
import { MESSAGES, oneUnicodeForm } from '../auth/fields';
import { currentUser, requireUser } from '../auth/middleware';
import { verifyPassword } from '../auth/password';
import { describeWait, releaseRateLimit, takeRateLimit, tooManyRequests } from '../auth/rate-limit';
import { createLoginSession, deleteExpiredSessions, invalidateSession } from '../auth/session';
import { toAuthUser } from '../auth/types';
import { LIMITS, profiles } from '../db/schema';
import type { AppEnv } from '../env';
import { clientAddress } from '../http/client-address';
import { storableText } from '../http/text';
import { NOT_AN_OBJECT } from '../http/text-input';
import { validateBody } from '../http/validation';

export const LOGIN_FAILURE_LIMIT = 10;
export const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** Failed logins from one address, whatever the username, within LOGIN_WINDOW_MS. */
export const LOGIN_ADDRESS_FAILURE_LIMIT = 75;
export const BAD_CREDENTIALS = 'Unable to log in with provided credentials.';

const requiredString = (trim: boolean) =>
  v.config(
    v.pipe(
      v.optional(v.nullable(v.string(MESSAGES.notText)), ''),
      v.transform((value: string | null) => (trim ? (value ?? '').trim() : (value ?? ''))),
      v.check((value) => value.trim() !== '', MESSAGES.required),
      ...storableText,
    ),
    { abortPipeEarly: true },
  );

export const LoginBody = v.object(
  { username: v.pipe(requiredString(true), oneUnicodeForm), password: requiredString(false) },
  NOT_AN_OBJECT,
);

/** The throttling key across usernames: one counter per address. */
export function loginAddressKey(address: string | null): string {
  return `login-address:${address ?? 'unknown'}`;
}

/** The throttling key: one counter per address and (case-insensitive) username. */
export function loginKey(address: string | null, username: string): string {
  return `login:${address ?? 'unknown'}:${username.toLowerCase().slice(0, LIMITS.username + 1)}`;
}

/** Login, logout and the signed-in user (/api/login/, /api/logout/, /api/me/). */
export function authRoutes() {
  const routes = new Hono<AppEnv>();

  routes.post('/login', validateBody(LoginBody), async (c) => {
    const { username, password } = c.req.valid('json');
    const db = c.get('db');
    c.header('Cache-Control', 'no-store');

    const address = clientAddress(c);
    const addressSlot = await takeRateLimit(db, {
      key: loginAddressKey(address),
      limit: LOGIN_ADDRESS_FAILURE_LIMIT,
      windowMs: LOGIN_WINDOW_MS,
    });
    if (!addressSlot.allowed) {
      return tooManyRequests(
        c,
        addressSlot.retryAfter,
        `Too many failed login attempts from your network address. Try again in ${describeWait(addressSlot.retryAfter)}.`,
      );
    }
    const slot = await takeRateLimit(db, {
      key: loginKey(address, username),
      limit: LOGIN_FAILURE_LIMIT,
      windowMs: LOGIN_WINDOW_MS,
    });
    if (!slot.allowed) {
      await releaseRateLimit(db, addressSlot);
      return tooManyRequests(
        c,
        slot.retryAfter,
        `Too many failed login attempts. Try again in ${describeWait(slot.retryAfter)}.`,
      );
    }

    const user = username.length <= LIMITS.username ? await findUserByUsername(db, username) : null;
    const valid = await verifyPassword(user?.passwordHash, password);
    if (!user || !valid) return c.json({ error: BAD_CREDENTIALS }, 400);

    const started = await createLoginSession(db, user.id, user.passwordHash);
    // The password was changed while this one was being checked: it is a wrong one now.
    if (!started) return c.json({ error: BAD_CREDENTIALS }, 400);
    const { token } = started;
    await releaseRateLimit(db, slot);
    await releaseRateLimit(db, addressSlot);
    await deleteExpiredSessions(db, user.id);
    const [profile] = await db
      .select({ id: profiles.id, fullName: profiles.fullName })
      .from(profiles)
      .where(eq(profiles.userId, user.id))
      .limit(1);
    return c.json({ token, user: toAuthUser(user, profile) });
  });

  routes.post('/logout', requireUser, async (c) => {
    const sessionId = c.get('sessionId');
    if (sessionId) await invalidateSession(c.get('db'), sessionId);
    return c.body(null, 204);
  });

  routes.get('/me', requireUser, (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json(currentUser(c));
  });

  return routes;
}
