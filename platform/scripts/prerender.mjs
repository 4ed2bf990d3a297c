// Runs after `vite build` (npm run build): builds src/prerender.tsx for Node, renders every public
// page of the app with it (Home, every tool, the public pages of page plugins) and writes each into
// a copy of the built index.html as dist/pages/<path>.html (dist/pages/index.html for `/`), with its
// title, description and a modulepreload of its view's chunks. The server sends that file for the
// path (api/src/http/static.ts); the browser hydrates it (src/main.tsx). It also writes the 404 page
// (dist/pages/404.html) and the route patterns of the app (dist/pages/routes.json): the server sends
// that page, with status 404, for a path no route matches. index.html stays the empty shell for the
// app's other paths. A page that fails to render is reported and left to the shell.
import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build } from 'vite';

const platform = fileURLToPath(new URL('..', import.meta.url));
const dist = join(platform, 'dist');
const ssrOut = join(platform, 'node_modules', '.prerender');

await build({
  root: platform,
  configFile: join(platform, 'vite.config.ts'),
  logLevel: 'warn',
  build: { ssr: 'src/prerender.tsx', outDir: ssrOut, emptyOutDir: true, manifest: true, minify: false },
  ssr: { noExternal: [/^@toolbox\//, /^@mantine\//, /^@tabler\//] },
});

const clientManifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const ssrManifest = JSON.parse(readFileSync(join(ssrOut, '.vite', 'manifest.json'), 'utf8'));
// By file name alone: the loader's import is relative to the chunk it sits in, which may be in assets/.
const baseName = (file) => file.slice(file.lastIndexOf('/') + 1);
const sourceOfSsrFile = new Map(
  Object.entries(ssrManifest).map(([source, chunk]) => [baseName(chunk.file), source]),
);

/** The client files (the chunk and its static imports, depth first) of a lazy loader's module. */
function chunksOf(loader) {
  const imported = /import\(\s*["']([^"']+)["']\s*\)/.exec(String(loader))?.[1];
  const source = imported && sourceOfSsrFile.get(baseName(imported));
  const files = new Set();
  const visit = (key) => {
    const chunk = clientManifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const next of chunk.imports ?? []) visit(next);
  };
  if (source) visit(source);
  return [...files];
}

const { pagesToPrerender, renderPage, routePatterns, NOT_FOUND_PAGE, NOT_FOUND_MARK } = await import(
  pathToFileURL(join(ssrOut, 'prerender.js')).href
);
const template = readFileSync(join(dist, 'index.html'), 'utf8');
const alreadyLinked = new Set([...template.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((m) => m[1]));
const escapeHtml = (text) =>
  text.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]);

rmSync(join(dist, 'pages'), { recursive: true, force: true });
let written = 0;
const failed = [];
const notFound = { ...NOT_FOUND_PAGE, mark: NOT_FOUND_MARK };
for (const page of [...pagesToPrerender(), notFound]) {
  let body;
  try {
    body = await renderPage(page.path);
  } catch (error) {
    failed.push(`${page.path}: ${error instanceof Error ? error.message : error}`);
    continue;
  }
  const preloads = (page.view ? chunksOf(page.view) : [])
    .filter((file) => !alreadyLinked.has(file))
    .map((file) =>
      file.endsWith('.css')
        ? `<link rel="stylesheet" crossorigin href="/${file}">`
        : `<link rel="modulepreload" crossorigin href="/${file}">`,
    )
    .join('\n    ');
  let html = template
    .replace(/<title>[^<]*<\/title>/, `<title>${escapeHtml(page.title)}</title>`)
    .replace(
      '<div id="root"></div>',
      `<div id="root" data-prerendered="${escapeHtml(page.mark ?? page.path)}">${body}</div>`,
    );
  if (page.description) {
    html = html.replace(
      /<meta name="description" content="[^"]*" \/>/,
      `<meta name="description" content="${escapeHtml(page.description)}" />`,
    );
  }
  if (preloads) html = html.replace('</head>', `  ${preloads}\n  </head>`);
  const file = join(
    dist,
    'pages',
    page.file ?? (page.path === '/' ? 'index.html' : `${page.path.slice(1)}.html`),
  );
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, html);
  written += 1;
}
// The paths the app knows: the server answers any other one with pages/404.html and status 404.
writeFileSync(join(dist, 'pages', 'routes.json'), JSON.stringify(routePatterns()));
rmSync(join(dist, '.vite'), { recursive: true, force: true });
console.log(`prerendered ${written} pages`);
for (const failure of failed) console.warn(`not prerendered (the shell answers instead): ${failure}`);
