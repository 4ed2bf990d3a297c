/**
 * docs/plugins.md works when followed to the letter: every code sample headed by its file
 * (`// plugins/tip-calculator/…`) is written into a scratch plugin folder and must pass Biome (lint
 * and format) and the strict typecheck as written, and the sample tests must pass against the
 * sample compute. The folder is hidden (dot-named), so the registry never sees it.
 */
import { execFile } from 'node:child_process';
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..', '..');
const guide = readFileSync(join(ROOT, 'docs', 'plugins.md'), 'utf8');
const SAMPLE = /```tsx?\n\/\/ plugins\/tip-calculator\/(\S+)\n([\s\S]*?)```/g;
const samples = [...guide.matchAll(SAMPLE)].map((m) => ({
  file: m[1] as string,
  text: `// plugins/tip-calculator/${m[1]}\n${m[2]}`,
}));
const folder = join(ROOT, 'plugins', `.guide-check-${process.pid}`);
const bin = (name: string) => join(ROOT, 'node_modules', '.bin', name);

describe('docs/plugins.md', () => {
  beforeAll(() => {
    mkdirSync(folder, { recursive: true });
    for (const { file, text } of samples) writeFileSync(join(folder, file), text);
    writeFileSync(
      join(folder, 'tsconfig.json'),
      JSON.stringify({ extends: '../tsconfig.json', include: ['*.ts', '*.tsx'] }),
    );
  });
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('has the four files of the scaffold as samples', () => {
    expect(samples.map((s) => s.file).sort()).toEqual([
      'compute.test.ts',
      'compute.ts',
      'manifest.ts',
      'view.tsx',
    ]);
  });

  it('names the types as the scaffold generates them', () => {
    const template = readFileSync(join(ROOT, 'scripts', 'templates', 'compute.ts.tpl'), 'utf8');
    expect(template).toContain('__PASCAL__Input');
    expect(guide).toContain('TipCalculatorInput');
    expect(guide).not.toMatch(/\bTip(Input|Output)\b/);
  });

  it('passes Biome as written', async () => {
    // biome skips dot folders when walking; the files are named one by one.
    const files = samples.map((s) => join(folder, s.file));
    await expect(
      run(bin('biome'), ['check', '--vcs-use-ignore-file=false', ...files], { cwd: ROOT }),
    ).resolves.toBeDefined();
  }, 120_000);

  it("has lint refuse in a plugin what the guide says it refuses: Mantine's heavy components, the router's useSearch, Mantine's notifications", async () => {
    expect(guide).toContain("Lint refuses the router's `useSearch` in a plugin");
    expect(guide).toContain('Lint refuses `@mantine/notifications` anywhere else');
    const file = join(folder, 'refused.tsx');
    writeFileSync(
      file,
      "import { Button } from '@mantine/core';\nimport { notifications } from '@mantine/notifications';\nimport { useMatch, useRouter, useRouterState, useSearch } from '@tanstack/react-router';\n\nexport const refused = [Button, notifications, useMatch, useRouter, useRouterState, useSearch];\n",
    );
    try {
      const failed: { stdout?: string; stderr?: string } | undefined = await run(
        bin('biome'),
        ['lint', '--vcs-use-ignore-file=false', '--max-diagnostics=50', file],
        { cwd: ROOT },
      ).then(
        () => undefined,
        (error: { stdout?: string; stderr?: string }) => error,
      );
      const said = `${failed?.stdout ?? ''}${failed?.stderr ?? ''}`;
      expect(said).toContain("Use the SDK's light components");
      expect(said).toContain("Read the address's query with useQueryRead(keys)");
      expect(said.match(/Read the address's query with useQueryRead\(keys\)/g)).toHaveLength(4);
      expect(said).toContain('go back with useGoBack() and replace the address with useReplaceAddress()');
      expect(said).toContain('Show a notification with notify() from @toolbox/sdk/react');
    } finally {
      rmSync(file, { force: true });
    }
  }, 120_000);

  it('passes the strict typecheck as written', async () => {
    await expect(
      run(bin('tsc'), ['-p', join(folder, 'tsconfig.json'), '--noEmit'], { cwd: ROOT }),
    ).resolves.toBeDefined();
  }, 240_000);

  it('has sample tests that pass against the sample compute', async () => {
    const result = await run(bin('vitest'), ['run', '--root', folder, '--dir', folder], { cwd: ROOT });
    expect(result.stdout).toMatch(/passed/);
  }, 240_000);
});
