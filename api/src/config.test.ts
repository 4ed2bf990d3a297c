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
    });
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
