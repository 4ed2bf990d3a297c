// Writes dist/sw.js after `vite build` and the prerender: bundles src/sw.ts (with the Workbox
// runtime inline: the content security policy allows scripts from this origin only) into one
// classic script, then workbox-build's `injectManifest` puts in the list of files to precache: the
// shell, the prerendered pages, the registry and every chunk (each tool's view and compute, the
// compute worker), so every tool works offline after the first visit.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';
import { injectManifest } from 'workbox-build';

const platform = fileURLToPath(new URL('..', import.meta.url));
const dist = join(platform, 'dist');
const bundled = join(platform, 'node_modules', '.sw');
// Where the prerendered pages are: named by the renderer prerender.mjs built and left here.
const { PAGES_DIR, RENDERED_PAGES_FILE, SITEMAP_PAGES_FILE } = await import(
  pathToFileURL(join(platform, 'node_modules', '.prerender', 'prerender.js')).href
);
// Every visitor precaches what is below this size. A very large chunk (a library only a few pages
// use, up to ~2 MB) is left out: it is cached on first use instead (the runtime rule in src/sw.ts),
// and the worker is told which these are (it reads the others straight from the precache).
const PRECACHE_LIMIT = 512 * 1024;
const notPrecachedAssets = readdirSync(join(dist, 'assets'))
  .filter((file) => !/\.(?:br|gz)$/.test(file) && statSync(join(dist, 'assets', file)).size > PRECACHE_LIMIT)
  .map((file) => `/assets/${file}`);

// The pages the server renders with their data (src/sw.ts asks the server for them first).
const renderedPages = JSON.parse(readFileSync(join(dist, RENDERED_PAGES_FILE), 'utf8'));

// Names the cache of pages stored by path (src/sw.ts): a new deployment's pages get a new one.
const pagesRevision = createHash('sha256');
for (const file of readdirSync(join(dist, PAGES_DIR), { recursive: true }).map(String).sort()) {
  if (file.endsWith('.html')) pagesRevision.update(file).update(readFileSync(join(dist, PAGES_DIR, file)));
}

await build({
  configFile: false,
  root: platform,
  logLevel: 'warn',
  publicDir: false,
  // Workbox logs only when this is not 'production'.
  define: {
    'process.env.NODE_ENV': JSON.stringify('production'),
    NOT_PRECACHED_ASSETS: JSON.stringify(notPrecachedAssets),
    RENDERED_PAGES: JSON.stringify(renderedPages),
    PAGES_REVISION: JSON.stringify(pagesRevision.digest('hex').slice(0, 12)),
  },
  build: {
    outDir: bundled,
    emptyOutDir: true,
    // A service worker registered without `type: 'module'` (src/register-sw.tsx) is a classic script.
    rolldownOptions: {
      input: join(platform, 'src', 'sw.ts'),
      output: { format: 'iife', entryFileNames: 'sw.js' },
    },
  },
});

const { count, size, warnings } = await injectManifest({
  swSrc: join(bundled, 'sw.js'),
  swDest: join(dist, 'sw.js'),
  globDirectory: dist,
  globPatterns: ['**/*.{html,js,css,svg,png,ico,webmanifest,woff2,json}'],
  // The server's list for /sitemap.xml: no page reads it.
  globIgnores: [SITEMAP_PAGES_FILE],
  maximumFileSizeToCacheInBytes: PRECACHE_LIMIT,
  // Vite's hashed file names already change with their content.
  dontCacheBustURLsMatching: /^assets\//,
});

for (const warning of warnings) console.warn(warning);
console.log(`sw.js: ${count} files precached, ${(size / 1024).toFixed(1)} KiB`);
