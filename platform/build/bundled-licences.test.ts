import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { licenceOf, licencesText, packageDirOf } from './bundled-licences';

describe('packageDirOf', () => {
  it('is the folder of the package a module comes from, scoped or not, nested or not', () => {
    expect(packageDirOf('/app/node_modules/valibot/dist/index.js')).toBe('/app/node_modules/valibot');
    expect(packageDirOf('/app/node_modules/@mantine/core/esm/index.mjs')).toBe(
      '/app/node_modules/@mantine/core',
    );
    expect(packageDirOf('/app/node_modules/a/node_modules/b/lib/b.js')).toBe(
      '/app/node_modules/a/node_modules/b',
    );
    expect(packageDirOf('C:\\app\\node_modules\\comlink\\dist\\esm\\comlink.mjs')).toBe(
      'C:\\app\\node_modules\\comlink',
    );
  });

  it('is none for the app’s own modules and the bundler’s virtual ones', () => {
    expect(packageDirOf('/app/sdk/src/schema.ts')).toBeUndefined();
    expect(packageDirOf('\0rolldown/runtime.js')).toBeUndefined();
  });
});

describe('licenceOf', () => {
  it('reads a package’s name, version, licence and licence text', () => {
    const dir = fileURLToPath(new URL('../../node_modules/valibot', import.meta.url));
    const licence = licenceOf(dir);
    expect(licence).toMatchObject({ name: 'valibot', identifier: 'MIT' });
    expect(licence.version).toMatch(/^\d+\.\d+\.\d+/);
    expect(licence.text).toContain('Permission is hereby granted');
  });
});

describe('licencesText', () => {
  it('lists each library by name, version and licence, in order of name, with its text', () => {
    const text = licencesText([
      { name: 'zod-like', version: '1.0.0', identifier: 'MIT', text: 'MIT text' },
      { name: 'alpha', version: '2.1.0' },
    ]);
    expect(text.indexOf('alpha 2.1.0\n')).toBeGreaterThan(0);
    expect(text.indexOf('alpha 2.1.0')).toBeLessThan(text.indexOf('zod-like 1.0.0 (MIT)\n\nMIT text'));
  });
});
