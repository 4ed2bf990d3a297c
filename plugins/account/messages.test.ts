import { ApiError } from '@toolbox/sdk';
import { describe, expect, it } from 'vitest';
import {
  afterLoginPath,
  blankSignUpFields,
  loginErrorMessage,
  loginFailure,
  readLoginAnswer,
  SIGN_UP_FAILED,
  signUpFailure,
} from './messages';

const ORIGIN = 'https://toolbox.example';

describe('afterLoginPath', () => {
  it('keeps a path of this site with its query and hash', () => {
    expect(afterLoginPath('/profile', ORIGIN)).toBe('/profile');
    expect(afterLoginPath('/posts/3?page=2#c', ORIGIN)).toBe('/posts/3?page=2#c');
  });
  it('refuses other origins and anything that is not a path', () => {
    for (const bad of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
      'dashboard',
      '',
      42,
      undefined,
      null,
    ]) {
      expect(afterLoginPath(bad, ORIGIN)).toBe('/dashboard');
    }
  });
  it('never returns to the login, logout or sign-up page', () => {
    expect(afterLoginPath('/login?redirect=/x', ORIGIN)).toBe('/dashboard');
    expect(afterLoginPath('/logout', ORIGIN)).toBe('/dashboard');
    expect(afterLoginPath('/sign-up', ORIGIN)).toBe('/dashboard');
  });
});

describe('readLoginAnswer', () => {
  it('needs both a token and a user', () => {
    expect(readLoginAnswer({ token: 't', user: { id: 1 } })).toEqual({ token: 't', user: { id: 1 } });
    expect(readLoginAnswer({ token: 't' })).toBeNull();
    expect(readLoginAnswer({ user: { id: 1 } })).toBeNull();
    expect(readLoginAnswer({ token: '', user: { id: 1 } })).toBeNull();
    expect(readLoginAnswer(null)).toBeNull();
  });
});

describe('loginErrorMessage', () => {
  it("prefixes the server's error or the network message", () => {
    expect(loginErrorMessage(new ApiError(400, { error: 'Invalid username or password.' }))).toBe(
      'Login error: Invalid username or password.',
    );
    expect(loginErrorMessage(new TypeError('Failed to fetch'))).toBe('Login error: Failed to fetch');
  });
  it("shows a 429's message, which names the wait", () => {
    expect(
      loginErrorMessage(
        new ApiError(429, { error: 'Too many failed login attempts. Try again in 15 minutes.' }),
      ),
    ).toBe('Login error: Too many failed login attempts. Try again in 15 minutes.');
  });
});

describe('loginFailure', () => {
  it('names the fields the server says are blank, under them, and keeps the alert', () => {
    const blank = new ApiError(400, {
      username: ['This field is required.'],
      password: ['This field is required.'],
    });
    expect(loginFailure(blank)).toEqual({
      message: 'Login error: This field is required.',
      fields: { username: 'This field is required.', password: 'This field is required.' },
      credentials: false,
    });
  });
  it('marks both fields refused when the server refuses the pair', () => {
    const wrong = new ApiError(400, { error: 'Unable to log in with provided credentials.' });
    expect(loginFailure(wrong)).toMatchObject({ fields: {}, credentials: true });
  });
  it('refuses no field when the server was not reached or asks to wait', () => {
    expect(loginFailure(new TypeError('Failed to fetch'))).toMatchObject({ fields: {}, credentials: false });
    expect(loginFailure(new ApiError(429, { error: 'Too many' }))).toMatchObject({ credentials: false });
  });
});

describe('signUpFailure', () => {
  it('puts field messages under their fields and keeps the others in the banner', () => {
    const failure = signUpFailure(
      new ApiError(400, {
        username: ['Username is taken.'],
        password: ['Too short.', 'Too common.'],
        role: ['x'],
      }),
    );
    expect(failure.fields).toEqual({ username: 'Username is taken.', password: 'Too short. Too common.' });
    expect(failure.message).toBe(`${SIGN_UP_FAILED} x`);
  });
  it("reads other failures as 'Sign Up Error: '", () => {
    expect(signUpFailure(new TypeError('Failed to fetch')).message).toBe('Sign Up Error: Failed to fetch');
    expect(signUpFailure(new ApiError(429, { error: 'Slow down.' })).message).toBe(
      'Sign Up Error: Slow down.',
    );
  });
});

describe('blankSignUpFields', () => {
  const filled = {
    username: 'ann',
    email: 'ann@example.com',
    password: 'long enough',
    full_name: 'Ann',
    phone_number: '123',
    address: '',
  };

  it("says the server's required message for each required field left blank, not the address", () => {
    expect(blankSignUpFields(filled)).toEqual({});
    expect(blankSignUpFields({ ...filled, username: '  ', phone_number: '' })).toEqual({
      username: 'This field is required.',
      phone_number: 'This field is required.',
    });
  });
});
