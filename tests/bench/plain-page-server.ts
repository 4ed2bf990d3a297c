/**
 * A built tool page served as a plain static site, for `npm run bench:steps` (STEPS_PLAIN=1) to
 * tell what the page itself costs from what the app's way of serving it costs (decision 102).
 * The prerendered page is served at its path, with an ETag (so a reload is a 304) and no-cache.
 * The built files under /assets/ are served immutable. Brotli is sent when asked for and built.
 * Nothing else is served: no sw.js (so no service worker), no API, and none of the app's response
 * headers but the opener policy, when asked for.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize } from 'node:path';

export interface PlainPageServer {
  /** The page's address, e.g. `http://127.0.0.1:PORT/bmi-calculator`. */
  url: string;
  close(): Promise<void>;
}

export interface PlainPageOptions {
  /** A built platform folder: `pages/<page>.html` and `assets/`. */
  staticDir: string;
  /** The prerendered page's name, served at `/<page>`. */
  page: string;
  /** Sends `Cross-Origin-Opener-Policy: same-origin` with the page, as the app does. */
  openerPolicy: boolean;
}

const CONTENT_TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
};

/** The file's bytes, brotli-compressed when the request takes brotli and the build has them. */
async function readEncoded(request: IncomingMessage, file: string) {
  if (/\bbr\b/.test(request.headers['accept-encoding'] ?? '')) {
    const compressed = await readFile(`${file}.br`).catch(() => undefined);
    if (compressed) return { body: compressed, encoding: { 'content-encoding': 'br' } };
  }
  return { body: await readFile(file), encoding: {} };
}

async function answer(request: IncomingMessage, response: ServerResponse, options: PlainPageOptions) {
  const path = new URL(request.url ?? '/', 'http://localhost').pathname;
  const vary = { vary: 'Accept-Encoding' };
  if (path === `/${options.page}`) {
    const file = join(options.staticDir, 'pages', `${options.page}.html`);
    const etag = `"${createHash('sha1')
      .update(await readFile(file))
      .digest('base64url')}"`;
    const headers = {
      'cache-control': 'no-cache',
      etag,
      ...vary,
      ...(options.openerPolicy ? { 'cross-origin-opener-policy': 'same-origin' } : {}),
    };
    if (request.headers['if-none-match'] === etag) return response.writeHead(304, headers).end();
    const { body, encoding } = await readEncoded(request, file);
    return response
      .writeHead(200, { ...headers, ...encoding, 'content-type': 'text/html; charset=utf-8' })
      .end(body);
  }
  const asset = normalize(path);
  const type = CONTENT_TYPES[extname(asset)];
  if (asset.startsWith('/assets/') && type) {
    const { body, encoding } = await readEncoded(request, join(options.staticDir, asset));
    return response
      .writeHead(200, {
        'cache-control': 'public, max-age=31536000, immutable',
        'content-type': type,
        ...vary,
        ...encoding,
      })
      .end(body);
  }
  response.writeHead(404).end();
}

/** Serves `options.page` from `options.staticDir` on a free loopback port. */
export async function servePlainPage(options: PlainPageOptions): Promise<PlainPageServer> {
  const server = createServer((request, response) => {
    answer(request, response, options).catch(() => {
      if (!response.headersSent) response.writeHead(404);
      response.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/${options.page}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
