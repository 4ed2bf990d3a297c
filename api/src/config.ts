/**
 * The environment, parsed once at start. A bad value stops the server with a message naming the
 * variable, instead of failing later in some request.
 */
import { isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import * as v from 'valibot';
import { isCommonPassword } from './auth/common-passwords';
import {
  emailField,
  MESSAGES,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  problemWith,
  usernameField,
} from './auth/fields';
import { DEFAULT_PROVIDER_TIMEOUT_MS } from './data/fetch-json';
import { DEFAULT_CIRCUITY } from './data/route';
import { DEFAULT_ANSWER_CACHE_ENTRIES } from './http/answer-cache';
import { codePointLength } from './http/text';
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
  /** TRUST_PROXY=1: the API runs behind one reverse proxy, whose `X-Forwarded-For` entry names the client. */
  trustProxy: boolean;
  /** ADMIN_USERNAME / ADMIN_PASSWORD (/ ADMIN_EMAIL): an admin created at start when no such user exists. */
  admin: { username: string; password: string; email?: string | undefined } | undefined;
  /** RATES_URL: live exchange rates (open.er-api shape, USD based); unset: the offline snapshot. */
  ratesUrl: string | undefined;
  /** CPI_URL: base of the World Bank API for the consumer price index; unset: no CPI. */
  cpiUrl: string | undefined;
  /** DATA_TIMEOUT_MS: how long a live data provider gets to answer. */
  dataTimeoutMs: number;
  /** PIXABAY_KEY: live image search for the Meme Generator; unset: the offline emoji only. */
  pixabayKey: string | undefined;
  /** PIXABAY_URL: Pixabay's search address (a stand-in's in tests); unset: Pixabay's own. */
  pixabayUrl: string | undefined;
  /** ORS_API_KEY / ORS_URL / OSRM_URL / ROUTE_CIRCUITY: live routing and the offline estimate. */
  route: {
    orsApiKey: string | undefined;
    orsUrl: string | undefined;
    osrmUrl: string | undefined;
    /** null: the estimate is switched off. */
    circuity: number | null;
  };
  /** WEB_CONCURRENCY: API processes with DATABASE_URL (the embedded database allows one); unset: the machine's parallelism. */
  webConcurrency: number | undefined;
  /** DATABASE_POOL_SIZE: PostgreSQL connections each API process may open. */
  poolSize: number;
  /** SHUTDOWN_TIMEOUT_MS: how long requests in flight get to finish on SIGTERM/SIGINT. */
  shutdownTimeoutMs: number;
  /** ANSWER_CACHE_ENTRIES: anonymous answers each API process keeps in memory; 0 keeps none. */
  answerCacheEntries: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** An optional http(s) URL, e.g. a live data provider's. */
function httpUrl(name: string) {
  return v.optional(
    v.pipe(
      v.string(),
      v.check(
        (value) => URL.canParse(value) && /^https?:$/.test(new URL(value).protocol),
        `${name} must be an http:// or https:// URL.`,
      ),
    ),
  );
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
  TRUST_PROXY: v.optional(
    v.pipe(
      v.string(),
      v.toLowerCase(),
      v.picklist(['0', '1', 'false', 'true'], 'TRUST_PROXY must be 1 (behind one reverse proxy) or 0.'),
      v.transform((value) => value === '1' || value === 'true'),
    ),
    '0',
  ),
  ADMIN_USERNAME: v.optional(
    v.pipe(
      v.string(),
      v.check(
        (value) => problemWith(usernameField, value) === null,
        (issue) => `ADMIN_USERNAME is not a valid username: ${problemWith(usernameField, issue.input)}`,
      ),
    ),
  ),
  ADMIN_PASSWORD: v.optional(
    v.pipe(
      v.string(),
      v.check(
        (value) => codePointLength(value) >= PASSWORD_MIN_LENGTH,
        `ADMIN_PASSWORD must be at least ${PASSWORD_MIN_LENGTH} characters.`,
      ),
      v.check(
        (value) => codePointLength(value) <= PASSWORD_MAX_LENGTH,
        `ADMIN_PASSWORD must be at most ${PASSWORD_MAX_LENGTH} characters.`,
      ),
      v.check((value) => !isCommonPassword(value), `ADMIN_PASSWORD: ${MESSAGES.commonPassword}`),
    ),
  ),
  ADMIN_EMAIL: v.optional(
    v.pipe(
      v.string(),
      v.check(
        (value) => problemWith(emailField, value) === null,
        'ADMIN_EMAIL is not a valid email address.',
      ),
    ),
  ),
  RATES_URL: httpUrl('RATES_URL'),
  CPI_URL: httpUrl('CPI_URL'),
  PIXABAY_KEY: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^[\w-]{1,200}$/, 'PIXABAY_KEY must be an API key (letters, digits, - and _).'),
    ),
  ),
  PIXABAY_URL: httpUrl('PIXABAY_URL'),
  ORS_API_KEY: v.optional(v.string()),
  ORS_URL: httpUrl('ORS_URL'),
  OSRM_URL: httpUrl('OSRM_URL'),
  ROUTE_CIRCUITY: v.optional(
    v.pipe(
      v.string(),
      v.toLowerCase(),
      v.check(
        (value) =>
          value === 'off' || (/^\d+(\.\d+)?$/.test(value) && Number(value) >= 1 && Number(value) <= 3),
        'ROUTE_CIRCUITY must be a number from 1 to 3, or off.',
      ),
      v.transform((value) => (value === 'off' ? null : Number(value))),
    ),
    String(DEFAULT_CIRCUITY),
  ),
  DATA_TIMEOUT_MS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,5}$/, 'DATA_TIMEOUT_MS must be a whole number of milliseconds from 100 to 60000.'),
      v.transform(Number),
      v.minValue(100, 'DATA_TIMEOUT_MS must be a whole number of milliseconds from 100 to 60000.'),
      v.maxValue(60_000, 'DATA_TIMEOUT_MS must be a whole number of milliseconds from 100 to 60000.'),
    ),
    String(DEFAULT_PROVIDER_TIMEOUT_MS),
  ),
  WEB_CONCURRENCY: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, 'WEB_CONCURRENCY must be a whole number of processes from 1 to 64.'),
      v.transform(Number),
      v.minValue(1, 'WEB_CONCURRENCY must be a whole number of processes from 1 to 64.'),
      v.maxValue(64, 'WEB_CONCURRENCY must be a whole number of processes from 1 to 64.'),
    ),
  ),
  DATABASE_POOL_SIZE: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,3}$/, 'DATABASE_POOL_SIZE must be a whole number of connections from 1 to 100.'),
      v.transform(Number),
      v.minValue(1, 'DATABASE_POOL_SIZE must be a whole number of connections from 1 to 100.'),
      v.maxValue(100, 'DATABASE_POOL_SIZE must be a whole number of connections from 1 to 100.'),
    ),
    '10',
  ),
  SHUTDOWN_TIMEOUT_MS: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,6}$/, 'SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds from 0 to 600000.'),
      v.transform(Number),
      v.maxValue(600_000, 'SHUTDOWN_TIMEOUT_MS must be a whole number of milliseconds from 0 to 600000.'),
    ),
    '10000',
  ),
  ANSWER_CACHE_ENTRIES: v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{1,6}$/, 'ANSWER_CACHE_ENTRIES must be a whole number of answers from 0 to 100000.'),
      v.transform(Number),
      v.maxValue(100_000, 'ANSWER_CACHE_ENTRIES must be a whole number of answers from 0 to 100000.'),
    ),
    String(DEFAULT_ANSWER_CACHE_ENTRIES),
  ),
});

