import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

const root = '/srv/toolbox';

describe('loadConfig', () => {
  it('has defaults that run on a fresh machine, resolved from the repository root', () => {
    expect(loadConfig({}, root)).toEqual({
      port: 3000,
      dataDir: '/srv/toolbox/data',
      databaseUrl: undefined,
      logLevel: 'info',
      staticDir: '/srv/toolbox/platform/dist',
      trustProxy: false,
      admin: undefined,
      ratesUrl: undefined,
      cpiUrl: undefined,
      dataTimeoutMs: 4000,
      pixabayKey: undefined,
      pixabayUrl: undefined,
      route: { orsApiKey: undefined, orsUrl: undefined, osrmUrl: undefined, circuity: 1.3 },
      webConcurrency: undefined,
      poolSize: 10,
      shutdownTimeoutMs: 10000,
      answerCacheEntries: 1000,
    });
  });

  it('reads the live router and the circuity of the estimate', () => {
    expect(
      loadConfig(
        {
          ORS_API_KEY: 'secret-key',
          ORS_URL: 'http://127.0.0.1:9001',
          OSRM_URL: 'https://osrm.example',
          ROUTE_CIRCUITY: '1.25',
        },
        root,
      ).route,
    ).toEqual({
      orsApiKey: 'secret-key',
      orsUrl: 'http://127.0.0.1:9001',
      osrmUrl: 'https://osrm.example',
      circuity: 1.25,
    });
    expect(loadConfig({ ROUTE_CIRCUITY: 'OFF' }, root).route.circuity).toBeNull();
  });

  it('reads WEB_CONCURRENCY and DATABASE_POOL_SIZE, and refuses nonsense', () => {
    expect(loadConfig({ WEB_CONCURRENCY: '3', DATABASE_POOL_SIZE: '4' }, root)).toMatchObject({
      webConcurrency: 3,
      poolSize: 4,
    });
    expect(() => loadConfig({ WEB_CONCURRENCY: '0' }, root)).toThrow(/WEB_CONCURRENCY: WEB_CONCURRENCY must/);
    expect(() => loadConfig({ WEB_CONCURRENCY: 'all' }, root)).toThrow(/WEB_CONCURRENCY must/);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' }, root)).toThrow(/DATABASE_POOL_SIZE must/);
  });

  it('reads ANSWER_CACHE_ENTRIES (0 keeps no answers) and refuses nonsense', () => {
    expect(loadConfig({ ANSWER_CACHE_ENTRIES: '0' }, root).answerCacheEntries).toBe(0);
    expect(loadConfig({ ANSWER_CACHE_ENTRIES: '250' }, root).answerCacheEntries).toBe(250);
    expect(() => loadConfig({ ANSWER_CACHE_ENTRIES: 'lots' }, root)).toThrow(/ANSWER_CACHE_ENTRIES must/);
    expect(() => loadConfig({ ANSWER_CACHE_ENTRIES: '1000000' }, root)).toThrow(/ANSWER_CACHE_ENTRIES must/);
  });

  it('reads the live data providers and their timeout', () => {
    expect(
      loadConfig(
        {
          RATES_URL: 'https://open.er-api.com/v6/latest/USD',
          CPI_URL: 'http://127.0.0.1:9000/v2',
          DATA_TIMEOUT_MS: '2500',
          PIXABAY_KEY: '12345-abcdef0123',
          PIXABAY_URL: 'http://127.0.0.1:9001/api/',
        },
        root,
      ),
    ).toMatchObject({
      ratesUrl: 'https://open.er-api.com/v6/latest/USD',
      cpiUrl: 'http://127.0.0.1:9000/v2',
      dataTimeoutMs: 2500,
      pixabayKey: '12345-abcdef0123',
      pixabayUrl: 'http://127.0.0.1:9001/api/',
      shutdownTimeoutMs: 10000,
      answerCacheEntries: 1000,
    });
  });

  it.each([
    [{ RATES_URL: 'open.er-api.com/v6/latest/USD' }, 'RATES_URL'],
    [{ RATES_URL: 'ftp://example.com/rates' }, 'RATES_URL'],
    [{ CPI_URL: 'not a url' }, 'CPI_URL'],
    [{ DATA_TIMEOUT_MS: '5s' }, 'DATA_TIMEOUT_MS'],
    [{ DATA_TIMEOUT_MS: '0' }, 'DATA_TIMEOUT_MS'],
    [{ DATA_TIMEOUT_MS: '600000' }, 'DATA_TIMEOUT_MS'],
    [{ PIXABAY_URL: 'pixabay.com/api/' }, 'PIXABAY_URL'],
    [{ PIXABAY_KEY: 'a key with spaces' }, 'PIXABAY_KEY'],
    [{ OSRM_URL: 'router.project-osrm.org' }, 'OSRM_URL'],
    [{ ORS_URL: 'file:///etc/passwd' }, 'ORS_URL'],
    [{ ROUTE_CIRCUITY: '0.5' }, 'ROUTE_CIRCUITY'],
    [{ ROUTE_CIRCUITY: '4' }, 'ROUTE_CIRCUITY'],
    [{ ROUTE_CIRCUITY: 'fast' }, 'ROUTE_CIRCUITY'],
  ])('refuses the data provider setting %o', (env, name) => {
    expect(() => loadConfig(env, root)).toThrow(new RegExp(`${name}: ${name} must`));
  });

  it('reads every variable', () => {
    const config = loadConfig(
      {
        PORT: '8080',
        DATA_DIR: '/var/lib/toolbox',
        DATABASE_URL: 'postgres://app:secret@db.internal:5432/toolbox',
        LOG_LEVEL: 'WARN',
      },
      root,
    );
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/var/lib/toolbox',
      databaseUrl: 'postgres://app:secret@db.internal:5432/toolbox',
      logLevel: 'warn',
    });
  });

  it('resolves a relative DATA_DIR from the repository root, not the working directory', () => {
    expect(loadConfig({ DATA_DIR: 'var/db' }, root).dataDir).toBe('/srv/toolbox/var/db');
    expect(loadConfig({ DATA_DIR: './data' }, root).dataDir).toBe('/srv/toolbox/data');
  });

  it('treats blank variables as unset', () => {
    expect(loadConfig({ PORT: ' ', DATABASE_URL: '' }, root)).toMatchObject({
      port: 3000,
      databaseUrl: undefined,
    });
  });

  it('accepts port 0 (any free port) and postgresql:// URLs', () => {
    expect(loadConfig({ PORT: '0', DATABASE_URL: 'postgresql://localhost/x' }, root)).toMatchObject({
      port: 0,
      databaseUrl: 'postgresql://localhost/x',
    });
  });

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '-1' }, 'PORT'],
    [{ PORT: '65536' }, 'PORT'],
    [{ PORT: '80.5' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://localhost/db' }, 'DATABASE_URL'],
    [{ DATABASE_URL: 'localhost:5432' }, 'DATABASE_URL'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
  ])('fails fast on %o, naming %s', (env, name) => {
    expect(() => loadConfig(env, root)).toThrow(ConfigError);
    expect(() => loadConfig(env, root)).toThrow(new RegExp(`${name}: ${name} (must|is)`));
  });

  it('lists every bad variable at once', () => {
    expect(() => loadConfig({ PORT: 'abc', LOG_LEVEL: 'loud' }, root)).toThrow(/PORT[\s\S]*LOG_LEVEL/);
  });
});

