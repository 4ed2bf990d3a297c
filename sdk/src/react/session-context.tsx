import { createContext, type ReactNode, useContext } from 'react';
import type { SessionUser } from '../page';

export interface Session {
  /** The signed-in user, or null for a visitor. */
  user: SessionUser | null;
  token: string | null;
  /** Keeps a new session (after login). */
  signIn(token: string, user: SessionUser): void;
  /** Forgets the session locally (after logout, or when the API answers 401). */
  signOut(): void;
}

const SessionContext = createContext<Session | null>(null);

/** The platform owns the session's storage and provides it; plugins read it with `useSession()`. */
export function SessionProvider({ session, children }: { session: Session; children: ReactNode }) {
  return <SessionContext.Provider value={session}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession needs a <SessionProvider>');
  return session;
}
