import { ApiError, type Profile, type SessionUser, UNREACHABLE } from '@toolbox/sdk';
import { describe, expect, it, vi } from 'vitest';
import { EMPTY_FORM } from '../_shared/profiles/form';
import {
  blankOwnFields,
  CHECK_THE_FIELDS,
  DETAILS_NOT_SAVED,
  firstRefused,
  ownDetailsFailure,
  readOwnProfile,
} from './own-details';

const ann: SessionUser = {
  id: 3,
  username: 'ann',
  email: 'ann@example.com',
  full_name: 'Ann',
  role: 'member',
  is_admin: false,
};

const profile: Profile = {
  id: 7,
  full_name: 'Ann',
  phone_number: '123',
  address: '',
  role: 'member',
  user: { id: 3, username: 'ann', email: 'ann@example.com' },
};

/** A client answering /api/me/ and /api/profiles/7/, recording the paths asked for. */
function fakeApi(me: Partial<SessionUser>) {
  const get = vi.fn(async (path: string) => (path === '/api/me/' ? { ...ann, ...me } : profile));
  return {
    get: get as unknown as <T>(path: string) => Promise<T>,
    paths: () => get.mock.calls.map(([p]) => p),
  };
}

describe('readOwnProfile', () => {
  it("reads the profile the session's user names", async () => {
    const api = fakeApi({});
    expect(await readOwnProfile(api, { ...ann, profile_id: 7 })).toBe(profile);
    expect(api.paths()).toEqual(['/api/profiles/7/']);
  });

  it('asks for the user first when the stored one has no profile id yet', async () => {
    const api = fakeApi({ profile_id: 7 });
    expect(await readOwnProfile(api, ann)).toBe(profile);
    expect(api.paths()).toEqual(['/api/me/', '/api/profiles/7/']);
  });

  it('answers null for a user without a profile', async () => {
    const api = fakeApi({ profile_id: null });
    expect(await readOwnProfile(api, { ...ann, profile_id: null })).toBeNull();
    expect(await readOwnProfile(api, ann)).toBeNull();
    expect(api.paths()).toEqual(['/api/me/']);
  });
});

describe('blankOwnFields', () => {
  it("names the page's blank required fields with the profile form's messages, not the username", () => {
    expect(blankOwnFields({ ...EMPTY_FORM, address: 'Kampala' })).toEqual({
      full_name: 'Full name is required',
      phone_number: 'Phone number is required',
      email: 'Email is required',
    });
    expect(
      blankOwnFields({ ...EMPTY_FORM, full_name: 'Ann', email: 'a@example.com', phone_number: '1' }),
    ).toEqual({});
  });
});

describe('ownDetailsFailure', () => {
  it("puts the server's messages under the page's fields and asks to check them", () => {
    const failure = ownDetailsFailure(
      new ApiError(400, {
        email: ['Enter a valid email address.'],
        password: ['This password is too short. It must contain at least 8 characters.'],
      }),
    );
    expect(failure).toEqual({
      message: CHECK_THE_FIELDS,
      fields: {
        email: 'Enter a valid email address.',
        password: 'This password is too short. It must contain at least 8 characters.',
      },
    });
  });

  it('keeps what the server said of anything else in the alert', () => {
    const failure = ownDetailsFailure(
      new ApiError(400, { email: ['Taken.'], role: ['Select a valid role.'], non_field_errors: ['Odd.'] }),
    );
    expect(failure.fields).toEqual({ email: 'Taken.' });
    expect(failure.message).toBe(`${CHECK_THE_FIELDS} Select a valid role. Odd.`);
  });

  it('says why a save was refused without a field: offline, a role refused, a server error', () => {
    expect(ownDetailsFailure(new ApiError(0, { error: UNREACHABLE }))).toEqual({
      message: `${DETAILS_NOT_SAVED} ${UNREACHABLE}`,
      fields: {},
    });
    expect(ownDetailsFailure(new ApiError(403, { error: 'Only an admin may change a role.' })).message).toBe(
      `${DETAILS_NOT_SAVED} Only an admin may change a role.`,
    );
    expect(ownDetailsFailure(new ApiError(500, { error: 'Internal' })).message).toBe(DETAILS_NOT_SAVED);
  });
});

describe('firstRefused', () => {
  it("is the first of the page's fields, in its order, that has a message", () => {
    expect(firstRefused({ password: 'x', phone_number: 'y' })).toBe('phone_number');
    expect(firstRefused({ username: 'x' })).toBeUndefined();
  });
});
