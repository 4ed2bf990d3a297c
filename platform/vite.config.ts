import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import mantinePreset from 'postcss-preset-mantine';
import simpleVars from 'postcss-simple-vars';
import { defineConfig, type Plugin, type Rolldown } from 'vite';
import { bundledLicences } from './build/bundled-licences';
import { COMPUTE_CHUNKS_FILE } from './build/compute-chunks-file';
import { lightVariantColors } from './build/light-variant-colors';
import { isManifest, registryEntries } from './build/registry-entries';
import { stableMantineIds } from './build/stable-mantine-ids';
import { staticMantineCssVariables } from './build/static-mantine-css-variables';
import { mantineClassesIn, unusedMantineRules } from './build/unused-mantine-rules';

/**
 * What a page loads, in few files. Left to itself the bundler splits the modules the entry needs
 * into a few dozen small chunks (each also shared with some lazy chunk), and the modules the tool
 * views or the computes share into more: one request each. So the build runs twice (package.json):
 * `--mode shell-scan` bundles as usual and writes down which modules go together; the real build
 * then groups them:
 * - "shell": the app the small entry starts (src/start.tsx) with the chunks it imports statically,
 *   less the entry's own modules (they stay in the entry, which runs first);
 * - "idle": what every page loads once it is idle (the your-tools engine, with the notifications
 *   and messages it shares with the save dialog and the saved page);
 * - "tool-kit": what the tool views share (the SDK's tool form and fields);
 * - "page-kit": the libraries' and the SDK's modules that the page plugins' views share (Mantine's
 *   Box and text, its inputs, TanStack Query with the query layer the router puts around each of
 *   them). Left to the bundler they made a file of each component: 31 scripts for the blog list,
 *   37 for the login page, fetched a few at a time over HTTP/1.1 (decision 137);
 * - "compute-kit", in the compute worker: what the computes share (valibot, the SDK's schema
 *   helpers) and what the worker's entry imports (comlink).
 * comlink stays a chunk of its own: the entry loads it with the compute worker, which the app
 * starts with its first calculation, so it must not bring the shell. A page whose form the page
 * answers runs its tool's compute itself, from the worker's own chunks (recordComputeChunks,
 * decision 093).
 * The scan also writes down the Mantine classes its scripts name: the real build keeps only the
 * rules of Mantine's stylesheets that can match (build/unused-mantine-rules.ts).
 */
/**
 * Both builds (the page's and the workers') inline every imported constant: a module that only holds
 * constants (a shared message) leaves no chunk of its own behind (decision 153).
 */
const INLINE_CONSTANTS = { inlineConst: { mode: 'all', pass: 2 } } as const;
/** A module needed by this many tool views (or computes) goes in the kit that they share. */
const KIT_MIN_USERS = 5;
/**
 * A library or SDK module needed by at least two of them that is this small with what it imports
 * (bytes of source as bundled, before minifying) goes in the kit too: a request of its own costs
 * more than its bytes.
 */
const KIT_SMALL_MODULE = 1_000;
/** The query cache's provider that the router loads around every page plugin's view (src/router.tsx). */
const QUERIES_LAYER = /[\\/]platform[\\/]src[\\/]components[\\/]queries-layer\.tsx$/;
/** The modules every page loads once idle (src/your-tools/store.ts), with what they import. */
const IDLE_ENTRIES = [/[\\/]platform[\\/]src[\\/]your-tools[\\/]engine\.ts$/];
/** The app that the page's small entry (src/main.tsx) starts: the shell is it and what it imports. */
const APP_START = /[\\/]platform[\\/]src[\\/]start\.tsx$/;
const BUNDLER_RUNTIME = /^\0rolldown[\\/]runtime/;
const SHELL_MODULES = fileURLToPath(new URL('node_modules/.shell-modules.json', import.meta.url));

interface Recorded {
  /** The small entry's own modules (src/main.tsx and what it imports statically). */
  entry: string[];
  shell: string[];
  idle: string[];
  toolKit: string[];
  pageKit: string[];
  computeKit: string[];
  /** The Mantine class names in the page's scripts (every chunk). */
  mantineClasses: string[];
}

/** A tool's view: `view.tsx` beside its `compute.ts` (a page plugin may name its view `view.tsx` too). */
const isToolView = (id: string | null) =>
  id !== null &&
  /[\\/]plugins[\\/][a-z0-9-]+[\\/]view\.tsx$/.test(id) &&
  existsSync(join(dirname(id), 'compute.ts'));
