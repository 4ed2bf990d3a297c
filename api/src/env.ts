/** The Hono environment shared by every router: what middleware puts on the context. */
import type { AuthUser } from './auth/types';
import type { Database } from './db/client';
import type { AnswerCache } from './http/answer-cache';
import type { Logger } from './logger';
import type { Storage } from './storage/storage';

export interface AppVariables {
  db: Database;
  logger: Logger;
  /** Uploaded files (post images): storage/storage.ts. */
  storage: Storage;
  /** TRUST_PROXY: take the client's address from `X-Forwarded-For` (see http/client-address.ts). */
  trustProxy: boolean;
  /** The signed-in user (auth/middleware.ts), null for anonymous callers and bad tokens. */
  user: AuthUser | null;
  /** The id (token hash) of the session making the request, or null. */
  sessionId: string | null;
  /** Anonymous answers kept in memory (http/answer-cache.ts). */
  answerCache: AnswerCache;
  /** True while the server shuts down (server.ts). */
  draining: () => boolean;
}

export interface AppEnv {
  Variables: AppVariables;
}
