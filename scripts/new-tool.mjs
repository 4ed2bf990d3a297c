#!/usr/bin/env node
// Scaffolds a tool plugin: `npm run new-tool -- <slug> [--label "Label"] [--category Math]`.
// Writes plugins/<slug>/{manifest.ts,compute.ts,compute.test.ts,view.tsx}; the registry finds the folder by itself.
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
// The one list of categories is the SDK's (this plain script cannot import TypeScript).
const CATEGORIES = [
  ...readFileSync(join(root, 'sdk', 'src', 'categories.ts'), 'utf8')
    .match(/CATEGORIES = \[([^\]]*)\]/)[1]
    .matchAll(/'([^']+)'/g),
].map((match) => match[1]);

function fail(message) {
  console.error(`new-tool: ${message}`);
  process.exit(1);
}

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { label: { type: 'string' }, category: { type: 'string', default: 'Utilities' } },
});
const slug = positionals[0];
if (!slug) fail('usage: npm run new-tool -- <slug> [--label "My Tool"] [--category Math]');
if (!/^[a-z0-9]+(-[a-z0-9]+)*$/.test(slug))
  fail(`"${slug}" is not a kebab-case slug (like "tip-calculator")`);
if (slug.startsWith('_')) fail('slugs starting with _ are reserved for shared modules');
if (!CATEGORIES.includes(values.category)) fail(`category must be one of: ${CATEGORIES.join(', ')}`);

const folder = join(root, 'plugins', slug);
if (existsSync(folder)) fail(`plugins/${slug} already exists`);

const label =
  values.label ??
  slug
    .split('-')
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join(' ');
const pascal = label
  .replace(/[^A-Za-z0-9]+/g, ' ')
  .split(' ')
  .filter(Boolean)
  .map((w) => w[0].toUpperCase() + w.slice(1))
  .join('');
const templates = join(root, 'scripts', 'templates');

mkdirSync(folder);
for (const file of readdirSync(templates)) {
  const text = readFileSync(join(templates, file), 'utf8')
    .replaceAll('__SLUG__', slug)
    .replaceAll('__LABEL__', label)
    .replaceAll('__CATEGORY__', values.category)
    .replaceAll('__PASCAL__', pascal);
  writeFileSync(join(folder, file.replace(/\.tpl$/, '')), text);
}
console.log(`Created plugins/${slug}/ (manifest.ts, compute.ts, compute.test.ts, view.tsx).
Next: write the compute and its tests (npx vitest run plugins/${slug}), then the view (npm run dev, open /${slug}).`);
