/**
 * A refused request reaches its client as a complete HTTP answer (decision 056).
 *
 * Two ways Node's HTTP server drops an answer it has written:
 * - An answer that leaves before the request's body has arrived says `Connection: close` (app.ts),
 *   and Node then destroys the socket as soon as the answer is flushed. The client is still
 *   sending its body: its next write meets a closed socket (EPIPE, or a reset that can take the
 *   unread answer with it), and `fetch` fails instead of showing the 401, 404 or 413.
 * - A request Node cannot parse (headers over its 16 KiB limit, a malformed request line) gets a
 *   bare `431`/`400` status line and the socket is destroyed at once, with the same effect.
 *
 * `closeGently(server)` replaces both with a lingering close, as web servers do: the answer is
 * written whole, then only the sending side is closed (FIN), and what the client still sends is
 * read and thrown away until it closes its side, nothing arrives for LINGER.idleMs, or
 * LINGER.totalMs have passed. Unparsable requests get a JSON answer `{ error }` like any other.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import type { Duplex } from 'node:stream';

export const LINGER = { idleMs: 1000, totalMs: 10_000 } as const;

/** The answers to requests Node's parser refuses, by the parser's error code. */
export const MALFORMED_REQUEST_MESSAGES = {
  headersTooLarge: 'The request headers are too large (at most 16 KiB in all, URL included).',
  timeout: 'The request took too long to arrive.',
  malformed: 'The request is not valid HTTP.',
} as const;

const lingering = new WeakSet<Duplex>();

/** Installs the lingering close on every connection of `server`, and the answers to malformed requests. */
export function closeGently(server: Server): void {
  server.on('connection', (socket: Socket) => {
    const destroySoon = socket.destroySoon.bind(socket);
    // Node calls destroySoon after the last answer of a `Connection: close` connection.
    socket.destroySoon = () => linger(socket, destroySoon);
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => answerMalformed(error, socket));
}

/** Closes the sending side once the answer is out, reads on until the client is done, then closes. */
function linger(socket: Duplex, closeNow: () => void): void {
  if (socket.destroyed) return;
  if (lingering.has(socket)) return;
  lingering.add(socket);
  if (socket.writable) socket.end();
  let lastBytes = bytesRead(socket);
  const idle = setInterval(() => {
    const now = bytesRead(socket);
    if (now === lastBytes) stop();
    lastBytes = now;
  }, LINGER.idleMs);
  const total = setTimeout(stop, LINGER.totalMs);
  idle.unref();
  total.unref();
  function stop() {
    clearInterval(idle);
    clearTimeout(total);
    closeNow();
  }
  // The client closed its side: nothing more will arrive.
  socket.once('end', stop);
  socket.once('close', stop);
  // Whatever still arrives is read and dropped (Node's parser reads it when it owns the socket).
  socket.on('data', () => {});
  socket.resume();
}

function bytesRead(socket: Duplex): number {
  return (socket as Partial<Socket>).bytesRead ?? 0;
}

const STATUS_LINES: Record<number, string> = {
  400: '400 Bad Request',
  408: '408 Request Timeout',
  431: '431 Request Header Fields Too Large',
};

/** A request Node's parser refused: a JSON answer, then the lingering close. */
function answerMalformed(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (lingering.has(socket)) return;
  const answering = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (error.code === 'ECONNRESET' || !socket.writable || answering?.headersSent) {
    socket.destroy();
    return;
  }
  const [status, message] =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? [431, MALFORMED_REQUEST_MESSAGES.headersTooLarge]
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? [408, MALFORMED_REQUEST_MESSAGES.timeout]
        : [400, MALFORMED_REQUEST_MESSAGES.malformed];
  const body = JSON.stringify({ error: message });
  socket.write(
    `HTTP/1.1 ${STATUS_LINES[status]}\r\nContent-Type: application/json\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
  linger(socket, () => socket.destroy());
}
