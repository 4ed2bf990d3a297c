/**
 * Sessions over HTTP (docs/api.md, Sessions): login, logout, /api/me/, both header schemes, token
 * revocation, and the login throttle (10 failures per username and address in 15 minutes).
 */
import { expect, it } from 'vitest';
import { authHeader, createAccount, login, type SessionUser, uniqueUsername } from '../support/accounts';
import { describeEachDatabase } from '../support/server';

const NOT_PROVIDED = { error: 'Authentication credentials were not provided.' };
const INVALID_TOKEN = { error: 'Invalid or expired token.' };
const BAD_CREDENTIALS = { error: 'Unable to log in with provided credentials.' };

/** No answer may carry a password or a hash. */
function expectNoSecrets(body: unknown, ...passwords: string[]) {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/argon2|password/i);
  for (const password of passwords) expect(text).not.toContain(password);
}

describeEachDatabase('sessions', (api) => {
  const loginAnswer = (username: unknown, password: unknown) =>
    api.json<{ token: string; user: SessionUser; error?: string }>('/api/login/', {
      method: 'POST',
      body: { username, password },
    });

  it('logs the start-up admin in with { token, user }', async () => {
    const { status, headers, body } = await loginAnswer(api.admin.username, api.admin.password);
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(Object.keys(body).sort()).toEqual(['token', 'user']);
    expect(body.token).toMatch(/^[a-z2-7]{32}$/);
    expect(body.user).toEqual({
      id: expect.any(Number),
      username: api.admin.username,
      email: expect.any(String),
      full_name: api.admin.username,
      role: 'admin',
      is_admin: true,
      profile_id: expect.any(Number),
    });
    expectNoSecrets(body, api.admin.password);
  });

  it('answers a member with is_admin false, and takes the username in any case', async () => {
    const member = await createAccount(api, { full_name: 'Grace Hopper' });
    expect(member.user).toEqual({
      id: member.userId,
      username: member.username,
      email: member.email,
      full_name: 'Grace Hopper',
      role: 'member',
      is_admin: false,
      // Its own profile, which it may read and change (/api/profiles/{id}/).
      profile_id: member.id,
    });
    const { status, body } = await loginAnswer(member.username.toUpperCase(), member.password);
    expect(status).toBe(200);
    expect(body.user.username).toBe(member.username);
  });

  it('gives every login its own token', async () => {
    const member = await createAccount(api);
    const first = await login(api, member.username, member.password);
    const second = await login(api, member.username, member.password);
    expect(new Set([member.token, first, second]).size).toBe(3);
  });

  it('refuses a wrong password and an unknown user with the same 400 { error }', async () => {
    const member = await createAccount(api);
    const wrong = await loginAnswer(member.username, `${member.password}x`);
    expect(wrong.status).toBe(400);
    expect(wrong.body).toEqual(BAD_CREDENTIALS);
    const unknown = await loginAnswer(uniqueUsername('ghost'), 'whatever-password');
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual(BAD_CREDENTIALS);
    const tooLong = await loginAnswer('x'.repeat(5000), 'whatever-password');
    expect(tooLong.status).toBe(400);
    expect(tooLong.body).toEqual(BAD_CREDENTIALS);
  });

  it('answers missing or malformed login fields with a field map', async () => {
    const empty = await api.json('/api/login/', { method: 'POST', body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body).toEqual({
      username: ['This field is required.'],
      password: ['This field is required.'],
    });
    const blank = await loginAnswer('   ', '');
    expect(blank.body).toEqual({
      username: ['This field is required.'],
      password: ['This field is required.'],
    });
    const wrongTypes = await loginAnswer(42, ['a']);
    expect(wrongTypes.status).toBe(400);
    expect(wrongTypes.body).toEqual({ username: ['Not a valid string.'], password: ['Not a valid string.'] });
    const nul = await loginAnswer('ad\u0000min', 'password\u0000');
    expect(nul.status).toBe(400);
    expect(nul.body).toEqual({
      username: ['Null characters are not allowed.'],
      password: ['Null characters are not allowed.'],
    });
    // Half of a surrogate pair would reach the password hash as U+FFFD, as sign-up refuses it.
    const halfPair = await loginAnswer('ad\ud800min', 'password\udc00');
    expect(halfPair.status).toBe(400);
    expect(halfPair.body).toEqual({
      username: ['Lone surrogate characters are not allowed.'],
      password: ['Lone surrogate characters are not allowed.'],
    });
    const notObject = await api.json('/api/login/', { method: 'POST', body: '"admin"' });
    expect(notObject.status).toBe(400);
    expect(notObject.body).toEqual({ non_field_errors: ['Expected a JSON object.'] });
  });

  it('answers a body that is not JSON with 415 or 400', async () => {
    const form = await api.request('/api/login/', {
      method: 'POST',
      body: new URLSearchParams({ username: 'admin', password: 'x' }),
    });
    expect(form.status).toBe(415);
    expect(await form.json()).toHaveProperty('error');
    const broken = await api.json('/api/login/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"username": ',
    });
    expect(broken.status).toBe(400);
    expect(broken.body).toEqual({ error: 'Malformed JSON body.' });
  });

  it('accepts `Token` and `Bearer`, in any case, on /api/me/', async () => {
    const member = await createAccount(api);
    for (const scheme of ['Token', 'Bearer', 'token', 'BEARER']) {
      const { status, headers, body } = await api.json<SessionUser>('/api/me/', {
        headers: { Authorization: `${scheme} ${member.token}` },
      });
      expect(status, scheme).toBe(200);
      expect(headers.get('cache-control')).toBe('no-store');
      expect(body).toEqual(member.user);
      expectNoSecrets(body, member.password);
    }
  });

  it('tells "no credentials" from "bad token" with 401', async () => {
    const none = await api.json('/api/me/');
    expect(none.status).toBe(401);
    expect(none.body).toEqual(NOT_PROVIDED);
    expect(none.headers.get('www-authenticate')).toBe('Token');
    const basic = await api.json('/api/me/', { headers: { Authorization: 'Basic YWRtaW46eA==' } });
    expect(basic.status).toBe(401);
    expect(basic.body).toEqual(NOT_PROVIDED);
    for (const token of ['nonsense', 'a'.repeat(32), 'x'.repeat(5000), '%00']) {
      const bad = await api.json('/api/me/', { headers: authHeader(token) });
      expect(bad.status, token.slice(0, 10)).toBe(401);
      expect(bad.body).toEqual(INVALID_TOKEN);
    }
  });

  it('treats a bad token on a public endpoint as anonymous', async () => {
    const { status } = await api.json('/api/health/', { headers: authHeader('nonsense') });
    expect(status).toBe(200);
  });

  it('logs out: 204, that token stops working, other sessions go on', async () => {
    const member = await createAccount(api);
    const other = await login(api, member.username, member.password);
    const res = await api.request('/api/logout/', { method: 'POST', headers: authHeader(member.token) });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    const after = await api.json('/api/me/', { headers: authHeader(member.token) });
    expect(after.status).toBe(401);
    expect(after.body).toEqual(INVALID_TOKEN);
    const again = await api.json('/api/logout/', { method: 'POST', headers: authHeader(member.token) });
    expect(again.status).toBe(401);
    expect((await api.json('/api/me/', { headers: authHeader(other) })).status).toBe(200);
  });

  it('refuses logout without a token', async () => {
    const { status, body } = await api.json('/api/logout/', { method: 'POST' });
    expect(status).toBe(401);
    expect(body).toEqual(NOT_PROVIDED);
  });

  it('follows role changes at once: the token stays, the role is read fresh', async () => {
    const member = await createAccount(api);
    const admin = await login(api, api.admin.username, api.admin.password);
    const changed = await api.json(`/api/profiles/${member.id}/`, {
      method: 'PATCH',
      headers: authHeader(admin),
      body: { role: 'manager' },
    });
    expect(changed.status).toBe(200);
    const me = await api.json<SessionUser>('/api/me/', { headers: authHeader(member.token) });
    expect(me.body).toMatchObject({ role: 'manager', is_admin: false });
  });

  it('ends every session of a deleted user', async () => {
    const member = await createAccount(api);
    const admin = await login(api, api.admin.username, api.admin.password);
    const res = await api.request(`/api/profiles/${member.id}/`, {
      method: 'DELETE',
      headers: authHeader(admin),
    });
    expect(res.status).toBe(204);
    const me = await api.json('/api/me/', { headers: authHeader(member.token) });
    expect(me.status).toBe(401);
    expect(me.body).toEqual(INVALID_TOKEN);
    expect((await loginAnswer(member.username, member.password)).body).toEqual(BAD_CREDENTIALS);
  });

  it('ends the other sessions when users change their own password, keeping the current one', async () => {
    const member = await createAccount(api);
    const other = await login(api, member.username, member.password);
    const changed = await api.json(`/api/profiles/${member.id}/`, {
      method: 'PATCH',
      headers: authHeader(member.token),
      body: { password: 'a brand new password' },
    });
    expect(changed.status).toBe(200);
    expectNoSecrets(changed.body, 'a brand new password');
    expect((await api.json('/api/me/', { headers: authHeader(member.token) })).status).toBe(200);
    expect((await api.json('/api/me/', { headers: authHeader(other) })).body).toEqual(INVALID_TOKEN);
    expect((await loginAnswer(member.username, member.password)).status).toBe(400);
    expect((await loginAnswer(member.username, 'a brand new password')).status).toBe(200);
  });

  it('ends all sessions of a user whose password an admin changes', async () => {
    const member = await createAccount(api);
    const admin = await login(api, api.admin.username, api.admin.password);
    const changed = await api.json(`/api/profiles/${member.id}/`, {
      method: 'PATCH',
      headers: authHeader(admin),
      body: { password: 'set by the admin' },
    });
    expect(changed.status).toBe(200);
    expect((await api.json('/api/me/', { headers: authHeader(member.token) })).body).toEqual(INVALID_TOKEN);
    expect((await api.json('/api/me/', { headers: authHeader(admin) })).status).toBe(200);
  });

  it('keeps sessions when a profile changes without a new password', async () => {
    const member = await createAccount(api);
    const other = await login(api, member.username, member.password);
    const changed = await api.json(`/api/profiles/${member.id}/`, {
      method: 'PATCH',
      headers: authHeader(member.token),
      body: { full_name: 'New Name', password: '' },
    });
    expect(changed.status).toBe(200);
    expect((await api.json('/api/me/', { headers: authHeader(other) })).body).toMatchObject({
      full_name: 'New Name',
    });
  });
});