describe('loadConfig: proxy and first admin', () => {
  it('trusts X-Forwarded-For only when TRUST_PROXY is 1 or true', () => {
    expect(loadConfig({ TRUST_PROXY: '1' }, root).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: 'TRUE' }, root).trustProxy).toBe(true);
    expect(loadConfig({ TRUST_PROXY: '0' }, root).trustProxy).toBe(false);
    expect(() => loadConfig({ TRUST_PROXY: 'yes please' }, root)).toThrow(/TRUST_PROXY: TRUST_PROXY must/);
  });

  it('reads the first admin, keeping the spaces of the password', () => {
    expect(
      loadConfig(
        { ADMIN_USERNAME: ' root ', ADMIN_PASSWORD: ' long secret ', ADMIN_EMAIL: 'r@example.com' },
        root,
      ).admin,
    ).toEqual({ username: 'root', password: ' long secret ', email: 'r@example.com' });
    expect(loadConfig({ ADMIN_PASSWORD: 'only for the admin command' }, root).admin).toBeUndefined();
  });

  it.each([
    [{ ADMIN_USERNAME: 'root' }, /ADMIN_PASSWORD: ADMIN_PASSWORD must be set with ADMIN_USERNAME/],
    [
      { ADMIN_USERNAME: 'root', ADMIN_PASSWORD: 'short' },
      /ADMIN_PASSWORD: ADMIN_PASSWORD must be at least 8/,
    ],
    [
      { ADMIN_USERNAME: 'no spaces', ADMIN_PASSWORD: 'long enough' },
      /ADMIN_USERNAME: ADMIN_USERNAME is not a valid username: Enter a valid username/,
    ],
    [
      { ADMIN_USERNAME: 'ab', ADMIN_PASSWORD: 'long enough' },
      /ADMIN_USERNAME is not a valid username: Ensure this field has at least 3/,
    ],
    [
      { ADMIN_USERNAME: 'root', ADMIN_PASSWORD: 'long enough', ADMIN_EMAIL: 'nope' },
      /ADMIN_EMAIL: ADMIN_EMAIL is not/,
    ],
  ])('refuses %o', (env, message) => {
    expect(() => loadConfig(env, root)).toThrow(ConfigError);
    expect(() => loadConfig(env, root)).toThrow(message);
  });
});