/** A page plugin's view: a view its manifest (or the registry's copy of it) imports that is not a tool's. */
const isPageView = (id: string | null, dynamicImporters: readonly string[]) =>
  !isToolView(id) && dynamicImporters.some(isManifest);
const isCompute = (id: string | null) => /[\\/]plugins[\\/][a-z0-9-]+[\\/]compute\.ts$/.test(id ?? '');

/**
 * The chunks of a bundle; the files of a chunk and of every chunk it imports statically (its own
 * first), and the modules (with their sizes) in those files.
 */
function chunkGraph(bundle: Rolldown.OutputBundle) {
  const chunks = new Map(
    Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item] as const] : [])),
  );
  const files = (file: string, found: string[] = []): string[] => {
    if (found.includes(file)) return found;
    found.push(file);
    for (const next of chunks.get(file)?.imports ?? []) files(next, found);
    return found;
  };
  const closure = (file: string) => {
    const modules = new Map<string, number>();
    for (const next of files(file)) {
      for (const [id, module] of Object.entries(chunks.get(next)?.modules ?? {}))
        modules.set(id, module.renderedLength);
    }
    return modules;
  };
  return { chunks: [...chunks.values()], files, closure };
}

/**
 * React and React DOM (with its scheduler), half the shell, which the entry evaluates in a task of its
 * own through src/react-dom.ts.
 */
const REACT =
  /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]|[\\/]platform[\\/]src[\\/]react-dom\.ts$/;

/** A library's or the SDK's module (not a plugin's own code, which stays with its plugin). */
const isShared = (id: string) => /[\\/](node_modules|sdk[\\/]src)[\\/]/.test(id);

/**
 * The modules outside `base` that at least KIT_MIN_USERS of `users` need, or two when small and
 * shared and imported by a user's own code or the kit. A module is as small as it is with what it
 * imports from outside `base` (`importsOf`): a small module that brings a component along would
 * bring it to every page of the kit.
 */
function kitOf(
  users: Map<string, number>[],
  base: Set<string>,
  importsOf: (id: string) => readonly string[],
  importersOf: (id: string) => readonly string[],
): string[] {
  const count = new Map<string, number>();
  const size = new Map<string, number>();
  for (const modules of users) {
    for (const [id, length] of modules) {
      if (base.has(id)) continue;
      count.set(id, (count.get(id) ?? 0) + 1);
      size.set(id, length);
    }
  }
  const withImports = (id: string) => {
    const seen = new Set<string>();
    const pending = [id];
    let total = 0;
    while (pending.length > 0) {
      const next = pending.pop() as string;
      if (seen.has(next) || base.has(next)) continue;
      seen.add(next);
      total += size.get(next) ?? 0;
      pending.push(...importsOf(next));
    }
    return total;
  };
  const kit = new Set([...count].filter(([, n]) => n >= KIT_MIN_USERS).map(([id]) => id));
  const small = [...count]
    .filter(([id, n]) => n >= 2 && n < KIT_MIN_USERS && isShared(id) && withImports(id) <= KIT_SMALL_MODULE)
    .map(([id]) => id);
  // A small module joins only where the app's code (plugins, the SDK), the first page or the kit
  // imports it: one that only a larger library module outside the kit imports (a piece of Mantine's
  // Box under two tools' components) stays with that module, not on every page of the kit.
  const fromLibrary = (id: string) => /[\\/]node_modules[\\/]/.test(id);
  const wanted = (id: string) =>
    importersOf(id).some((by) => !fromLibrary(by) || base.has(by) || kit.has(by));
  for (let added = true; added; ) {
    added = false;
    for (const id of small)
      if (!kit.has(id) && wanted(id)) {
        kit.add(id);
        added = true;
      }
  }
  return [...kit];
}