describeEachDatabase('login throttling', (api) => {
  const attempt = (username: string, password: string, headers?: Record<string, string>) =>
    api.json<{ error?: string; token?: string }>('/api/login/', {
      method: 'POST',
      body: { username, password },
      ...(headers ? { headers } : {}),
    });

  it('refuses every attempt after 10 failures, the right password included, with Retry-After', async () => {
    const member = await createAccount(api);
    for (let failure = 1; failure <= 10; failure += 1) {
      const { status, body } = await attempt(member.username, `wrong-${failure}`);
      expect(status, `failure ${failure}`).toBe(400);
      expect(body).toEqual(BAD_CREDENTIALS);
    }
    const right = await attempt(member.username, member.password);
    expect(right.status).toBe(429);
    expect(right.body.error).toMatch(/^Too many failed login attempts\. Try again in 1[45] minutes\.$/);
    const retryAfter = Number(right.headers.get('retry-after'));
    expect(Number.isInteger(retryAfter)).toBe(true);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // The username's case makes no difference; the existing session is untouched.
    expect((await attempt(member.username.toUpperCase(), member.password)).status).toBe(429);
    expect((await api.json('/api/me/', { headers: authHeader(member.token) })).status).toBe(200);
  });

  it('counts per username: another user from the same address still logs in', async () => {
    const blocked = await createAccount(api);
    const other = await createAccount(api);
    for (let failure = 1; failure <= 10; failure += 1) await attempt(blocked.username, 'wrong password');
    expect((await attempt(blocked.username, blocked.password)).status).toBe(429);
    expect((await attempt(other.username, other.password)).status).toBe(200);
  });

  it('throttles unknown usernames too, so they look like real ones', async () => {
    const ghost = uniqueUsername('ghost');
    for (let failure = 1; failure <= 10; failure += 1) {
      expect((await attempt(ghost, 'wrong password')).status).toBe(400);
    }
    expect((await attempt(ghost, 'wrong password')).status).toBe(429);
  });

  it('does not count successful logins, and blocks at exactly the tenth failure', async () => {
    const member = await createAccount(api);
    for (let failure = 1; failure <= 9; failure += 1) await attempt(member.username, 'wrong password');
    for (let success = 1; success <= 3; success += 1) {
      expect((await attempt(member.username, member.password)).status).toBe(200);
    }
    expect((await attempt(member.username, 'wrong password')).status).toBe(400);
    expect((await attempt(member.username, member.password)).status).toBe(429);
  });

  it('keeps the limit exact when failures arrive together', async () => {
    const member = await createAccount(api);
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, index) => attempt(member.username, `wrong ${index}`)),
    );
    const statuses = answers.map((answer) => answer.status).sort();
    expect(statuses.filter((status) => status === 400)).toHaveLength(10);
    expect(statuses.filter((status) => status === 429)).toHaveLength(6);
  });

  it('does not trust X-Forwarded-For by default: a forged address does not escape the limit', async () => {
    const member = await createAccount(api);
    for (let failure = 1; failure <= 10; failure += 1) await attempt(member.username, 'wrong password');
    const forged = await attempt(member.username, member.password, { 'X-Forwarded-For': '203.0.113.9' });
    expect(forged.status).toBe(429);
  });
});
