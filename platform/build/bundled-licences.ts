import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin, Rolldown } from 'vite';
// By path, not by package name: Vite loads its config with the workspace's packages left to Node,
// which runs no TypeScript.
import { LICENCES_FILE } from '../../sdk/src/page-files';

/** One bundled library: its name, version, licence and the text of its licence file. */
export interface Licence {
  name: string;
  version: string;
  identifier?: string;
  text?: string;
}

/** The folder of the package a bundled module comes from: the last `node_modules/<name>` of its path. */
export function packageDirOf(moduleId: string): string | undefined {
  if (moduleId.startsWith('\0')) return undefined;
  return /^(.*[\\/]node_modules[\\/](?:@[^\\/]+[\\/])?[^\\/]+)[\\/]/.exec(moduleId)?.[1];
}

/** The licence of the package in `dir`, from its package.json and its LICENSE (LICENCE, COPYING) file. */
export function licenceOf(dir: string): Licence {
  const { name, version = '0.0.0', license } = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8'));
  const file = readdirSync(dir).find((entry) => /^(licen[cs]e|copying)(\.|-|$)/i.test(entry));
  return {
    name,
    version,
    ...(typeof license === 'string' ? { identifier: license.trim() } : {}),
    ...(file ? { text: readFileSync(join(dir, file), 'utf8').trim() } : {}),
  };
}

/** The file's text: each library under its name, version and licence, with its licence's text. */
export function licencesText(licences: Licence[]): string {
  const sorted = [...licences].sort((a, b) => a.name.localeCompare(b.name, 'en'));
  const parts = sorted.map(({ name, version, identifier, text }) =>
    [`${name} ${version}${identifier ? ` (${identifier})` : ''}`, text].filter(Boolean).join('\n\n'),
  );
  return `The app bundles these libraries, under these licences.\n\n${parts.join(`\n\n${'-'.repeat(72)}\n\n`)}\n`;
}

/**
 * The app's chunks carry no licence comments: the licences of every library in them, the workers'
 * bundles included, are in one file (LICENCES_FILE). `worker` goes in the worker's plugins, `app` in
 * the app's: the workers are bundled while the app is, before its bundle is written.
 */
export function bundledLicences(): { worker: () => Plugin; app: () => Plugin } {
  const packages = new Set<string>();
  const record = (bundle: Rolldown.OutputBundle) => {
    for (const item of Object.values(bundle))
      if (item.type === 'chunk')
        for (const id of item.moduleIds) {
          const dir = packageDirOf(id);
          if (dir) packages.add(dir);
        }
  };
  return {
    worker: () => ({
      name: 'toolbox:worker-licences',
      apply: 'build',
      generateBundle: (_, bundle) => record(bundle),
    }),
    app: () => ({
      name: 'toolbox:bundled-licences',
      apply: 'build',
      generateBundle(_, bundle) {
        record(bundle);
        // One entry a version: a package installed in two places is listed once.
        const licences = new Map([...packages].map(licenceOf).map((l) => [`${l.name}@${l.version}`, l]));
        this.emitFile({
          type: 'asset',
          fileName: LICENCES_FILE,
          source: licencesText([...licences.values()]),
        });
      },
    }),
  };
}