function recordShellModules(): Plugin {
  return {
    name: 'toolbox:record-shell-modules',
    apply: 'build',
    generateBundle(_options, bundle) {
      const { chunks, closure } = chunkGraph(bundle);
      const entry = chunks.find((chunk) => chunk.isEntry);
      const own = new Set(entry ? closure(entry.fileName).keys() : []);
      // The app the entry starts (src/start.tsx), less what the small entry keeps for itself.
      const app = chunks.find((chunk) => chunk.isDynamicEntry && APP_START.test(chunk.facadeModuleId ?? ''));
      // The bundler's runtime goes with the shell: the entry itself needs none of it.
      const shell = new Set(
        [...(app ? closure(app.fileName).keys() : [])].filter(
          (id) => !own.has(id) || BUNDLER_RUNTIME.test(id),
        ),
      );
      const firstPage = new Set([...own, ...shell]);
      const views = chunks.filter((chunk) => chunk.isDynamicEntry && isToolView(chunk.facadeModuleId));
      const toolKit = kitOf(
        views.map((view) => closure(view.fileName)),
        firstPage,
        (id) => this.getModuleInfo(id)?.importedIds ?? [],
        (id) => this.getModuleInfo(id)?.importers ?? [],
      );
      const idle = chunks
        .filter((chunk) => IDLE_ENTRIES.some((entry) => entry.test(chunk.facadeModuleId ?? '')))
        .flatMap((chunk) => [...closure(chunk.fileName).keys()].filter((id) => !firstPage.has(id)));
      const layer = chunks.find(
        (chunk) => chunk.isDynamicEntry && QUERIES_LAYER.test(chunk.facadeModuleId ?? ''),
      );
      const pageViews = chunks.filter(
        (chunk) =>
          chunk.isDynamicEntry &&
          isPageView(
            chunk.facadeModuleId,
            this.getModuleInfo(chunk.facadeModuleId ?? '')?.dynamicImporters ?? [],
          ),
      );
      // A page view's shared modules, and the query layer it always comes with (so that the router
      // finds it loaded); the view's own code stays with it.
      const withLayer = layer ? [...closure(layer.fileName)] : [];
      const pageKit = kitOf(
        pageViews.map(
          (view) => new Map([...[...closure(view.fileName)].filter(([id]) => isShared(id)), ...withLayer]),
        ),
        new Set([...firstPage, ...toolKit, ...idle]),
        (id) => this.getModuleInfo(id)?.importedIds ?? [],
        (id) => this.getModuleInfo(id)?.importers ?? [],
      );
      const previous = readRecorded();
      writeRecorded({
        ...previous,
        entry: [...own].filter((id) => !shell.has(id)),
        shell: [...shell],
        idle,
        toolKit: [...toolKit],
        pageKit,
        mantineClasses: mantineClassesIn(chunks.map((chunk) => chunk.code).join('\n')),
      });
    },
  };
}

/** The same for the compute worker's own bundle (built with the page's build). */
function recordComputeKit(): Plugin {
  return {
    name: 'toolbox:record-compute-kit',
    apply: 'build',
    generateBundle(_options, bundle) {
      const { chunks, closure } = chunkGraph(bundle);
      const entry = chunks.find((chunk) => chunk.isEntry);
      if (!entry || !/compute\.worker/.test(entry.facadeModuleId ?? '')) return;
      const own = new Set(Object.keys(entry.modules));
      const computes = chunks.filter((chunk) => chunk.isDynamicEntry && isCompute(chunk.facadeModuleId));
      const computeKit = [
        ...kitOf(
          computes.map((compute) => closure(compute.fileName)),
          own,
          (id) => this.getModuleInfo(id)?.importedIds ?? [],
          (id) => this.getModuleInfo(id)?.importers ?? [],
        ),
        // What the entry imports from chunks of their own (comlink): one file with the rest.
        ...[...closure(entry.fileName).keys()].filter((id) => !own.has(id)),
      ];
      writeRecorded({ ...readRecorded(), computeKit });
    },
  };
}

const COMPUTE_CHUNKS = fileURLToPath(new URL(COMPUTE_CHUNKS_FILE, import.meta.url));

/**
 * The compute worker's chunk of each tool's compute, by slug, with the chunks it imports (its files,
 * the compute's own first): scripts/prerender.mjs names the tool's on a page whose form the page
 * answers, which runs it before the app starts (src/early-computes.ts, decision 093).
 */
function recordComputeChunks(): Plugin {
  return {
    name: 'toolbox:record-compute-chunks',
    apply: 'build',
    generateBundle(_options, bundle) {
      const { chunks, files } = chunkGraph(bundle);
      const computes = chunks.filter((chunk) => chunk.isDynamicEntry && isCompute(chunk.facadeModuleId));
      if (computes.length === 0) return;
      const bySlug = Object.fromEntries(
        computes.map((chunk) => [
          /[\\/]plugins[\\/]([a-z0-9-]+)[\\/]compute\.ts$/.exec(chunk.facadeModuleId ?? '')?.[1],
          files(chunk.fileName),
        ]),
      );
      mkdirSync(dirname(COMPUTE_CHUNKS), { recursive: true });
      writeFileSync(COMPUTE_CHUNKS, JSON.stringify(bySlug));
    },
  };
}

