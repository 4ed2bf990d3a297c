// Runs after `vite build` (npm run build): builds src/prerender.tsx for Node, renders every public
// page of the app with it (Home, every tool, the public pages of page plugins, and once each public
// route with a parameter that names where: decision 140) and writes each into a copy of the built
// index.html as dist/pages/<path>.html (dist/pages/index.html for `/`, dist/pages/<pattern>.html for
// a route's), with its title, description, a modulepreload of its view's chunks and a preload of the
// API reads its views make as they open. The server sends that file for the path
// (api/src/http/static.ts); the browser hydrates it (src/start.tsx, started by src/main.tsx). It
// also writes the 404 page (dist/pages/404.html) and the route patterns of the app
// (dist/pages/routes.json): the server sends that page, with status 404, for a path no route
// matches. index.html stays the empty shell for the app's other paths. A page that fails to render
// is reported and left to the shell. Last, the scripts the pages run as they start get V8's compile
// hint (build/compile-hints.ts).
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
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
  // No public folder: the renderer is a folder of its own in dist (decision 161), never sent.
  publicDir: false,
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
  return filesOf(imported && sourceOfSsrFile.get(baseName(imported)));
}

/**
 * The client files of the module `source` (a key of the client manifest) and of its static imports,
 * their stylesheets included (the page paints with them, not once a script has asked for them).
 */
function filesOf(source) {
  const files = new Set();
  const visit = (key) => {
    const chunk = clientManifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const next of chunk.imports ?? []) visit(next);
  };
  if (source) visit(source);
  return [...files];
}

const {
  pagesToPrerender,
  renderPage,
  routePatterns,
  COMPUTE_CHUNKS_FILE,
  criticalCss,
  withCompileHint,
  DEFERRED_STYLES,
  APP_SCRIPTS,
  PATTERN_READS,
  patternRead,
  escapeHtml,
  pageQueryKeys,
  withHead,
  EARLY_COMPUTES,
  EARLY_FORM,
  NOT_FOUND_PAGE,
  PAGES_DIR,
  READS_QUERY,
  readsQueryValue,
  RENDERED_PAGES_FILE,
  RENDERER_DIR,
  ROUTES_FILE,
  SITEMAP_PAGES_FILE,
} = await import(pathToFileURL(join(ssrOut, 'prerender.js')).href);
/** A modulepreload, or a stylesheet link, for each of `files` (client files, no leading slash). */
const linksTo = (files) =>
  files
    .map((file) =>
      file.endsWith('.css')
        ? `<link rel="stylesheet" crossorigin href="/${file}">`
        : `<link rel="modulepreload" crossorigin href="/${file}">`,
    )
    .join('\n    ');

