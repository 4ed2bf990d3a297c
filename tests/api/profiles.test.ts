/**
 * Profiles over HTTP (docs/api.md, Profiles): each role against each endpoint, sign-up, validation
 * messages, uniqueness, search by each field, paging edges, and the last admin.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  type Account,
  adminToken,
  authHeader,
  createAccount,
  login,
  type ProfileBody,
  uniqueUsername,
} from '../support/accounts';
import { describeEachDatabase, type TestServer } from '../support/server';

const REQUIRED = ['This field is required.'];
const FORBIDDEN = { error: 'You do not have permission to perform this action.' };
const NOT_PROVIDED = { error: 'Authentication credentials were not provided.' };
const NOT_FOUND = { error: 'Not found.' };

interface Page {
  count: number;
  next: string | null;
  previous: string | null;
  results: ProfileBody[];
}

/** No answer may carry a password or a hash. */
function expectNoSecrets(body: unknown, ...passwords: string[]) {
  const text = JSON.stringify(body);
  expect(text).not.toMatch(/argon2|password/i);
  for (const password of passwords) expect(text).not.toContain(password);
}

/** A complete, valid profile body with a fresh username and email. */
function newProfile(overrides: Record<string, unknown> = {}) {
  const username = uniqueUsername('p');
  return {
    username,
    password: `secret-${username}`,
    email: `${username}@example.com`,
    full_name: 'Ada Lovelace',
    phone_number: '+44 20 7946 0000',
    address: '12 St James Square, London',
    ...overrides,
  };
}

const as = (token: string | undefined) => (token ? { headers: authHeader(token) } : {});

function profilesApi(api: TestServer) {
  return {
    list: (query: string, token?: string) => api.json<Page>(`/api/profiles/${query}`, as(token)),
    create: (body: unknown, token?: string) =>
      api.json<ProfileBody & Record<string, string[]>>('/api/profiles/', {
        method: 'POST',
        body,
        ...as(token),
      }),
    read: (id: number | string, token?: string) => api.json<ProfileBody>(`/api/profiles/${id}/`, as(token)),
    update: (method: 'PUT' | 'PATCH', id: number | string, body: unknown, token?: string) =>
      api.json<ProfileBody & { error?: string } & Record<string, unknown>>(`/api/profiles/${id}/`, {
        method,
        body,
        ...as(token),
      }),
    remove: (id: number | string, token?: string) =>
      api.json<{ error?: string } | null>(`/api/profiles/${id}/`, { method: 'DELETE', ...as(token) }),
  };
}

