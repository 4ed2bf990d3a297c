/**
 * Every environment variable the server reads is documented in README.md's configuration table,
 * and reaches the API when it is started through turbo (`npm run dev`): turbo's strict mode hands
 * a task only the variables turbo.json passes.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CONFIG_VARIABLES } from '@toolbox/api/config';
import { describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
const turbo = JSON.parse(readFileSync(join(ROOT, 'turbo.json'), 'utf8')) as {
  globalPassThroughEnv: string[];
};

/** The rows of the README's "Configuration" table, up to the next heading. */
const configurationTable = readme.split('\n## Configuration\n')[1]?.split('\n## ')[0] ?? '';

describe('the server configuration', () => {
  it('reads the variables it is known by', () => {
    expect(CONFIG_VARIABLES).toContain('DATABASE_URL');
    expect(CONFIG_VARIABLES.length).toBeGreaterThan(10);
  });

  it.each(CONFIG_VARIABLES)('documents %s in the README and passes it through turbo', (name) => {
    expect(configurationTable).toContain(`\`${name}\``);
    expect(turbo.globalPassThroughEnv).toContain(name);
  });
});
