import { ApiError, DASHBOARD_PATH } from '@toolbox/sdk';
import { FIELD_MESSAGES } from '@toolbox/sdk/wire';
import { LOGIN_PATH, LOGOUT_PATH, SIGN_UP_PATH } from './paths';

/** Where login leads when no safe `redirect` is given (spec 2.3). */
export const AFTER_LOGIN = DASHBOARD_PATH;
export const INCOMPLETE_LOGIN = 'Login failed: Incomplete response from server.';
export const SIGN_UP_FAILED = 'Sign Up Failed. Please check your details.';

/** Account pages that make no sense to come back to after logging in. */
const NOT_A_TARGET = new Set([LOGIN_PATH, LOGOUT_PATH, SIGN_UP_PATH]);

/**
 * The page to open after login: the `redirect` search parameter when it is a path on this site
 * (never another origin, `//host` or `/\host`), else the dashboard.
 */
export function afterLoginPath(redirect: unknown, origin: string): string {
  if (typeof redirect !== 'string' || !redirect.startsWith('/')) return AFTER_LOGIN;
  let url: URL;
  try {
    url = new URL(redirect, origin);
  } catch {
    return AFTER_LOGIN;
  }
  if (url.origin !== origin || NOT_A_TARGET.has(url.pathname)) return AFTER_LOGIN;
  return `${url.pathname}${url.search}${url.hash}`;
}

/** The login answer's token and user, or null when either is missing (spec 5: refused). */
export function readLoginAnswer(answer: unknown): { token: string; user: object } | null {
  if (!answer || typeof answer !== 'object') return null;
  const { token, user } = answer as Record<string, unknown>;
  if (typeof token !== 'string' || token === '' || !user || typeof user !== 'object') return null;
  return { token, user };
}

/**
 * Spec 8: 'Login error: ' and the server's error text or the network message. A 429 (too many
 * failed attempts) reads the same way: the server's message names the time to wait.
 */
export function loginErrorMessage(error: unknown): string {
  return `Login error: ${error instanceof Error ? error.message : String(error)}`;
}

export type LoginField = 'username' | 'password';
export const LOGIN_FIELDS: readonly LoginField[] = ['username', 'password'];

export interface LoginFailure {
  /** The alert's text (spec 8). */
  message: string;
  /** The server's messages for the fields it named (a blank one), to show under them. */
  fields: Partial<Record<LoginField, string>>;
  /** The server refused the username and password together: both fields are marked invalid. */
  credentials: boolean;
}

/** What a failed login says, in the alert and under the fields the server named. */
export function loginFailure(error: unknown): LoginFailure {
  const fields: LoginFailure['fields'] = {};
  if (error instanceof ApiError) {
    const named = error.fieldErrors;
    for (const field of LOGIN_FIELDS) if (named[field]) fields[field] = named[field].join(' ');
  }
  const credentials = error instanceof ApiError && error.status === 400 && Object.keys(fields).length === 0;
  return { message: loginErrorMessage(error), fields, credentials };
}

export type SignUpField = 'username' | 'email' | 'password' | 'full_name' | 'phone_number' | 'address';
export const SIGN_UP_FIELDS: readonly SignUpField[] = [
  'username',
  'email',
  'password',
  'full_name',
  'phone_number',
  'address',
];

/** The fields the server requires (docs/api.md): blank ones are said at once, without a round trip. */
const REQUIRED: readonly SignUpField[] = ['username', 'email', 'password', 'full_name', 'phone_number'];

/** The server's own message for each required field left blank (whitespace is blank, as it reads it). */
export function blankSignUpFields(values: Record<SignUpField, string>): Partial<Record<SignUpField, string>> {
  const blank: Partial<Record<SignUpField, string>> = {};
  for (const field of REQUIRED) if (values[field].trim() === '') blank[field] = FIELD_MESSAGES.required;
  return blank;
}

export interface SignUpFailure {
  /** The banner text. */
  message: string;
  /** Messages to show under the form's own fields. */
  fields: Partial<Record<SignUpField, string>>;
}

/** Spec 8 for sign-up: a 400 lists field errors under their fields; anything else is 'Sign Up Error: …'. */
export function signUpFailure(error: unknown): SignUpFailure {
  if (error instanceof ApiError && error.status === 400) {
    const fields: SignUpFailure['fields'] = {};
    const others: string[] = [];
    for (const [key, messages] of Object.entries(error.fieldErrors)) {
      const text = messages.join(' ');
      if ((SIGN_UP_FIELDS as readonly string[]).includes(key)) fields[key as SignUpField] = text;
      else others.push(text);
    }
    const body = error.body as Record<string, unknown> | null;
    if (typeof body?.error === 'string') others.push(body.error);
    return { message: [SIGN_UP_FAILED, ...others].join(' '), fields };
  }
  const message = error instanceof Error ? error.message : String(error);
  return { message: `Sign Up Error: ${message}`, fields: {} };
}