describeEachDatabase('profiles', (api) => {
  const profiles = profilesApi(api);
  let admin: string;
  let member: Account;
  let otherMember: Account;
  let manager: Account;

  beforeAll(async () => {
    admin = await adminToken(api);
    member = await createAccount(api, { full_name: 'Mary Member' });
    otherMember = await createAccount(api);
    manager = await createAccount(api, { role: 'manager' });
  });

  describe('sign-up and creation', () => {
    it('signs up an anonymous visitor as a member, whatever role is asked for', async () => {
      for (const role of ['admin', 'manager', 'bogus', undefined, 42]) {
        const body = newProfile({ role });
        const { status, body: created } = await profiles.create(body);
        expect(status, String(role)).toBe(201);
        expect(created).toEqual({
          id: expect.any(Number),
          full_name: body.full_name,
          phone_number: body.phone_number,
          address: body.address,
          role: 'member',
          user: { id: expect.any(Number), username: body.username, email: body.email },
        });
        expectNoSecrets(created, body.password);
      }
    });

    it('lets the new account log in', async () => {
      const body = newProfile();
      expect((await profiles.create(body)).status).toBe(201);
      const token = await login(api, body.username, body.password);
      const me = await api.json('/api/me/', as(token));
      expect(me.body).toMatchObject({ username: body.username, role: 'member', full_name: body.full_name });
    });

    it('makes members and managers who create accounts create members only', async () => {
      for (const caller of [member, manager]) {
        const { status, body } = await profiles.create(newProfile({ role: 'admin' }), caller.token);
        expect(status).toBe(201);
        expect(body.role).toBe('member');
      }
    });

    it('lets an admin choose the role, member when none is given', async () => {
      for (const role of ['admin', 'manager', 'member'] as const) {
        const { status, body } = await profiles.create(newProfile({ role }), admin);
        expect(status).toBe(201);
        expect(body.role).toBe(role);
      }
      const { body } = await profiles.create(newProfile({ role: undefined }), admin);
      expect(body.role).toBe('member');
      const blank = await profiles.create(newProfile({ role: '' }), admin);
      expect(blank.body.role).toBe('member');
    });

    it('refuses an unknown role from an admin', async () => {
      const { status, body } = await profiles.create(newProfile({ role: 'superuser' }), admin);
      expect(status).toBe(400);
      expect(body).toEqual({ role: ['Select a valid role: admin, manager, member.'] });
    });

    it('names every missing required field', async () => {
      const { status, body } = await profiles.create({});
      expect(status).toBe(400);
      expect(body).toEqual({
        username: REQUIRED,
        email: REQUIRED,
        password: REQUIRED,
        full_name: REQUIRED,
        phone_number: REQUIRED,
      });
      const blanks = await profiles.create({
        username: '  ',
        email: '',
        password: '        ',
        full_name: ' ',
        phone_number: null,
        address: null,
      });
      expect(blanks.body).toEqual({
        username: REQUIRED,
        email: REQUIRED,
        password: REQUIRED,
        full_name: REQUIRED,
        phone_number: REQUIRED,
      });
    });

    it.each([
      ['username', 'ab', 'Ensure this field has at least 3 characters.'],
      ['username', 'u'.repeat(151), 'Ensure this field has no more than 150 characters.'],
      [
        'username',
        'has space',
        'Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.',
      ],
      [
        'username',
        'semi;colon',
        'Enter a valid username. This value may contain only letters, numbers, and @/./+/-/_ characters.',
      ],
      ['email', 'not-an-email', 'Enter a valid email address.'],
      ['email', 'a@b', 'Enter a valid email address.'],
      ['email', `${'e'.repeat(250)}@example.com`, 'Ensure this field has no more than 254 characters.'],
      ['password', 'short', 'This password is too short. It must contain at least 8 characters.'],
      ['password', 'p'.repeat(257), 'Ensure this field has no more than 256 characters.'],
      ['full_name', 'f'.repeat(151), 'Ensure this field has no more than 150 characters.'],
      ['phone_number', '1'.repeat(33), 'Ensure this field has no more than 32 characters.'],
      ['address', 'a'.repeat(501), 'Ensure this field has no more than 500 characters.'],
      ['full_name', 'Nul\u0000Byte', 'Null characters are not allowed.'],
      ['address', 'Nul\u0000Byte', 'Null characters are not allowed.'],
      ['full_name', '\ud800', 'Lone surrogate characters are not allowed.'],
      ['phone_number', '\udfff', 'Lone surrogate characters are not allowed.'],
      ['address', '\ud800x', 'Lone surrogate characters are not allowed.'],
      ['password', 'Xy9#correct-horse\ud800', 'Lone surrogate characters are not allowed.'],
      ['full_name', '😀'.repeat(151), 'Ensure this field has no more than 150 characters.'],
      ['full_name', 12, 'Not a valid string.'],
      ['phone_number', 256700000000, 'Not a valid string.'],
      ['username', { name: 'x' }, 'Not a valid string.'],
    ])('refuses %s = %j with its message', async (field, value, message) => {
      const { status, body } = await profiles.create(newProfile({ [field]: value }));
      expect(status).toBe(400);
      expect(body).toEqual({ [field]: [message] });
    });

    it('accepts the edges of every limit, letters of any script, and trims the text fields', async () => {
      const username = `${uniqueUsername('Édith')}.+-@_`;
      const body = newProfile({
        username: `  ${username}  `,
        email: `  edge-${Date.now()}@example.com `,
        password: ' eight ch',
        full_name: `  ${'f'.repeat(150)}  `,
        phone_number: '1'.repeat(32),
        address: 'a'.repeat(500),
      });
      const { status, body: created } = await profiles.create(body);
      expect(status).toBe(201);
      expect(created.user.username).toBe(username);
      expect(created.user.email).toBe(body.email.trim());
      expect(created.full_name).toBe('f'.repeat(150));
      // The password is taken as typed, spaces included.
      expect(
        (await api.json('/api/login/', { method: 'POST', body: { username, password: ' eight ch' } })).status,
      ).toBe(200);
      // Limits count characters, as the database does: an emoji is one.
      const emoji = await profiles.create(newProfile({ full_name: '😀'.repeat(150) }));
      expect(emoji.status).toBe(201);
      expect(emoji.body.full_name).toBe('😀'.repeat(150));
    });

    it('takes a username in either Unicode form as one name (é as one character or e and an accent)', async () => {
      const base = uniqueUsername('jos');
      const composed = `${base}\u00e9`;
      const decomposed = `${base}e\u0301`;
      const profile = newProfile({ username: decomposed });
      const first = await profiles.create(profile);
      expect(first.status).toBe(201);
      expect(first.body.user.username).toBe(composed);
      const again = await profiles.create(newProfile({ username: composed }));
      expect(again.body).toEqual({ username: ['A user with that username already exists.'] });
      const login = await api.json('/api/login/', {
        method: 'POST',
        body: { username: decomposed, password: profile.password },
      });
      expect(login.status).toBe(200);
    });

    it('keeps usernames and emails unique regardless of case', async () => {
      const first = newProfile();
      expect((await profiles.create(first)).status).toBe(201);
      const sameName = await profiles.create(newProfile({ username: first.username.toUpperCase() }));
      expect(sameName.status).toBe(400);
      expect(sameName.body).toEqual({ username: ['A user with that username already exists.'] });
      const sameEmail = await profiles.create(newProfile({ email: first.email.toUpperCase() }));
      expect(sameEmail.status).toBe(400);
      expect(sameEmail.body).toEqual({ email: ['A user with that email already exists.'] });
      const both = await profiles.create(newProfile({ username: first.username, email: first.email }));
      expect(both.body).toEqual({
        username: ['A user with that username already exists.'],
        email: ['A user with that email already exists.'],
      });
    });

    it('creates one account when the same sign-up arrives twice at once', async () => {
      const body = newProfile();
      // Sent by the admin, whom the per-address sign-up throttle does not count: this file's
      // anonymous sign-ups already come close to its limit (throttles.test.ts tests the limit).
      const answers = await Promise.all([
        profiles.create(body, admin),
        profiles.create(body, admin),
        profiles.create(body, admin),
      ]);
      const statuses = answers.map((answer) => answer.status).sort();
      expect(statuses).toEqual([201, 400, 400]);
      // Each refusal names both fields, as a sign-up refused before writing does, whichever moment
      // the other sign-up committed in.
      for (const answer of answers.filter((one) => one.status === 400)) {
        expect(answer.body).toEqual({
          username: ['A user with that username already exists.'],
          email: ['A user with that email already exists.'],
        });
      }
    });

    it('refuses bodies that are not a JSON object', async () => {
      expect((await profiles.create([])).status).toBe(400);
      expect((await profiles.create('"text"')).body).toEqual({
        non_field_errors: ['Expected a JSON object.'],
      });
      const form = await api.request('/api/profiles/', {
        method: 'POST',
        body: new URLSearchParams(newProfile()),
      });
      expect(form.status).toBe(415);
    });
  });

  describe('who may do what', () => {
    it('lists profiles for admins and managers only', async () => {
      expect(await profiles.list('')).toMatchObject({ status: 401, body: NOT_PROVIDED });
      expect(await profiles.list('', member.token)).toMatchObject({ status: 403, body: FORBIDDEN });
      for (const token of [manager.token, admin]) {
        const { status, body } = await profiles.list('', token);
        expect(status).toBe(200);
        expect(Object.keys(body).sort()).toEqual(['count', 'next', 'previous', 'results']);
        expectNoSecrets(body);
      }
    });

    it('shows a profile to its owner, managers and admins; 403 to other members whether or not it exists', async () => {
      expect(await profiles.read(member.id)).toMatchObject({ status: 401, body: NOT_PROVIDED });
      const own = await profiles.read(member.id, member.token);
      expect(own.status).toBe(200);
      expect(own.body).toEqual({
        id: member.id,
        full_name: 'Mary Member',
        phone_number: '+256 700 000000',
        address: '',
        role: 'member',
        user: { id: member.userId, username: member.username, email: member.email },
      });
      expect(await profiles.read(otherMember.id, member.token)).toMatchObject({
        status: 403,
        body: FORBIDDEN,
      });
      expect(await profiles.read(999_999, member.token)).toMatchObject({ status: 403, body: FORBIDDEN });
      for (const token of [manager.token, admin]) {
        expect((await profiles.read(otherMember.id, token)).body).toMatchObject({ id: otherMember.id });
        expect(await profiles.read(999_999, token)).toMatchObject({ status: 404, body: NOT_FOUND });
      }
    });

    it('answers 404 for ids that are not profile ids', async () => {
      for (const id of ['abc', '0', '-1', '1.5', '99999999999', '2147483648']) {
        expect(await profiles.read(id, admin), id).toMatchObject({ status: 404, body: NOT_FOUND });
        expect((await profiles.update('PATCH', id, {}, admin)).status, id).toBe(404);
        expect((await profiles.remove(id, admin)).status, id).toBe(404);
      }
    });

    it('lets owners update their own profile, not their role', async () => {
      const owner = await createAccount(api);
      const full = {
        username: owner.username,
        email: owner.email,
        password: '',
        full_name: 'Owner Renamed',
        phone_number: '+1 202 555 0100',
        address: 'New address',
        role: 'member',
      };
      const put = await profiles.update('PUT', owner.id, full, owner.token);
      expect(put.status).toBe(200);
      expect(put.body).toMatchObject({
        full_name: 'Owner Renamed',
        phone_number: '+1 202 555 0100',
        role: 'member',
      });
      const promote = await profiles.update('PATCH', owner.id, { role: 'admin' }, owner.token);
      expect(promote).toMatchObject({ status: 403, body: { error: 'Only an admin may change a role.' } });
      const putPromote = await profiles.update('PUT', owner.id, { ...full, role: 'manager' }, owner.token);
      expect(putPromote.status).toBe(403);
      expect((await profiles.read(owner.id, admin)).body.role).toBe('member');
    });

    it('lets a manager update their own profile (not the role) but nobody else’s', async () => {
      const own = await profiles.update('PATCH', manager.id, { address: 'Manager street 1' }, manager.token);
      expect(own.status).toBe(200);
      expect(own.body.address).toBe('Manager street 1');
      expect((await profiles.update('PATCH', manager.id, { role: 'admin' }, manager.token)).status).toBe(403);
      expect((await profiles.update('PATCH', manager.id, { role: 'manager' }, manager.token)).status).toBe(
        200,
      );
      for (const method of ['PUT', 'PATCH'] as const) {
        const other = await profiles.update(method, member.id, { full_name: 'Hacked' }, manager.token);
        expect(other).toMatchObject({ status: 403, body: FORBIDDEN });
      }
    });

    it('refuses members and anonymous callers other people’s profiles before reading the body', async () => {
      for (const method of ['PUT', 'PATCH'] as const) {
        expect(await profiles.update(method, otherMember.id, { full_name: 'x' }, member.token)).toMatchObject(
          {
            status: 403,
            body: FORBIDDEN,
          },
        );
        expect(await profiles.update(method, otherMember.id, 'not json at all', member.token)).toMatchObject({
          status: 403,
        });
        expect(await profiles.update(method, otherMember.id, { full_name: 'x' })).toMatchObject({
          status: 401,
          body: NOT_PROVIDED,
        });
      }
      expect((await profiles.read(otherMember.id, admin)).body.full_name).not.toBe('x');
    });

    it('lets an admin update anyone, role included', async () => {
      const target = await createAccount(api);
      const { status, body } = await profiles.update(
        'PATCH',
        target.id,
        { role: 'manager', full_name: 'Promoted Person' },
        admin,
      );
      expect(status).toBe(200);
      expect(body).toMatchObject({ role: 'manager', full_name: 'Promoted Person' });
      const me = await api.json('/api/me/', as(target.token));
      expect(me.body).toMatchObject({ role: 'manager', full_name: 'Promoted Person' });
    });

    it('deletes profiles for admins only', async () => {
      const target = await createAccount(api);
      expect(await profiles.remove(target.id)).toMatchObject({ status: 401, body: NOT_PROVIDED });
      for (const caller of [target, member, manager]) {
        expect(await profiles.remove(target.id, caller.token)).toMatchObject({
          status: 403,
          body: FORBIDDEN,
        });
      }
      const res = await api.request(`/api/profiles/${target.id}/`, { method: 'DELETE', ...as(admin) });
      expect(res.status).toBe(204);
      expect(await res.text()).toBe('');
      expect(await profiles.read(target.id, admin)).toMatchObject({ status: 404, body: NOT_FOUND });
      expect(await profiles.remove(target.id, admin)).toMatchObject({ status: 404, body: NOT_FOUND });
      const relogin = await api.json('/api/login/', {
        method: 'POST',
        body: { username: target.username, password: target.password },
      });
      expect(relogin.status).toBe(400);
      // The username is free again.
      expect((await profiles.create(newProfile({ username: target.username }))).status).toBe(201);
    });
  });

  describe('updates', () => {
    it('replaces every field with PUT and keeps the password when it is blank or absent', async () => {
      const owner = await createAccount(api);
      const renamed = uniqueUsername('renamed');
      const body = {
        username: renamed,
        email: `${renamed}@example.org`,
        full_name: 'Put Person',
        phone_number: '123',
        address: '',
      };
      const put = await profiles.update('PUT', owner.id, body, owner.token);
      expect(put.status).toBe(200);
      expect(put.body).toEqual({
        id: owner.id,
        full_name: 'Put Person',
        phone_number: '123',
        address: '',
        role: 'member',
        user: { id: owner.userId, username: renamed, email: `${renamed}@example.org` },
      });
      expectNoSecrets(put.body, owner.password);
      expect((await profiles.update('PUT', owner.id, { ...body, password: '   ' }, owner.token)).status).toBe(
        200,
      );
      expect(await login(api, renamed, owner.password)).toMatch(/^[a-z2-7]{32}$/);
    });

    it('asks PUT for the required fields', async () => {
      const { status, body } = await profiles.update(
        'PUT',
        member.id,
        { full_name: 'Only this' },
        member.token,
      );
      expect(status).toBe(400);
      expect(body).toEqual({ username: REQUIRED, email: REQUIRED, phone_number: REQUIRED });
    });

    it('changes only the fields PATCH sends, with the same rules', async () => {
      const owner = await createAccount(api, { full_name: 'Patch Person', address: 'Old road' });
      const phone = await profiles.update(
        'PATCH',
        owner.id,
        { phone_number: '+256 777 123456' },
        owner.token,
      );
      expect(phone.body).toMatchObject({
        full_name: 'Patch Person',
        address: 'Old road',
        phone_number: '+256 777 123456',
      });
      const nothing = await profiles.update('PATCH', owner.id, {}, owner.token);
      expect(nothing.status).toBe(200);
      expect(nothing.body).toEqual(phone.body);
      const blanked = await profiles.update('PATCH', owner.id, { full_name: '', email: 'bad' }, owner.token);
      expect(blanked.status).toBe(400);
      expect(blanked.body).toEqual({ full_name: REQUIRED, email: ['Enter a valid email address.'] });
      const short = await profiles.update('PATCH', owner.id, { password: 'short' }, owner.token);
      expect(short.body).toEqual({
        password: ['This password is too short. It must contain at least 8 characters.'],
      });
    });

    it('refuses a username or email another user has, but not one’s own in another case', async () => {
      const owner = await createAccount(api);
      const takenName = await profiles.update(
        'PATCH',
        owner.id,
        { username: member.username.toUpperCase() },
        owner.token,
      );
      expect(takenName).toMatchObject({
        status: 400,
        body: { username: ['A user with that username already exists.'] },
      });
      const takenEmail = await profiles.update('PATCH', owner.id, { email: member.email }, owner.token);
      expect(takenEmail).toMatchObject({
        status: 400,
        body: { email: ['A user with that email already exists.'] },
      });
      const ownInCaps = await profiles.update(
        'PATCH',
        owner.id,
        { username: owner.username.toUpperCase(), email: owner.email.toUpperCase() },
        owner.token,
      );
      expect(ownInCaps.status).toBe(200);
      expect(ownInCaps.body.user.username).toBe(owner.username.toUpperCase());
    });
  });

  describe('list, search and paging', () => {
    const marker = `pgmark${Date.now().toString(36)}`;
    const batch: ProfileBody[] = [];

    beforeAll(async () => {
      // Made by the admin: anonymous sign-ups from one address are throttled (throttles.test.ts).
      for (let index = 0; index < 12; index += 1) {
        const { status, body } = await profiles.create(
          newProfile({ full_name: `${marker} person ${index}` }),
          admin,
        );
        expect(status).toBe(201);
        batch.push(body);
      }
    });

    const search = (query: string) => `?search=${encodeURIComponent(query)}`;

    it('pages by 5 by default, ordered by id, with absolute next and previous links', async () => {
      const { status, body } = await profiles.list(search(marker), admin);
      expect(status).toBe(200);
      expect(body.count).toBe(12);
      expect(body.results.map((profile) => profile.id)).toEqual(
        batch.slice(0, 5).map((profile) => profile.id),
      );
      expect(body.previous).toBeNull();
      const next = new URL(body.next ?? '');
      expect(next.origin).toBe(api.url);
      expect(next.pathname).toBe('/api/profiles/');
      expect(next.searchParams.get('page')).toBe('2');
      expect(next.searchParams.get('search')).toBe(marker);
    });

    it('answers the last page short, and a page past the end with 404', async () => {
      const last = await profiles.list(`${search(marker)}&page=3`, admin);
      expect(last.status).toBe(200);
      expect(last.body.results.map((profile) => profile.id)).toEqual(
        batch.slice(10).map((profile) => profile.id),
      );
      expect(last.body.next).toBeNull();
      expect(new URL(last.body.previous ?? '').searchParams.get('page')).toBe('2');
      const middle = await profiles.list(`${search(marker)}&page=2`, admin);
      expect(middle.body.results.map((profile) => profile.id)).toEqual(
        batch.slice(5, 10).map((profile) => profile.id),
      );
      // Page 1's link drops the page parameter.
      expect(new URL(middle.body.previous ?? '').searchParams.has('page')).toBe(false);
      expect(await profiles.list(`${search(marker)}&page=4`, admin)).toMatchObject({
        status: 404,
        body: { error: 'Invalid page.' },
      });
    });

    it('answers everything on one page with page_size 1000 (All)', async () => {
      const { body } = await profiles.list(`${search(marker)}&page_size=1000`, admin);
      expect(body.count).toBe(12);
      expect(body.results).toHaveLength(12);
      expect(body.next).toBeNull();
      expect(body.previous).toBeNull();
      const exact = await profiles.list(`${search(marker)}&page_size=12&page=1`, manager.token);
      expect(exact.body.next).toBeNull();
      expect(await profiles.list(`${search(marker)}&page_size=12&page=2`, admin)).toMatchObject({
        status: 404,
      });
      const unsearched = await profiles.list('?page_size=1000', admin);
      expect(unsearched.body.count).toBe(unsearched.body.results.length);
      expect(unsearched.body.count).toBeGreaterThanOrEqual(16);
    });

    it('answers an empty search with page 1 empty, and page 2 with 404', async () => {
      const none = await profiles.list(search(`${marker}-nobody`), admin);
      expect(none.body).toEqual({ count: 0, next: null, previous: null, results: [] });
      expect((await profiles.list(`${search(`${marker}-nobody`)}&page=2`, admin)).status).toBe(404);
    });

    it.each([
      ['page=0', 'page'],
      ['page=abc', 'page'],
      ['page=-1', 'page'],
      ['page=1.5', 'page'],
      ['page_size=0', 'page_size'],
      ['page_size=1001', 'page_size'],
      ['page_size=all', 'page_size'],
      ['search=a&search=b', 'search'],
      [`search=${'s'.repeat(201)}`, 'search'],
      ['search=a%00b', 'search'],
    ])('refuses ?%s with a message for %s', async (query, field) => {
      const { status, body } = await profiles.list(`?${query}`, admin);
      expect(status).toBe(400);
      expect(Object.keys(body)).toEqual([field]);
    });

    describe('by each field', () => {
      let target: ProfileBody;
      const username = uniqueUsername('quokka');

      beforeAll(async () => {
        const created = await profiles.create(
          newProfile({
            username,
            email: `platypus.${username}@wombat-mail.example`,
            full_name: 'Zebulon Quartermaine',
            phone_number: '+61 2 9876 5432',
            address: '42 Wallaby Way, Sydney',
          }),
        );
        target = created.body;
      });

      it.each([
        ['full name', 'zebulon QUARTER'],
        ['username', username.toUpperCase()],
        ['email', 'PLATYPUS.'],
        ['email domain', 'wombat-mail'],
        ['phone number', '9876 54'],
        ['address', 'wallaby way'],
      ])('finds a profile by its %s, case-insensitively', async (_field, term) => {
        const { status, body } = await profiles.list(search(term), admin);
        expect(status).toBe(200);
        expect(body.results.map((profile) => profile.id)).toContain(target.id);
      });

      it('finds by role: every result has the term in a field', async () => {
        const { body } = await profiles.list(`${search('MANAG')}&page_size=1000`, admin);
        const ids = body.results.map((profile) => profile.id);
        expect(ids).toContain(manager.id);
        expect(ids).not.toContain(member.id);
        for (const profile of body.results) {
          const fields = [
            profile.full_name,
            profile.phone_number,
            profile.address,
            profile.role,
            profile.user.username,
            profile.user.email,
          ];
          expect(fields.some((field) => field.toLowerCase().includes('manag'))).toBe(true);
        }
      });

      it('matches the whole term, trimmed, not its words separately', async () => {
        expect(
          (await profiles.list(search('  wallaby way  '), admin)).body.results.map((p) => p.id),
        ).toContain(target.id);
        expect((await profiles.list(search('Wallaby Sydney'), admin)).body.count).toBe(0);
      });
    });

    it('treats %, _ and \\ as themselves', async () => {
      const percent = (await profiles.create(newProfile({ address: 'Rated 100% sure_thing back\\slash' })))
        .body;
      const lookalike = (await profiles.create(newProfile({ address: 'Rated 100X sureXthing backXslash' })))
        .body;
      const ids = async (term: string) =>
        (await profiles.list(`${search(term)}&page_size=1000`, admin)).body.results.map(
          (profile) => profile.id,
        );
      for (const term of ['100%', '% sure', 'sure_thing', 'k\\s', '100% sure_thing back\\slash']) {
        const found = await ids(term);
        expect(found, term).toContain(percent.id);
        expect(found, term).not.toContain(lookalike.id);
      }
      expect(await ids('100%%')).toEqual([]);
      // A lone `_` finds what has an underscore somewhere (usernames here do), not everything.
      const { body } = await profiles.list(`${search('_')}&page_size=1000`, admin);
      expect(body.results.map((profile) => profile.id)).toContain(percent.id);
      for (const profile of body.results) {
        const fields = [
          profile.full_name,
          profile.phone_number,
          profile.address,
          profile.user.username,
          profile.user.email,
        ];
        expect(fields.some((field) => field.includes('_'))).toBe(true);
      }
      const all = await profiles.list('?page_size=1000', admin);
      const withoutUnderscore = all.body.results.filter(
        (profile) =>
          !`${profile.full_name}${profile.phone_number}${profile.address}${profile.user.username}${profile.user.email}`.includes(
            '_',
          ),
      );
      expect(withoutUnderscore.length).toBeGreaterThan(0);
      expect(body.count).toBe(all.body.count - withoutUnderscore.length);
    });

    it('lets managers search and page too', async () => {
      const { status, body } = await profiles.list(`${search(marker)}&page=2&page_size=10`, manager.token);
      expect(status).toBe(200);
      expect(body.results.map((profile) => profile.id)).toEqual(batch.slice(10).map((profile) => profile.id));
    });
  });
});

