/**
 * The environment, parsed once at start. A bad value stops the server with a message naming the
 * variable, instead of failing later in some request.
 */
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import { LOG_LEVELS, type LogLevel } from './logger';

/** The monorepo's root: relative paths are resolved from here, whichever folder npm ran in. */
export const REPO_ROOT = fileURLToPath(new URL('../../', import.meta.url));

export interface Config {
  port: number;
  /** Absolute path of the embedded database's folder (unused when `databaseUrl` is set). */
  dataDir: string;
  databaseUrl: string | undefined;
  logLevel: LogLevel;
  /** Absolute path of the built platform (platform/dist); it may not exist yet. */
  staticDir: string;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

const EnvSchema = v.object({
  PORT: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,5}$/, 'PORT must be a whole number from 0 to 65535.'),
      v.transform(Number),
      v.maxValue(65535, 'PORT must be a whole number from 0 to 65535.'),
    ),
    '3000',
  ),
  DATA_DIR: v.optional(v.string(), './data'),
  DATABASE_URL: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^postgres(ql)?:\/\/\S+$/, 'DATABASE_URL must be a postgres:// or postgresql:// URL.'),
      v.check((value) => URL.canParse(value), 'DATABASE_URL is not a valid URL.'),
    ),
  ),
  LOG_LEVEL: v.optional(
    v.pipe(
      v.string(),
      v.toLowerCase(),
      v.picklist(LOG_LEVELS, `LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}.`),
    ),
    'info',
  ),
});

/** Reads the configuration from `env`; blank variables count as unset. Throws ConfigError listing every problem. */
export function loadConfig(env: Record<string, string | undefined> = process.env, root = REPO_ROOT): Config {
  const present = Object.fromEntries(
    Object.keys(EnvSchema.entries).flatMap((key) => {
      const value = env[key]?.trim();
      return value ? [[key, value]] : [];
    }),
  );
  const result = v.safeParse(EnvSchema, present);
  if (!result.success) {
    const problems = result.issues.map(
      (issue) => `  ${v.getDotPath(issue) ?? 'environment'}: ${issue.message}`,
    );
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const { PORT, DATA_DIR, DATABASE_URL, LOG_LEVEL } = result.output;
  return {
    port: PORT,
    dataDir: isAbsolute(DATA_DIR) ? DATA_DIR : resolve(root, DATA_DIR),
    databaseUrl: DATABASE_URL,
    logLevel: LOG_LEVEL,
    staticDir: resolve(root, 'platform/dist'),
  };
}
