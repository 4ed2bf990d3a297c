import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * What the first page loads, as one file. Left to itself the bundler splits the modules the entry
 * needs into a few dozen small chunks (each also shared with some lazy chunk): one request each.
 * So the build runs twice (package.json): `--mode shell-scan` bundles as usual and writes down the
 * modules of the entry chunk and of the chunks it imports statically; the real build then puts
 * exactly those modules in one chunk, "shell". Lazy chunks import from it.
 */
/** A module needed by this many tool views goes in the one "tool-kit" chunk that tool pages share. */
const TOOL_KIT_MIN_VIEWS = 5;
const SHELL_MODULES = fileURLToPath(new URL('node_modules/.shell-modules.json', import.meta.url));

function recordShellModules(): Plugin {
  return {
    name: 'toolbox:record-shell-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const chunks = new Map(
        Object.values(bundle).flatMap((item) =>
          item.type === 'chunk' ? [[item.fileName, item] as const] : [],
        ),
      );
      /** The modules of `file` and of every chunk it imports statically. */
      const closure = (file: string) => {
        const modules = new Set<string>();
        const pending = [file];
        const seen = new Set<string>();
        while (pending.length > 0) {
          const next = pending.pop() as string;
          if (seen.has(next)) continue;
          seen.add(next);
          const chunk = chunks.get(next);
          for (const id of chunk?.moduleIds ?? []) modules.add(id);
          pending.push(...(chunk?.imports ?? []));
        }
        return modules;
      };
      const entry = [...chunks.values()].find((chunk) => chunk.isEntry);
      const shell = entry ? closure(entry.fileName) : new Set<string>();
      // How many tool views need each module the shell does not have.
      const uses = new Map<string, number>();
      for (const chunk of chunks.values()) {
        if (
          !chunk.isDynamicEntry ||
          !/[\\/]plugins[\\/][a-z0-9-]+[\\/]view\.tsx$/.test(chunk.facadeModuleId ?? '')
        )
          continue;
        for (const id of closure(chunk.fileName)) if (!shell.has(id)) uses.set(id, (uses.get(id) ?? 0) + 1);
      }
      const toolKit = [...uses].filter(([, count]) => count >= TOOL_KIT_MIN_VIEWS).map(([id]) => id);
      writeFileSync(SHELL_MODULES, JSON.stringify({ shell: [...shell], toolKit }));
    },
  };
}

export default defineConfig(({ isSsrBuild, mode }) => {
  const scan = mode === 'shell-scan';
  const recorded: { shell: string[]; toolKit: string[] } =
    !scan && !isSsrBuild && existsSync(SHELL_MODULES)
      ? JSON.parse(readFileSync(SHELL_MODULES, 'utf8'))
      : { shell: [], toolKit: [] };
  const shell = new Set(recorded.shell);
  const toolKit = new Set(recorded.toolKit);
  return {
    plugins: [react(), ...(scan ? [recordShellModules()] : [])],
    // The default 'iife' inlines the worker's dynamic imports: every compute would land in one file.
    worker: { format: 'es' },
    build: {
      outDir: scan ? 'node_modules/.shell-scan' : 'dist',
      emptyOutDir: true,
      minify: !scan,
      // The manifest tells scripts/prerender.mjs which chunks a page's view needs (it deletes it after).
      manifest: true,
      rolldownOptions:
        shell.size === 0
          ? {}
          : {
              output: {
                codeSplitting: {
                  groups: [
                    { name: 'shell', test: (id: string) => shell.has(id), priority: 10 },
                    // What most tool views share (the SDK's tool form, Mantine inputs): one file.
                    { name: 'tool-kit', test: (id: string) => toolKit.has(id), priority: 5 },
                  ],
                },
              },
            },
    },
    server: { proxy: { '/api': 'http://localhost:3000' } },
    preview: { proxy: { '/api': 'http://localhost:3000' } },
  };
});
