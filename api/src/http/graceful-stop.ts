/**
 * Stops an HTTP server without cutting an answer on its way out.
 *
 * Node's `server.close()` (Node 19 on) also destroys at once every connection it counts as idle,
 * and it counts one whose answer has been ended as idle even while that answer is still being
 * written out: a large answer the client is still reading (a page of 100 posts, a converted file)
 * is cut short. Measured: 3.9 of 8 MB arrived. And Node takes up one new connection per turn of
 * its event loop: when the stop comes while the loop is busy, connections the system has already
 * completed wait in its queue (42–47 of 50 at times in the SIGTERM case of `npm run reliability`),
 * and closing the listening socket resets them, their requests sent.
 *
 * `followConnections(server)` notes each connection's answers from the start; its `stop()` takes
 * up the waiting connections first (turns of the loop until one takes up none, TAKE_UP_MS at most),
 * then stops accepting (the plain `net.Server` close, without Node's cut) and closes each
 * connection once nothing is on its way:
 * - one waiting for a next request at once;
 * - one being answered once its answer is written (the draining app says `Connection: close`);
 * - one that has not sent its first request yet once it has been answered, or after
 *   FIRST_REQUEST_GRACE_MS without one (its request may already be on its way).
 * Each closes by `destroySoon`, which lingering-close.ts makes a lingering close.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

export const FIRST_REQUEST_GRACE_MS = 1000;
/** At most this long is spent taking up the connections waiting to be accepted when a stop comes. */
export const TAKE_UP_MS = 2000;

export interface FollowedConnections {
  /** Stops accepting and closes each connection as above; resolves once every one has closed. */
  stop(): Promise<void>;
}

interface ConnectionState {
  /** Requests read whose answers are not yet written out. */
  answering: number;
  answered: boolean;
}

export function followConnections(server: Server): FollowedConnections {
  const connections = new Map<Socket, ConnectionState>();
  let stopping = false;
  /** Connections taken up so far. */
  let accepted = 0;
  const closeWhenQuiet = (socket: Socket, state: ConnectionState) => {
    if (stopping && state.answering === 0 && state.answered) socket.destroySoon();
  };
  server.on('connection', (socket: Socket) => {
    accepted += 1;
    connections.set(socket, { answering: 0, answered: false });
    socket.once('close', () => connections.delete(socket));
  });
  server.on('request', (request: IncomingMessage, response: ServerResponse) => {
    const socket = request.socket;
    const state = connections.get(socket);
    if (!state) return;
    state.answering += 1;
    let done = false;
    const written = () => {
      if (done) return;
      done = true;
      state.answering -= 1;
      state.answered = true;
      closeWhenQuiet(socket, state);
    };
    response.once('finish', written);
    response.once('close', written);
  });
  return {
    async stop() {
      stopping = true;
      // The connections waiting in the system's queue, one per turn (above).
      const deadline = Date.now() + TAKE_UP_MS;
      for (let before = -1; before !== accepted && Date.now() < deadline; ) {
        before = accepted;
        await new Promise((resolveTurn) => setImmediate(() => setImmediate(resolveTurn)));
      }
      const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
      for (const [socket, state] of connections) {
        if (state.answered) closeWhenQuiet(socket, state);
        else {
          const grace = setTimeout(() => {
            if (!state.answered && state.answering === 0) socket.destroySoon();
          }, FIRST_REQUEST_GRACE_MS);
          grace.unref();
          socket.once('close', () => clearTimeout(grace));
        }
      }
      // Node's own close once nothing is left: it stops the server's checks of request time-outs,
      // which went on meanwhile (and emits `close` a second time).
      await closed;
      server.close(() => {});
    },
  };
}
