/** The Hono environment shared by every router: what middleware puts on the context. */
import type { Database } from './db/client';
import type { Logger } from './logger';

export interface AppVariables {
  db: Database;
  logger: Logger;
}

export interface AppEnv {
  Variables: AppVariables;
}
