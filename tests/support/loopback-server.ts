/**
 * An HTTP server of the tests listening on a free loopback port: its port and a `close` that ends
 * the connections the browser keeps open (a plain `server.close()` would wait for them).
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface LoopbackServer {
  port: number;
  close(): Promise<void>;
}

export async function listenOnLoopback(server: Server): Promise<LoopbackServer> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
