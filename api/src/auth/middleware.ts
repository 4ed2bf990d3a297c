/**
 * Who is calling: `sessionMiddleware` (mounted once on /api) reads `Authorization: Token <t>` or
 * `Authorization: Bearer <t>` and sets `c.get('user')` and `c.get('sessionId')` (null for anonymous
 * callers, and for a token that is unknown or expired: such a request is anonymous, and the routes
 * that need a user answer 401). `requireUser` and `requireRole` guard routes.
 */
import type { Context, MiddlewareHandler } from 'hono';
import type { Role } from '../db/schema';
import type { AppEnv } from '../env';
import { validateSessionToken } from './session';
import type { AuthUser } from './types';

export const NOT_AUTHENTICATED = 'Authentication credentials were not provided.';
export const INVALID_TOKEN = 'Invalid or expired token.';
export const FORBIDDEN = 'You do not have permission to perform this action.';

const AUTHORIZATION = /^(?:Token|Bearer)[ \t]+(\S+)[ \t]*$/i;

/** The token of an `Authorization: Token <t>` or `Bearer <t>` header; null for anything else. */
export function readToken(header: string | undefined): string | null {
  if (!header) return null;
  return AUTHORIZATION.exec(header)?.[1] ?? null;
}

export const sessionMiddleware: MiddlewareHandler<AppEnv> = async (c, next) => {
  c.set('user', null);
  c.set('sessionId', null);
  const token = readToken(c.req.header('Authorization'));
  if (token) {
    const validated = await validateSessionToken(c.get('db'), token);
    if (validated) {
      c.set('user', validated.user);
      c.set('sessionId', validated.session.id);
    }
  }
  await next();
};

/** 401 with the reason: no credentials, or a token that is not (or no longer) valid. */
export function unauthorized<E extends AppEnv>(c: Context<E>) {
  c.header('WWW-Authenticate', 'Token');
  const presented = readToken(c.req.header('Authorization')) !== null;
  return c.json({ error: presented ? INVALID_TOKEN : NOT_AUTHENTICATED }, 401);
}

export function forbidden<E extends AppEnv>(c: Context<E>, message: string = FORBIDDEN) {
  return c.json({ error: message }, 403);
}

export const requireUser: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get('user')) return unauthorized(c);
  await next();
};

/** 401 for anonymous callers, 403 for users whose role is not one of `roles`. */
export function requireRole(...roles: Role[]): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const user = c.get('user');
    if (!user) return unauthorized(c);
    if (!roles.includes(user.role)) return forbidden(c);
    await next();
  };
}

/** The signed-in user, behind `requireUser` or `requireRole`. */
export function currentUser<E extends AppEnv>(c: Context<E>): AuthUser {
  const user = c.get('user');
  if (!user) throw new Error('currentUser() used on a route without requireUser.');
  return user;
}
