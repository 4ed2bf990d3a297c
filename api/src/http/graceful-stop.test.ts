import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { type AddressInfo, connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { FIRST_REQUEST_GRACE_MS, followConnections } from './graceful-stop';
import { closeGently } from './lingering-close';

const BIG = Buffer.alloc(8 * 1024 * 1024, 'x');
const servers: Server[] = [];
const sockets: Socket[] = [];

/** A server as server.ts sets it up: `/big` answers 8 MB, anything else a short text. */
async function listening() {
  const server = createServer((request, response) => {
    response.end(request.url === '/big' ? BIG : 'short');
  });
  servers.push(server);
  closeGently(server);
  const connections = followConnections(server);
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  return { server, connections, port: (server.address() as AddressInfo).port };
}

/** A connection the server has taken up. */
async function connected(server: Server, port: number): Promise<Socket> {
  const socket = connect(port, '127.0.0.1');
  sockets.push(socket);
  await Promise.all([once(server, 'connection'), once(socket, 'connect')]);
  return socket;
}

/** What the server sends on `socket` until it closes its side, and whether that came with an error. */
function received(socket: Socket): Promise<{ bytes: number; text: string; error?: string }> {
  const chunks: Buffer[] = [];
  let error: string | undefined;
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.on('error', (e: NodeJS.ErrnoException) => {
    error = e.code;
  });
  return new Promise((resolve) =>
    socket.once('close', () => {
      const all = Buffer.concat(chunks);
      resolve({ bytes: all.length, text: all.subarray(0, 200).toString(), error });
    }),
  );
}

const get = (path: string) => `GET ${path} HTTP/1.1\r\nHost: test\r\n\r\n`;
/** Resolves once the server's handler has ended its answer (its own listener runs first). */
const answerEnded = (server: Server) =>
  new Promise<void>((resolve) => server.once('request', () => resolve()));

describe('followConnections', () => {
  afterEach(() => {
    for (const socket of sockets.splice(0)) socket.destroy();
    for (const server of servers.splice(0)) if (server.listening) server.close();
  });

  it('lets an answer still being written out when the stop comes arrive whole', async () => {
    const { server, connections, port } = await listening();
    const socket = await connected(server, port);
    socket.pause(); // a client that has not read its answer yet
    const ended = answerEnded(server);
    socket.write(get('/big'));
    await ended; // most of it still waits to be written out
    const stopped = connections.stop();
    const answer = received(socket);
    socket.resume();
    const { bytes, error } = await answer;
    expect(error).toBeUndefined();
    expect(bytes).toBeGreaterThan(BIG.length);
    await stopped;
  });

  it('closes a connection waiting for its next request at once, and refuses new ones', async () => {
    const { server, connections, port } = await listening();
    const socket = await connected(server, port);
    const answer = received(socket);
    socket.write(get('/'));
    await new Promise((resolve) => socket.once('data', resolve));
    const started = performance.now();
    await connections.stop();
    expect(performance.now() - started).toBeLessThan(FIRST_REQUEST_GRACE_MS);
    expect((await answer).text).toMatch(/^HTTP\/1\.1 200 OK[\s\S]*short$/);
    const refused = connect(port, '127.0.0.1');
    sockets.push(refused);
    const [error] = (await once(refused, 'error')) as [NodeJS.ErrnoException];
    expect(error.code).toBe('ECONNREFUSED');
  });

  it('answers a connection taken up before the stop whose first request comes just after it', async () => {
    const { server, connections, port } = await listening();
    const socket = await connected(server, port);
    const answer = received(socket);
    const stopped = connections.stop();
    socket.write(get('/'));
    expect((await answer).text).toMatch(/^HTTP\/1\.1 200 OK[\s\S]*short$/);
    await stopped;
  });

  it('closes a connection that sends no request within the grace', async () => {
    const { server, connections, port } = await listening();
    const socket = await connected(server, port);
    const answer = received(socket);
    const started = performance.now();
    await connections.stop();
    expect(performance.now() - started).toBeGreaterThanOrEqual(FIRST_REQUEST_GRACE_MS - 50);
    expect((await answer).bytes).toBe(0);
  });

  it('answers connections the system completed before the stop that Node had not yet taken up', async () => {
    const { server, connections, port } = await listening();
    let taken = 0;
    server.on('connection', () => {
      taken += 1;
    });
    const clients = Array.from({ length: 20 }, () => {
      const socket = connect(port, '127.0.0.1');
      sockets.push(socket);
      return socket;
    });
    await Promise.all(clients.map((socket) => once(socket, 'connect')));
    const answers = clients.map((socket) => {
      socket.write(get('/'));
      return received(socket);
    });
    expect(taken).toBeLessThan(clients.length); // some still wait in the system's queue
    await connections.stop();
    for (const answer of await Promise.all(answers)) expect(answer.text).toMatch(/^HTTP\/1\.1 200 OK/);
  });
});
