/**
 * Accounts for black-box tests, made through the real API: the test server's admin creates them
 * (POST /api/profiles/), then they log in (POST /api/login/).
 *
 *   const member = await createAccount(api);                    // a member, signed in
 *   const manager = await createAccount(api, { role: 'manager' });
 *   await api.json('/api/me/', { headers: authHeader(member.token) });
 */
import { randomBytes } from 'node:crypto';
import type { Role, SessionUser } from '@toolbox/sdk/wire';
import type { TestServer } from './server';

export type { Role, SessionUser };

/** A profile as the API answers it. */
export interface ProfileBody {
  id: number;
  full_name: string;
  phone_number: string;
  address: string;
  role: Role;
  user: { id: number; username: string; email: string };
}

export interface Account {
  /** The profile's id (`/api/profiles/{id}/`). */
  id: number;
  /** The user's id (`user.id`, comments' `author`). */
  userId: number;
  username: string;
  password: string;
  email: string;
  /** A session token: send it with `authHeader(token)`. */
  token: string;
  user: SessionUser;
  profile: ProfileBody;
}

export interface AccountOptions {
  role?: Role;
  username?: string;
  password?: string;
  full_name?: string;
  email?: string;
  phone_number?: string;
  address?: string;
}

type Api = Pick<TestServer, 'json' | 'admin' | 'url'>;

/** One admin session per server (by URL), reused: logging in costs a password hash. */
const adminTokens = new Map<string, Promise<string>>();

/**
 * A token of the test server's admin: cached per server, checked with GET /api/me/ (cheap) and
 * replaced when a test has ended that session. A request with a dead token would be anonymous,
 * and an anonymous POST /api/profiles/ is a sign-up: it would quietly create a member.
 */
export async function adminToken(api: Api): Promise<string> {
  const cached = adminTokens.get(api.url);
  if (cached) {
    const token = await cached.catch(() => null);
    if (token && (await api.json('/api/me/', { headers: authHeader(token) })).status === 200) return token;
  }
  const fresh = login(api, api.admin.username, api.admin.password);
  adminTokens.set(api.url, fresh);
  return fresh;
}

export function authHeader(token: string): { Authorization: string } {
  return { Authorization: `Token ${token}` };
}

/** Logs in and answers the token; throws with the server's answer when login fails. */
export async function login(
  api: Pick<TestServer, 'json'>,
  username: string,
  password: string,
): Promise<string> {
  const { status, body } = await api.json<{ token?: string; error?: string }>('/api/login/', {
    method: 'POST',
    body: { username, password },
  });
  if (status !== 200 || !body?.token) {
    throw new Error(`Login as ${username} failed: ${status} ${JSON.stringify(body)}`);
  }
  return body.token;
}

let counter = 0;

/** A username no other test has used: `user_<n>_<random>`. */
export function uniqueUsername(prefix = 'user'): string {
  counter += 1;
  return `${prefix}_${counter}_${randomBytes(4).toString('hex')}`;
}

/** Creates an account through the API (as the test server's admin) and signs it in. */
export async function createAccount(api: Api, options: AccountOptions = {}): Promise<Account> {
  const username = options.username ?? uniqueUsername(options.role ?? 'member');
  const password = options.password ?? `pw-${randomBytes(9).toString('hex')}`;
  const email = options.email ?? `${username.toLowerCase()}@example.com`;
  const profile = {
    username,
    password,
    email,
    full_name: options.full_name ?? `Test ${username}`,
    phone_number: options.phone_number ?? '+256 700 000000',
    address: options.address ?? '',
    role: options.role ?? 'member',
  };
  const created = await api.json<ProfileBody>('/api/profiles/', {
    method: 'POST',
    headers: authHeader(await adminToken(api)),
    body: profile,
  });
  if (created.status !== 201 || created.body.role !== profile.role) {
    throw new Error(`Creating ${username} failed: ${created.status} ${JSON.stringify(created.body)}`);
  }
  const { status, body } = await api.json<{ token: string; user: SessionUser }>('/api/login/', {
    method: 'POST',
    body: { username, password },
  });
  if (status !== 200) throw new Error(`Login as ${username} failed: ${status} ${JSON.stringify(body)}`);
  return {
    id: created.body.id,
    userId: created.body.user.id,
    username,
    password,
    email,
    token: body.token,
    user: body.user,
    profile: created.body,
  };
}