const NOTHING_RECORDED: Recorded = {
  entry: [],
  shell: [],
  idle: [],
  toolKit: [],
  pageKit: [],
  computeKit: [],
  mantineClasses: [],
};
const readRecorded = (): Recorded =>
  existsSync(SHELL_MODULES)
    ? { ...NOTHING_RECORDED, ...JSON.parse(readFileSync(SHELL_MODULES, 'utf8')) }
    : NOTHING_RECORDED;
// The worker's bundle is recorded first, before the build has made any folder of its own.
const writeRecorded = (recorded: Recorded) => {
  mkdirSync(dirname(SHELL_MODULES), { recursive: true });
  writeFileSync(SHELL_MODULES, JSON.stringify(recorded));
};

export default defineConfig(({ isSsrBuild, mode }) => {
  const scan = mode === 'shell-scan';
  const recorded = !scan && !isSsrBuild ? readRecorded() : NOTHING_RECORDED;
  const entry = new Set(recorded.entry);
  const shell = new Set(recorded.shell);
  const idle = new Set(recorded.idle);
  const toolKit = new Set(recorded.toolKit);
  const pageKit = new Set(recorded.pageKit);
  const computeKit = new Set(recorded.computeKit);
  const mantineClasses = new Set(recorded.mantineClasses);
  const licences = bundledLicences();
  return {
    plugins: [
      stableMantineIds(),
      staticMantineCssVariables(),
      lightVariantColors(),
      registryEntries(),
      react(),
      ...(scan ? [recordShellModules()] : isSsrBuild ? [] : [licences.app()]),
    ],
    css: {
      postcss: {
        plugins: [
          mantinePreset(),
          simpleVars({
            variables: {
              'mantine-breakpoint-xs': '36em',
              'mantine-breakpoint-sm': '48em',
              'mantine-breakpoint-md': '62em',
              'mantine-breakpoint-lg': '75em',
              'mantine-breakpoint-xl': '88em',
            },
          }),
          ...(mantineClasses.size === 0 ? [] : [unusedMantineRules({ used: mantineClasses })]),
        ],
      },
    },
    resolve: {
      alias: {
        // React 19 has useSyncExternalStore: TanStack Store's selector hook needs no shim for it.
        'use-sync-external-store/shim/with-selector': 'use-sync-external-store/with-selector',
      },
    },
    worker: {
      // The default 'iife' inlines the worker's dynamic imports: every compute would land in one file.
      format: 'es',
      plugins: () =>
        scan ? [recordComputeKit()] : isSsrBuild ? [] : [recordComputeChunks(), licences.worker()],
      rolldownOptions: {
        optimization: INLINE_CONSTANTS,
        output: {
          // The worker's chunks kept their libraries' `/* @__PURE__ */` marks, of no use once bundled
          // (the app's own chunks drop them): about 0.1 KB brotli of the compute kit alone. Nor do they
          // carry licence comments: the licences are in one file (bundledLicences).
          comments: { legal: false, annotation: false, jsdoc: false },
          ...(computeKit.size === 0
            ? {}
            : {
                codeSplitting: {
                  groups: [{ name: 'compute-kit', test: (id: string) => computeKit.has(id) }],
                },
              }),
        },
      },
    },
    build: {
      outDir: scan ? 'node_modules/.shell-scan' : 'dist',
      emptyOutDir: true,
      minify: !scan,
      // Every browser the app supports has modulepreload.
      modulePreload: { polyfill: false },
      // The manifest tells scripts/prerender.mjs which chunks a page's view needs (it deletes it after).
      manifest: true,
      rolldownOptions:
        shell.size === 0
          ? {}
          : {
              optimization: INLINE_CONSTANTS,
              output: {
                codeSplitting: {
                  groups: [
                    // Kept from the shell, which would otherwise take them as what its modules import.
                    { name: 'entry', test: (id: string) => entry.has(id), priority: 20 },
                    // React apart from the rest of the shell (REACT).
                    { name: 'react', test: (id: string) => shell.has(id) && REACT.test(id), priority: 15 },
                    { name: 'shell', test: (id: string) => shell.has(id), priority: 10 },
                    { name: 'idle', test: (id: string) => idle.has(id), priority: 7 },
                    { name: 'tool-kit', test: (id: string) => toolKit.has(id), priority: 5 },
                    { name: 'page-kit', test: (id: string) => pageKit.has(id), priority: 4 },
                  ],
                },
              },
            },
    },
    server: { proxy: { '/api': 'http://localhost:3000' } },
    preview: { proxy: { '/api': 'http://localhost:3000' } },
  };
});