describeEachDatabase('deleting a user with likes and comments', (api) => {
  it('removes their likes and comments and corrects the post counters', async () => {
    const admin = await adminToken(api);
    const form = new FormData();
    form.set('title', 'A post to like');
    form.set('description', 'Liked and commented on, then the user goes.');
    form.set('status', 'Published');
    const post = await api.json<{ id: number }>('/api/posts/', { method: 'POST', body: form, ...as(admin) });
    expect(post.status).toBe(201);
    const member = await createAccount(api);
    const like = await api.json(`/api/posts/${post.body.id}/like/`, { method: 'POST', ...as(member.token) });
    expect(like.status).toBe(200);
    const comment = await api.json('/api/comments/', {
      method: 'POST',
      body: { blog_post: post.body.id, text: 'Soon gone' },
      ...as(member.token),
    });
    expect(comment.status).toBe(201);
    const before = await api.json<{ number_of_likes: number; number_of_comments: number }>(
      `/api/posts/${post.body.id}/`,
    );
    expect(before.body).toMatchObject({ number_of_likes: 1, number_of_comments: 1 });

    expect((await profilesApi(api).remove(member.id, admin)).status).toBe(204);
    const after = await api.json(`/api/posts/${post.body.id}/`);
    expect(after.body).toMatchObject({ number_of_likes: 0, number_of_comments: 0 });
    const comments = await api.json<{ count: number }>(`/api/comments/?blog_post=${post.body.id}`);
    expect(comments.body.count).toBe(0);
  });
});

