/**
 * A built tool page served as a plain static site, for `npm run bench:steps` (STEPS_PLAIN=1) to
 * tell what the page itself costs from what the app's way of serving it costs (decision 102).
 * The prerendered page is served at its path, with an ETag (so a reload is a 304) and no-cache.
 * The built files under /assets/ are served immutable. The build's brotli or gzip copy is sent as
 * the request accepts, chosen as the app chooses. Nothing else is served: no sw.js (so no service
 * worker), no API, and none of the app's response headers but the opener policy, when asked for.
 * Each file is read once: the build does not change during a bench.
 */
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { join, normalize } from 'node:path';
import { pickEncoding } from '@toolbox/api/http/compress-json';
import { getMimeType } from 'hono/utils/mime';
import { listenOnLoopback } from '../support/loopback-server';

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

/** A built file as read once: its bytes, its precompressed copies (where built) and its ETag. */
interface BuiltFile {
  identity: Buffer;
  br?: Buffer;
  gzip?: Buffer;
  etag: string;
}

const readBuiltFile = async (file: string): Promise<BuiltFile> => {
  const [identity, br, gzip] = await Promise.all(
    ['', '.br', '.gz'].map((suffix) => readFile(`${file}${suffix}`).catch(() => undefined)),
  );
  if (!identity) throw new Error(`no such file: ${file}`);
  return { identity, br, gzip, etag: `"${createHash('sha1').update(identity).digest('base64url')}"` };
};

/** Serves `options.page` from `options.staticDir` on a free loopback port. */
export async function servePlainPage(options: PlainPageOptions): Promise<PlainPageServer> {
  const files = new Map<string, Promise<BuiltFile>>();
  const built = (file: string) => {
    const known = files.get(file);
    if (known) return known;
    const read = readBuiltFile(file);
    files.set(file, read);
    return read;
  };

  async function answer(request: IncomingMessage, response: ServerResponse) {
    const path = normalize(new URL(request.url ?? '/', 'http://localhost').pathname);
    const isPage = path === `/${options.page}`;
    const mimeType = isPage ? getMimeType('page.html') : getMimeType(path);
    if (!isPage && !(path.startsWith('/assets/') && mimeType)) return response.writeHead(404).end();
    const file = await built(
      isPage ? join(options.staticDir, 'pages', `${options.page}.html`) : join(options.staticDir, path),
    );
    const headers: Record<string, string> = {
      vary: 'Accept-Encoding',
      ...(isPage
        ? {
            'cache-control': 'no-cache',
            etag: file.etag,
            ...(options.openerPolicy ? { 'cross-origin-opener-policy': 'same-origin' } : {}),
          }
        : { 'cache-control': 'public, max-age=31536000, immutable' }),
    };
    if (isPage && request.headers['if-none-match'] === file.etag)
      return response.writeHead(304, headers).end();
    const encoding = pickEncoding(request.headers['accept-encoding']);
    const body = (encoding && file[encoding]) || file.identity;
    if (body !== file.identity && encoding) headers['content-encoding'] = encoding;
    response.writeHead(200, { ...headers, 'content-type': mimeType ?? 'application/octet-stream' }).end(body);
  }

  const server = createServer((request, response) => {
    answer(request, response).catch(() => {
      if (!response.headersSent) response.writeHead(404);
      response.end();
    });
  });
  const listening = await listenOnLoopback(server);
  return { url: `http://127.0.0.1:${listening.port}/${options.page}`, close: listening.close };
}
