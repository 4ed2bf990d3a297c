/**
 * Tool plugins for tests: the repository's own folders, and a scratch plugin folder holding a
 * tool no other code names (`zz-scratch-<random>`), as `npm run new-tool` would add one. Its
 * compute echoes `n` twice, refuses a non-number with its own message, and with `spin: true` runs
 * until it is stopped (for the time-out).
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const REPO_ROOT = join(import.meta.dirname, '..', '..');
export const PLUGINS_DIR = join(REPO_ROOT, 'plugins');

/** Every folder of plugins/ that is a tool: a manifest and a compute (pages plugins have no compute). */
export function toolFolders(): string[] {
  return (
    readdirSync(PLUGINS_DIR, { withFileTypes: true })
      // Like the registry's glob: no shared folder (_*) and no hidden one (.*, a test's scratch plugin).
      .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_') && !entry.name.startsWith('.'))
      .map((entry) => entry.name)
      .filter(
        (name) =>
          existsSync(join(PLUGINS_DIR, name, 'manifest.ts')) &&
          existsSync(join(PLUGINS_DIR, name, 'compute.ts')),
      )
      .sort()
  );
}

export const SCRATCH_MESSAGE = 'Please enter a number n.';

export interface ScratchPlugins {
  /** The folder holding the scratch plugin (pass it as a plugin folder). */
  dir: string;
  slug: string;
  remove(): Promise<void>;
}

/**
 * Writes the scratch plugin under tests/.tmp (ignored by git), inside the repository so that its
 * imports (@toolbox/sdk, valibot) resolve as a real plugin's do.
 */
export async function createScratchPlugins(): Promise<ScratchPlugins> {
  const dir = join(REPO_ROOT, 'tests', '.tmp', `plugins-${randomBytes(6).toString('hex')}`);
  const slug = `zz-scratch-${randomBytes(3).toString('hex')}`;
  await mkdir(join(dir, slug), { recursive: true });
  await writeFile(
    join(dir, slug, 'manifest.ts'),
    `import { defineTool } from '@toolbox/sdk';

export default defineTool({
  slug: '${slug}',
  label: 'Zz Scratch Doubler',
  category: 'Math',
  description: 'Doubles a number (a test plugin).',
  keywords: ['twice'],
  view: () => import('./view'),
  compute: () => import('./compute'),
});
`,
  );
  await writeFile(
    join(dir, slug, 'compute.ts'),
    `import { numeric, ok, type Result, validate } from '@toolbox/sdk';
import * as v from 'valibot';

export const inputSchema = v.object({
  n: numeric('${SCRATCH_MESSAGE}'),
  spin: v.optional(v.picklist(['true', 'false']), 'false'),
});

export function compute(input: v.InferInput<typeof inputSchema>): Result<{ value: number; text: string }> {
  const parsed = validate(inputSchema, input);
  if (!parsed.ok) return parsed;
  // A compute that never ends, for the time-out test.
  while (parsed.value.spin === 'true') {}
  return ok({ value: parsed.value.n * 2, text: \`Twice: \${parsed.value.n * 2}\` });
}
`,
  );
  await writeFile(join(dir, slug, 'view.tsx'), 'export default function View() {\n  return null;\n}\n');
  return { dir, slug, remove: () => rm(dir, { recursive: true, force: true }) };
}
