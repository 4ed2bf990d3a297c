import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import type { AppEnv } from '../env';
import { silentLogger } from '../logger';
import {
  FORBIDDEN,
  INVALID_TOKEN,
  NOT_AUTHENTICATED,
  readToken,
  requireRole,
  requireUser,
} from './middleware';
import type { AuthUser } from './types';

describe('readToken', () => {
  it.each([
    ['Token abc123', 'abc123'],
    ['Bearer abc123', 'abc123'],
    ['token abc123', 'abc123'],
    ['BEARER   abc123  ', 'abc123'],
  ])('reads %j', (header, token) => {
    expect(readToken(header)).toBe(token);
  });

  it.each([undefined, '', 'abc123', 'Basic YWRtaW46eA==', 'Token', 'Token ', 'Token a b', 'Tokenabc'])(
    'ignores %j',
    (header) => {
      expect(readToken(header)).toBeNull();
    },
  );
});

const member: AuthUser = {
  id: 1,
  username: 'mary',
  email: 'mary@example.com',
  full_name: 'Mary',
  role: 'member',
  is_admin: false,
};

/** An app whose "session middleware" sets the given user, with guarded routes. */
function appWith(user: AuthUser | null) {
  const app = new Hono<AppEnv>();
  app.use(async (c, next) => {
    c.set('db', {} as Database);
    c.set('logger', silentLogger);
    c.set('user', user);
    c.set('sessionId', user ? 'session' : null);
    await next();
  });
  app.get('/user', requireUser, (c) => c.text('ok'));
  app.get('/staff', requireRole('admin', 'manager'), (c) => c.text('ok'));
  return app;
}

describe('requireUser and requireRole', () => {
  it('answer 401 "not provided" without a token and "invalid" with one that did not validate', async () => {
    const app = appWith(null);
    for (const path of ['/user', '/staff']) {
      const none = await app.request(path);
      expect(none.status).toBe(401);
      expect(none.headers.get('www-authenticate')).toBe('Token');
      expect(await none.json()).toEqual({ error: NOT_AUTHENTICATED });
      const bad = await app.request(path, { headers: { Authorization: 'Token expired' } });
      expect(bad.status).toBe(401);
      expect(await bad.json()).toEqual({ error: INVALID_TOKEN });
    }
  });

  it('let users through requireUser and refuse the wrong role with 403', async () => {
    const app = appWith(member);
    expect((await app.request('/user')).status).toBe(200);
    const staff = await app.request('/staff');
    expect(staff.status).toBe(403);
    expect(await staff.json()).toEqual({ error: FORBIDDEN });
    const manager = appWith({ ...member, role: 'manager' });
    expect((await manager.request('/staff')).status).toBe(200);
  });
});
