// The HTTP listener every fake server (and test-local stand-in) runs on: 127.0.0.1, the port asked
// for or a free one, and a stop that waits for the server to close.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeHttp = {
  server: http.Server;
  port: number;
  /** http://<host>:<port>, no trailing slash. */
  url: string;
  /** Stops listening and resolves once the server is closed (idle keep-alive connections are closed too). */
  stop: () => Promise<void>;
};

/**
 * Listens with `handler` on 127.0.0.1 (`port` 0: any free port); fails if the port is taken. Another
 * loopback `host` (127.0.0.2…, all on Linux's lo) gives a fake a host name of its own.
 */
export async function startFakeHttp(handler?: http.RequestListener, port = 0, host = '127.0.0.1'): Promise<FakeHttp> {
  const server = http.createServer(handler);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const actualPort = (server.address() as AddressInfo).port;
  return {
    server,
    port: actualPort,
    url: `http://${host}:${actualPort}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
