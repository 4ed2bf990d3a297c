/**
 * Throttles per address across usernames (issue 16, item 7): password spraying (one address trying
 * many usernames) and sign-up floods are refused with 429 and Retry-After, counted in the database.
 */

import { SIGN_UP_LIMIT } from '@toolbox/api/auth/sign-up-limit';
import { LOGIN_ADDRESS_FAILURE_LIMIT } from '@toolbox/api/routes/auth';
import { expect, it } from 'vitest';
import { authHeader, createAccount, login, uniqueUsername } from '../support/accounts';
import { describeEachDatabase } from '../support/server';

describeEachDatabase('login throttling across usernames', (api) => {
  it('refuses an address after too many failures on different usernames', async () => {
    const member = await createAccount(api);
    for (let failure = 1; failure <= LOGIN_ADDRESS_FAILURE_LIMIT; failure += 1) {
      const { status } = await api.json('/api/login/', {
        method: 'POST',
        body: { username: uniqueUsername('spray'), password: 'Winter2026!' },
      });
      expect(status, `failure ${failure}`).toBe(400);
    }
    const refused = await api.json<{ error: string }>('/api/login/', {
      method: 'POST',
      body: { username: member.username, password: member.password },
    });
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(
      /^Too many failed login attempts from your network address\. Try again in 1[45] minutes\.$/,
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(14 * 60);
    // Sessions already open are untouched.
    expect((await api.json('/api/me/', { headers: authHeader(member.token) })).status).toBe(200);
  });
});

describeEachDatabase('sign-up throttling', (api) => {
  const signUp = (username: string) =>
    api.json<{ error?: string }>('/api/profiles/', {
      method: 'POST',
      body: {
        username,
        password: `pw-${username}`,
        email: `${username}@example.com`,
        full_name: 'Sign Up',
        phone_number: '+256 700 000000',
      },
    });

  it(`allows ${SIGN_UP_LIMIT} sign-ups an hour from one address, then 429 with Retry-After`, async () => {
    for (let index = 1; index <= SIGN_UP_LIMIT; index += 1) {
      expect((await signUp(uniqueUsername('signup'))).status, `sign-up ${index}`).toBe(201);
    }
    const refused = await signUp(uniqueUsername('signup'));
    expect(refused.status).toBe(429);
    expect(refused.body.error).toMatch(
      /^Too many sign-ups from your network address\. Try again in (59|60) minutes\.$/,
    );
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(59 * 60);
    // An admin creating accounts is not throttled.
    const token = await login(api, api.admin.username, api.admin.password);
    const created = await api.json('/api/profiles/', {
      method: 'POST',
      headers: authHeader(token),
      body: {
        username: uniqueUsername('made'),
        password: 'a long enough secret',
        email: `${uniqueUsername('made')}@example.com`,
        full_name: 'Made By Admin',
        phone_number: '+256 700 000000',
      },
    });
    expect(created.status).toBe(201);
  });
});