// The small entry starts the app (src/start.tsx) with a dynamic import. The shell index.html (the
// app's pages that are not prerendered: the app starts at once there) preloads the app's files, so
// that they load beside the entry, not after it.
const built = readFileSync(join(dist, 'index.html'), 'utf8');
const linkedByVite = new Set([...built.matchAll(/(?:src|href)="\/([^"]+)"/g)].map((m) => m[1]));
// The build puts src/start.tsx in the "shell" chunk (vite.config.ts), which the manifest names so.
const shellKey = Object.keys(clientManifest).find(
  (key) => clientManifest[key].name === 'shell' && clientManifest[key].file.endsWith('.js'),
);
const appFiles = filesOf(shellKey).filter((file) => !linkedByVite.has(file));
if (appFiles.length === 0) throw new Error('the client manifest names no shell chunk (src/start.tsx)');
writeFileSync(join(dist, 'index.html'), built.replace('</head>', `  ${linksTo(appFiles)}\n  </head>`));

// A page whose form the page answers before the app starts (src/early-answer.ts) runs its tool's
// compute itself (src/early-computes.ts): the compute worker's chunk of that tool, which the build
// wrote down (vite.config.ts), named in the page and preloaded with the entry.
const computeChunks = JSON.parse(readFileSync(join(platform, COMPUTE_CHUNKS_FILE), 'utf8'));
if (Object.keys(computeChunks).length === 0) throw new Error('the build wrote down no compute chunks');

/** The slug of the tool whose form the page answers before the app starts (src/early-answer.ts), if any. */
const answeredForm = (html) => new RegExp(` ${EARLY_FORM}="([a-z0-9-]+)"`).exec(html)?.[1];

/** The preloads and the named compute of a page whose form the page answers; nothing on another. */
function earlyCompute(html) {
  const slug = answeredForm(html);
  if (!slug) return '';
  const files = computeChunks[slug];
  if (!files) throw new Error(`the build wrote down no compute chunk for ${slug}`);
  const missing = files.filter((file) => !existsSync(join(dist, file)));
  if (missing.length > 0) throw new Error(`${slug}: the compute chunks ${missing} are not in the build`);
  const named = JSON.stringify({ [slug]: `/${files[0]}` });
  return `${linksTo(files)}\n    <script type="application/json" ${EARLY_COMPUTES}>${named}</script>\n    `;
}

/**
 * A prerendered page whose form the page answers fetches nothing but its entry (with its tool's
 * compute, above) before the visitor uses it (src/app-files.ts): the CSS its first paint needs is
 * inlined, its stylesheets are listed in a `<noscript>` (applied there without scripts, loaded by
 * the app when it starts), and the app's scripts for the page (the shell, the view and what they
 * import) in a JSON list the app preloads when it starts. Any other page starts the app at once
 * (src/main.tsx), and nothing on it works before: it preloads those scripts with the entry, in its
 * `<head>` (decision 138). `data` are the API reads the page asks for with itself, `patternReads`
 * those of a route's page with the route's parameters in (decision 141).
 */
function pageAssets(html, files, data, patternReads) {
  const styles = [
    ...[...built.matchAll(/<link rel="stylesheet" crossorigin href="\/([^"]+\.css)">/g)].map(
      ([, file]) => file,
    ),
    ...files.filter((file) => file.endsWith('.css')),
  ].filter((file, index, all) => all.indexOf(file) === index);
  const scripts = [...new Set(files)].filter((file) => file.endsWith('.js') && !linkedByVite.has(file));
  const css = criticalCss(
    html,
    styles.map((file) => readFileSync(join(dist, file), 'utf8')),
  );
  const links = styles.map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`).join('');
  // The app's scripts: listed for the entry where the page answers its form, else preloaded with it.
  const answersItself = answeredForm(html) !== undefined;
  const listed = JSON.stringify(scripts.map((file) => `/${file}`)).replaceAll('<', '\\u003c');
  const list = answersItself ? `\n    <script type="application/json" ${APP_SCRIPTS}>${listed}</script>` : '';
  // A route's page names its reads with the route's parameters in: the entry puts in the path's values.
  const patternListed = JSON.stringify(patternReads).replaceAll('<', '\\u003c');
  const patternList =
    patternReads.length > 0
      ? `\n    <script type="application/json" ${PATTERN_READS}>${patternListed}</script>`
      : '';
  const preloads = answersItself ? '' : `${linksTo(scripts)}\n    `;
  // The API reads the page's views make as they open, asked for as the page arrives (decisions 133, 134).
  const ownReads = data
    .map((path) => `<link rel="preload" as="fetch" crossorigin href="${escapeHtml(path)}">\n    `)
    .join('');
  const early = ownReads + earlyCompute(html) + preloads;
  return html
    .replace(/\s*<link rel="stylesheet" crossorigin href="[^"]+">/g, '')
    .replace(
      '</head>',
      `  ${early}<style>${css}</style>\n    <noscript ${DEFERRED_STYLES}>${links}</noscript>${list}${patternList}\n  </head>`,
    );
}
/**
 * The server's entry for a page it renders with its data (decision 161): a route's pattern's page
 * with the reads it makes at any path of the route (decision 163), each of them, or the build fails.
 */
function renderedEntry(page, data, patternReads) {
  const query = page.readsQuery && { query: [...page.readsQuery] };
  if (!page.mark) return { path: page.path, file: page.file, reads: data, ...query };
  if (patternReads.length !== data.length) {
    throw new Error(`${page.mark}: a read whose query holds a parameter's value cannot be made at each path`);
  }
  return { path: page.mark, file: page.file, reads: patternReads, params: page.params, ...query };
}

