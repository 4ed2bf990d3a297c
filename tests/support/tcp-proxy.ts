/**
 * A TCP proxy on loopback in front of a server (PostgreSQL), that a test can cut and restore:
 * the database "goes away" for the API behind it without touching the real server, which other
 * tests share.
 *
 *   const proxy = await startTcpProxy(5432);   // proxy.port forwards to 127.0.0.1:5432
 *   await proxy.cut();                          // open connections reset, new ones refused
 *   await proxy.restore();                      // accepting again, on the same port
 */
import { connect, createServer, type Server, type Socket } from 'node:net';

export interface TcpProxy {
  port: number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(targetPort: number, targetHost = '127.0.0.1'): Promise<TcpProxy> {
  const sockets = new Set<Socket>();
  const track = (socket: Socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  };
  const onConnection = (client: Socket) => {
    const upstream = connect(targetPort, targetHost);
    track(client);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on('error', () => upstream.destroy());
    upstream.on('error', () => client.destroy());
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  };
  let server: Server | undefined;
  const listen = (port: number) =>
    new Promise<number>((resolveListen, reject) => {
      const created = createServer(onConnection);
      created.once('error', reject);
      created.listen(port, '127.0.0.1', () => {
        server = created;
        const address = created.address();
        resolveListen(typeof address === 'object' && address ? address.port : port);
      });
    });
  const port = await listen(0);
  const stop = async () => {
    const current = server;
    server = undefined;
    const closed = current
      ? new Promise<void>((resolveClose) => current.close(() => resolveClose()))
      : undefined;
    for (const socket of sockets) socket.resetAndDestroy();
    await closed;
  };
  return {
    port,
    cut: stop,
    async restore() {
      if (!server) await listen(port);
    },
    close: stop,
  };
}
