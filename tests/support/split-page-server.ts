/**
 * A server on loopback in front of the app that sends one page's HTML in two parts, a pause apart,
 * as a slow network delivers a long page: the browser has the first part (the head and the start of
 * the body) well before the rest. Every other request is passed to the app as it is.
 *
 *   const split = await serveSplitPage(app.url, '/', { splitAt: (html) => html.indexOf('<main'), pauseMs: 400 });
 *   await page.goto(`${split.url}/`);
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { listenOnLoopback } from './loopback-server';

export interface SplitPageServer {
  url: string;
  close(): Promise<void>;
}

/** Headers that no longer describe a body read (and decoded) by fetch. */
const BODY_FRAMING = new Set(['content-encoding', 'content-length', 'transfer-encoding', 'connection']);

export async function serveSplitPage(
  appUrl: string,
  path: string,
  {
    splitAt,
    pauseMs,
  }: {
    /** Where the second part begins: an index into the page's HTML. */
    splitAt: (html: string) => number;
    pauseMs: number;
  },
): Promise<SplitPageServer> {
  const pending = new Set<ReturnType<typeof setTimeout>>();

  async function answer(request: IncomingMessage, response: ServerResponse) {
    const upstream = await fetch(new URL(request.url ?? '/', appUrl), {
      method: request.method,
      headers: { accept: request.headers.accept ?? '*/*', 'accept-encoding': 'identity' },
      redirect: 'manual',
    });
    const headers = Object.fromEntries(
      [...upstream.headers].filter(([name]) => !BODY_FRAMING.has(name.toLowerCase())),
    );
    const body = Buffer.from(await upstream.arrayBuffer());
    if (new URL(request.url ?? '/', 'http://localhost').pathname !== path) {
      response.writeHead(upstream.status, headers).end(body);
      return;
    }
    const html = body.toString('utf8');
    const at = splitAt(html);
    if (at <= 0 || at >= html.length) throw new Error(`no place to split ${path} at (${at})`);
    response.writeHead(upstream.status, headers);
    response.write(html.slice(0, at));
    const timer = setTimeout(() => {
      pending.delete(timer);
      response.end(html.slice(at));
    }, pauseMs);
    pending.add(timer);
  }

  const server = createServer((request, response) => {
    answer(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(502);
      response.end(String(error));
    });
  });
  const listening = await listenOnLoopback(server);
  return {
    url: `http://127.0.0.1:${listening.port}`,
    close: () => {
      for (const timer of pending) clearTimeout(timer);
      return listening.close();
    },
  };
}