describeEachDatabase('the last admin', (api) => {
  const profiles = profilesApi(api);

  const adminProfileId = async (token: string) => {
    const me = await api.json<{ id: number }>('/api/me/', as(token));
    const { body } = await profiles.list('?page_size=1000', token);
    const own = body.results.find((profile) => profile.user.id === me.body.id);
    if (!own) throw new Error('The admin has no profile');
    return own.id;
  };

  it('can be neither demoted nor deleted, while another admin can', async () => {
    const first = await login(api, api.admin.username, api.admin.password);
    const firstId = await adminProfileId(first);
    for (const role of ['manager', 'member']) {
      expect(await profiles.update('PATCH', firstId, { role }, first)).toMatchObject({
        status: 409,
        body: { error: 'The last admin cannot be demoted.' },
      });
    }
    expect(await profiles.remove(firstId, first)).toMatchObject({
      status: 409,
      body: { error: 'The last admin cannot be deleted.' },
    });
    // Keeping the role is no demotion.
    expect(
      (await profiles.update('PATCH', firstId, { role: 'admin', full_name: 'Still admin' }, first)).status,
    ).toBe(200);

    const second = await createAccount(api, { role: 'admin' });
    expect((await profiles.update('PATCH', firstId, { role: 'manager' }, second.token)).status).toBe(200);
    expect(await profiles.update('PATCH', second.id, { role: 'member' }, second.token)).toMatchObject({
      status: 409,
    });
    expect(await profiles.remove(second.id, second.token)).toMatchObject({ status: 409 });
    // The demoted first admin is a manager now: the list yes, changes no.
    expect((await profiles.list('', first)).status).toBe(200);
    expect((await profiles.remove(second.id, first)).status).toBe(403);
    // Restore: the second admin promotes the first again and then deletes itself.
    expect((await profiles.update('PATCH', firstId, { role: 'admin' }, second.token)).status).toBe(200);
    expect((await profiles.remove(second.id, second.token)).status).toBe(204);
    expect((await api.json('/api/me/', as(second.token))).status).toBe(401);
  });

  it('survives two admins demoting each other at once: one of them stays admin', async () => {
    const first = await adminToken(api);
    const firstId = await adminProfileId(first);
    const second = await createAccount(api, { role: 'admin' });
    const [a, b] = await Promise.all([
      profiles.update('PATCH', second.id, { role: 'member' }, first),
      profiles.update('PATCH', firstId, { role: 'member' }, second.token),
    ]);
    const statuses = [a.status, b.status].sort();
    // Whichever goes first wins; the other finds either the last admin (409) or that it is no admin any more (403).
    expect(statuses[0]).toBe(200);
    expect([403, 409]).toContain(statuses[1]);
    const { body } = await profiles.list(
      '?page_size=1000',
      (a.status === 200 ? first : second.token) as string,
    );
    expect(body.results.filter((profile) => profile.role === 'admin')).toHaveLength(1);
  });
});
