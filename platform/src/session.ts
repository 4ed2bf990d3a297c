import { ROLES, type SessionUser } from '@toolbox/sdk';
import type { Session } from '@toolbox/sdk/react';

import { TOKEN_KEY, USER_KEY } from './session-keys';

/*
 * The session of spec section 3/4, in localStorage (./session-keys.ts). Signed in means both the
 * token and the user are there and the user has the shape of docs/api.md; anything else (missing
 * token, bad JSON, wrong shape) counts as signed out.
 */

/** Shown when the API refuses the session's token (it was ended on another device, or it expired). */
export const SESSION_ENDED = {
  title: 'Your session has ended',
  message: 'It was ended on another device, or it expired. Log in again to go on.',
};

/**
 * The user of an API answer or of storage (its known fields only), or null when it does not have
 * the expected shape. Checked by hand: the first page then carries no schema library.
 */
export function parseUser(value: unknown): SessionUser | null {
  if (typeof value !== 'object' || value === null) return null;
  const { id, username, email, full_name, role, is_admin, profile_id } = value as Record<string, unknown>;
  if (typeof id !== 'number' || Number.isNaN(id) || typeof username !== 'string' || typeof email !== 'string')
    return null;
  if (typeof full_name !== 'string' || typeof is_admin !== 'boolean') return null;
  if (!(ROLES as readonly unknown[]).includes(role)) return null;
  const user: SessionUser = { id, username, email, full_name, role: role as SessionUser['role'], is_admin };
  // A user stored before the API sent `profile_id` has none: it comes with the next read of the user.
  if (profile_id === undefined) return user;
  if (profile_id !== null && (typeof profile_id !== 'number' || !Number.isInteger(profile_id))) return null;
  return { ...user, profile_id };
}

export interface SessionState {
  readonly token: string | null;
  readonly user: SessionUser | null;
}

const SIGNED_OUT: SessionState = { token: null, user: null };

function readStorage(storage: Storage | undefined): { state: SessionState; unreadable: boolean } {
  let token: string | null = null;
  let raw: string | null = null;
  try {
    token = storage?.getItem(TOKEN_KEY) ?? null;
    raw = storage?.getItem(USER_KEY) ?? null;
  } catch {
    return { state: SIGNED_OUT, unreadable: false };
  }
  if (!token && raw === null) return { state: SIGNED_OUT, unreadable: false };
  let user: SessionUser | null = null;
  if (raw !== null) {
    try {
      user = parseUser(JSON.parse(raw));
    } catch {
      user = null;
    }
  }
  if (!token || !user) return { state: SIGNED_OUT, unreadable: true };
  return { state: { token, user }, unreadable: false };
}

function sameUser(a: SessionUser | null, b: SessionUser | null) {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * The one session of the app. It is itself a `Session` whose `user` and `token` always read the
 * current state (the router's guards use it), and it hands React an immutable snapshot per change
 * (for `useSyncExternalStore` and the SDK's `SessionProvider`).
 */
export interface SessionStore extends Session {
  /** An immutable `Session` that changes identity whenever the session changes. */
  getSnapshot(): Session;
  subscribe(listener: () => void): () => void;
  /** Replaces the signed-in user with a fresher copy (from `GET /api/me/`) for the same token. */
  refreshUser(token: string, user: unknown): void;
}

export function createSessionStore(storage: Storage | undefined = safeLocalStorage()): SessionStore {
  const initial = readStorage(storage);
  // Unreadable data left in storage would be read again on every load: forget it once.
  if (initial.unreadable) clearStorage(storage);
  let state = initial.state;
  const listeners = new Set<() => void>();

  const signIn = (token: string, user: SessionUser) => {
    const valid = parseUser(user);
    if (!token || !valid) throw new Error('A session needs a token and a user.');
    try {
      storage?.setItem(USER_KEY, JSON.stringify(valid));
      storage?.setItem(TOKEN_KEY, token);
    } catch {
      // Storage full or disabled: the session still lives in memory until the tab closes.
    }
    set({ token, user: valid });
  };
  const signOut = () => {
    clearStorage(storage);
    set(SIGNED_OUT);
  };

  const makeSnapshot = (): Session =>
    Object.freeze({ user: state.user, token: state.token, signIn, signOut });
  let snapshot = makeSnapshot();

  function set(next: SessionState) {
    if (next.token === state.token && sameUser(next.user, state.user)) return;
    state = next;
    snapshot = makeSnapshot();
    for (const listener of listeners) listener();
  }

  // Another tab signed in or out: follow it. Its two writes arrive as two events, so a half-written
  // pair reads as signed out for a moment; nothing is cleared here, or that tab's session would go too.
  if (typeof window !== 'undefined') {
    window.addEventListener('storage', (event) => {
      if (event.storageArea !== storage) return;
      if (event.key !== null && event.key !== TOKEN_KEY && event.key !== USER_KEY) return;
      set(readStorage(storage).state);
    });
  }

  return {
    get user() {
      return state.user;
    },
    get token() {
      return state.token;
    },
    signIn,
    signOut,
    getSnapshot: () => snapshot,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    refreshUser(token, user) {
      const valid = parseUser(user);
      if (!valid || token !== state.token) return;
      if (sameUser(valid, state.user)) return;
      try {
        storage?.setItem(USER_KEY, JSON.stringify(valid));
      } catch {
        // As in signIn: memory only.
      }
      set({ token, user: valid });
    },
  };
}

function clearStorage(storage: Storage | undefined) {
  try {
    storage?.removeItem(TOKEN_KEY);
    storage?.removeItem(USER_KEY);
  } catch {
    // Nothing stored that could be read back.
  }
}

function safeLocalStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    // Access to localStorage throws when the browser blocks site data.
    return undefined;
  }
}
