/**
 * Sign-ups are throttled per address (each one costs an Argon2 hash and creates an account): at
 * most SIGN_UP_LIMIT sign-ups with valid fields an hour from one address. One refused for a taken
 * username or email counts too: many would be someone finding out which names are taken. Counted in
 * the database like every limiter (auth/rate-limit.ts), so every API process shares the count.
 * Admins creating accounts are not counted.
 */
import type { Context } from 'hono';
import type { AppEnv } from '../env';
import { clientAddress } from '../http/client-address';
import { describeWait, takeRateLimit, tooManyRequests } from './rate-limit';

export const SIGN_UP_LIMIT = 20;
export const SIGN_UP_WINDOW_MS = 60 * 60 * 1000;

export function signUpKey(address: string | null): string {
  return `sign-up:${address ?? 'unknown'}`;
}

/** Counts one sign-up from the caller's address: null when it may go on, else the 429 to answer. */
export async function throttleSignUp(c: Context<AppEnv>): Promise<Response | null> {
  if (c.get('user')?.is_admin) return null;
  const slot = await takeRateLimit(c.get('db'), {
    key: signUpKey(clientAddress(c)),
    limit: SIGN_UP_LIMIT,
    windowMs: SIGN_UP_WINDOW_MS,
  });
  if (slot.allowed) return null;
  return tooManyRequests(
    c,
    slot.retryAfter,
    `Too many sign-ups from your network address. Try again in ${describeWait(slot.retryAfter)}.`,
  );
}
