import { ApiError } from '@toolbox/sdk';
import { describe, expect, it } from 'vitest';
import { EMPTY_FORM, formFromProfile, saveErrors, toPayload, validateProfileForm } from './form';

const filled = {
  ...EMPTY_FORM,
  full_name: ' Ann Lee ',
  username: 'ann',
  email: 'ann@example.com',
  phone_number: '+256 700 000000',
};

describe('validateProfileForm', () => {
  it('gives the spec messages for the four required fields, blank after trimming', () => {
    expect(validateProfileForm({ ...EMPTY_FORM, full_name: '   ' })).toEqual({
      full_name: 'Full name is required',
      phone_number: 'Phone number is required',
      username: 'Username is required',
      email: 'Email is required',
    });
  });

  it('checks nothing else: role, address and password may be empty', () => {
    expect(validateProfileForm(filled)).toEqual({});
  });
});

describe('formFromProfile', () => {
  it('takes the row values with a blank password, and blanks for a missing user', () => {
    expect(
      formFromProfile({
        id: 7,
        full_name: 'Ann Lee',
        phone_number: '123',
        address: 'Kampala',
        role: 'manager',
        user: { id: 3, username: 'ann', email: 'ann@example.com' },
      }),
    ).toEqual({
      full_name: 'Ann Lee',
      username: 'ann',
      email: 'ann@example.com',
      password: '',
      phone_number: '123',
      address: 'Kampala',
      role: 'manager',
    });
    expect(
      formFromProfile({
        id: 8,
        full_name: 'X',
        phone_number: '1',
        address: null,
        role: 'member',
        user: null,
      }),
    ).toMatchObject({ username: '', email: '', address: '' });
  });
});

describe('toPayload', () => {
  it('sends the flat body, trimmed', () => {
    expect(toPayload({ ...filled, password: 'secret pw ' }, 'add')).toEqual({
      full_name: 'Ann Lee',
      username: 'ann',
      email: 'ann@example.com',
      phone_number: '+256 700 000000',
      address: '',
      role: 'member',
      password: 'secret pw ',
    });
  });

  it('leaves a blank password out when editing, so the old one is kept', () => {
    expect(toPayload(filled, 'edit')).not.toHaveProperty('password');
    expect(toPayload({ ...filled, password: 'newpassword' }, 'edit').password).toBe('newpassword');
  });

  it("sends a person's own details without the username and role, the password only when typed", () => {
    expect(toPayload({ ...filled, role: 'manager' }, 'own')).toEqual({
      full_name: 'Ann Lee',
      email: 'ann@example.com',
      phone_number: '+256 700 000000',
      address: '',
    });
    expect(toPayload({ ...filled, password: ' new secret ' }, 'own').password).toBe(' new secret ');
  });
});

describe('saveErrors', () => {
  it('puts the field map of a 400 under the inputs, other keys aside', () => {
    const error = new ApiError(400, {
      username: ['A user with that username already exists.'],
      password: ['Too short.', 'Too common.'],
      non_field_errors: ['Something else.'],
    });
    expect(saveErrors(error)).toEqual({
      fields: { username: 'A user with that username already exists.', password: 'Too short. Too common.' },
      other: ['Something else.'],
    });
  });

  it("keeps the server's message of a 409", () => {
    expect(saveErrors(new ApiError(409, { error: 'The last admin cannot be demoted' }))).toEqual({
      fields: {},
      other: ['The last admin cannot be demoted'],
    });
  });
});
