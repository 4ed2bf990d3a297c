// Runs last in `npm run build`: writes a brotli (.br) and a gzip (.gz) copy beside every text file of
// dist (scripts, styles, HTML, the service worker, the manifest, SVG, JSON), at the highest levels,
// once. The server picks one by the request's Accept-Encoding (api/src/http/static.ts); nothing is
// compressed per request.
import { readdirSync, readFileSync, statSync, unlinkSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dist = fileURLToPath(new URL('../dist', import.meta.url));
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml|map|ico)$/;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    // The server's own files (the renderer, decision 161) are never sent.
    if (entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else yield path;
  }
}

let count = 0;
let raw = 0;
let br = 0;
// Copies left by an earlier run first, so none is taken for a file of its own.
for (const path of [...files(dist)]) if (path.endsWith('.br') || path.endsWith('.gz')) unlinkSync(path);
for (const path of [...files(dist)]) {
  if (!COMPRESSIBLE.test(path)) continue;
  const body = readFileSync(path);
  const brotli = brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
  const gzip = gzipSync(body, { level: 9 });
  // Written even when not smaller (a tiny file): every script is then sent as the browser asks.
  writeFileSync(`${path}.br`, brotli);
  writeFileSync(`${path}.gz`, gzip);
  count += 1;
  raw += statSync(path).size;
  br += brotli.length;
  if (process.env.COMPRESS_VERBOSE)
    console.log(relative(dist, path), body.length, brotli.length, gzip.length);
}
console.log(
  `compressed ${count} files: ${(raw / 1024).toFixed(1)} KiB → ${(br / 1024).toFixed(1)} KiB brotli`,
);
