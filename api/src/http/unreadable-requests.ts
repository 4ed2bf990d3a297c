/**
 * Requests that reach Node's HTTP server but cannot become a web `Request` for the app: no `Host`
 * header, a `Host` that is not a host name, a target that is not a path (`*`, `ftp://…`, a
 * backslash before the query), or an `Expect` other than `100-continue`. Node and @hono/node-server answer these
 * with an empty 400 or 417; here they get a JSON `{ error }` like every other refusal, and the
 * connection is closed (decision 118). Requests Node's parser cannot read at all are answered in
 * lingering-close.ts.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { RequestError } from '@hono/node-server';
import { INTERNAL_ERROR } from '../app';

export const UNREADABLE_REQUEST_MESSAGES = {
  noHost: 'The request has no Host header.',
  badHost: 'The request’s Host header is not a host name.',
  badTarget: 'The request’s target or its Host header is not valid.',
  expectation: 'The only expectation this server meets is Expect: 100-continue.',
} as const;

const HEADERS = {
  'Content-Type': 'application/json',
  'Cache-Control': 'no-store',
  'X-Content-Type-Options': 'nosniff',
  Connection: 'close',
} as const;

/** What the request lacks, from @hono/node-server's error while it built the `Request`. */
function messageFor(error: RequestError): string {
  if (error.message === 'Missing host header') return UNREADABLE_REQUEST_MESSAGES.noHost;
  if (error.message === 'Invalid host header') return UNREADABLE_REQUEST_MESSAGES.badHost;
  return UNREADABLE_REQUEST_MESSAGES.badTarget;
}

/**
 * `errorHandler` of @hono/node-server's `getRequestListener`: a request it could not turn into a
 * `Request` gets a 400 saying why. Anything else (the app's own errors are answered by its onError)
 * is a 500, as without a handler.
 */
export function answerUnreadableRequest(error: unknown): Response {
  const [status, message] = error instanceof RequestError ? [400, messageFor(error)] : [500, INTERNAL_ERROR];
  return new Response(JSON.stringify({ error: message }), { status, headers: HEADERS });
}

/** Answers an `Expect` header Node does not meet itself (anything but `100-continue`) with a JSON 417. */
export function answerExpectations(server: Server): void {
  server.on('checkExpectation', (_request: IncomingMessage, response: ServerResponse) => {
    const body = JSON.stringify({ error: UNREADABLE_REQUEST_MESSAGES.expectation });
    response.writeHead(417, { ...HEADERS, 'Content-Length': Buffer.byteLength(body) });
    response.end(body);
  });
}