/** The environment variables the server reads: README.md's table and turbo.json pass each one. */
export const CONFIG_VARIABLES = Object.keys(EnvSchema.entries) as readonly string[];

/** Reads the configuration from `env`; blank variables count as unset. Throws ConfigError listing every problem. */
export function loadConfig(env: Record<string, string | undefined> = process.env, root = REPO_ROOT): Config {
  const present = Object.fromEntries(
    Object.keys(EnvSchema.entries).flatMap((key) => {
      const value = env[key]?.trim();
      // A password is taken as it is: its spaces are part of it.
      return value ? [[key, key === 'ADMIN_PASSWORD' ? env[key] : value]] : [];
    }),
  );
  const result = v.safeParse(EnvSchema, present);
  const problems = result.success
    ? []
    : result.issues.map((issue) => `  ${v.getDotPath(issue) ?? 'environment'}: ${issue.message}`);
  if (present.ADMIN_USERNAME && !present.ADMIN_PASSWORD) {
    problems.push('  ADMIN_PASSWORD: ADMIN_PASSWORD must be set with ADMIN_USERNAME.');
  }
  if (!result.success || problems.length > 0) {
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const {
    PORT,
    DATA_DIR,
    DATABASE_URL,
    LOG_LEVEL,
    TRUST_PROXY,
    ADMIN_USERNAME,
    ADMIN_PASSWORD,
    ADMIN_EMAIL,
    RATES_URL,
    CPI_URL,
    DATA_TIMEOUT_MS,
    PIXABAY_KEY,
    PIXABAY_URL,
    ORS_API_KEY,
    ORS_URL,
    OSRM_URL,
    ROUTE_CIRCUITY,
    WEB_CONCURRENCY,
    DATABASE_POOL_SIZE,
    SHUTDOWN_TIMEOUT_MS,
    ANSWER_CACHE_ENTRIES,
  } = result.output;
  return {
    port: PORT,
    dataDir: isAbsolute(DATA_DIR) ? DATA_DIR : resolve(root, DATA_DIR),
    databaseUrl: DATABASE_URL,
    logLevel: LOG_LEVEL,
    staticDir: resolve(root, 'platform/dist'),
    trustProxy: TRUST_PROXY,
    admin:
      ADMIN_USERNAME && ADMIN_PASSWORD
        ? { username: ADMIN_USERNAME, password: ADMIN_PASSWORD, email: ADMIN_EMAIL }
        : undefined,
    ratesUrl: RATES_URL,
    cpiUrl: CPI_URL,
    dataTimeoutMs: DATA_TIMEOUT_MS,
    pixabayKey: PIXABAY_KEY,
    pixabayUrl: PIXABAY_URL,
    route: { orsApiKey: ORS_API_KEY, orsUrl: ORS_URL, osrmUrl: OSRM_URL, circuity: ROUTE_CIRCUITY },
    webConcurrency: WEB_CONCURRENCY,
    poolSize: DATABASE_POOL_SIZE,
    shutdownTimeoutMs: SHUTDOWN_TIMEOUT_MS,
    answerCacheEntries: ANSWER_CACHE_ENTRIES,
  };
}