rmSync(join(dist, PAGES_DIR), { recursive: true, force: true });
/** The scripts some page runs as it starts: the entry and every page's app scripts. */
const startScripts = new Set([...linkedByVite].filter((file) => file.endsWith('.js')));
let written = 0;
const failed = [];
/** The pages the server renders at each request with their data (decision 161). */
const renderedWithData = [];
/** The pages the sitemap lists (decision 167): a route's pattern with the reads its page makes at each path. */
const listed = [];
for (const page of [...pagesToPrerender(), NOT_FOUND_PAGE]) {
  let body;
  let data;
  let queryKeys;
  try {
    ({ html: body, data, queryKeys } = await renderPage(page.path));
  } catch (error) {
    failed.push(`${page.path}: ${error instanceof Error ? error.message : error}`);
    continue;
  }
  // The keys of the query the page reads: at an address whose query names none, the browser adopts
  // the page as it was rendered (decision 172). The build fails on a key a view reads that its route
  // does not name, or that is a link's tracking tag (decision 171).
  const keys = pageQueryKeys(page, queryKeys);
  const reads = keys ? ` ${READS_QUERY}="${escapeHtml(readsQueryValue(keys))}"` : '';
  let html = withHead(built, page).replace(
    '<div id="root"></div>',
    `<div id="root" data-prerendered="${escapeHtml(page.mark ?? page.path)}"${reads}>${body}</div>`,
  );
  const files = [...appFiles, ...(page.view ? chunksOf(page.view) : [])];
  for (const file of files) if (file.endsWith('.js')) startScripts.add(file);
  // A page answering other paths than the one rendered does not preload that path's reads as they
  // are; a route's page names them with the route's parameters in (src/pattern-reads.ts).
  const patternReads = page.mark?.includes('$')
    ? data.map((read) => patternRead(read, page.mark, page.path)).filter((read) => read !== null)
    : [];
  html = pageAssets(html, files, page.mark ? [] : data, patternReads);
  const file = join(dist, page.file);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, html);
  written += 1;
  if (page.withData) renderedWithData.push(renderedEntry(page, data, patternReads));
  if (page.listed) listed.push(page.mark ? { path: page.mark, reads: patternReads } : { path: page.path });
}
// Compiled while they download rather than function by function as they first run (decision 106).
for (const file of startScripts) {
  const path = join(dist, file);
  writeFileSync(path, withCompileHint(readFileSync(path, 'utf8')));
}
// The paths the app knows: the server answers any other one with pages/404.html and status 404.
writeFileSync(join(dist, ROUTES_FILE), JSON.stringify(routePatterns()));
// The server renders these pages with their data, with this build's renderer, which it never serves.
writeFileSync(join(dist, RENDERED_PAGES_FILE), JSON.stringify(renderedWithData));
// What the sitemap (/sitemap.xml) tells search engines of; the server adds the origin and the posts.
writeFileSync(join(dist, SITEMAP_PAGES_FILE), JSON.stringify(listed));
rmSync(join(dist, RENDERER_DIR), { recursive: true, force: true });
cpSync(ssrOut, join(dist, RENDERER_DIR), { recursive: true, filter: (from) => !from.includes('/.vite') });
rmSync(join(dist, '.vite'), { recursive: true, force: true });
console.log(`prerendered ${written} pages; ${startScripts.size} scripts compiled as they load`);
for (const failure of failed) console.warn(`not prerendered (the shell answers instead): ${failure}`);
