// Listens and shuts down gracefully: on close, stop accepting, let in-flight requests finish (idle keep-alive sockets
// are closed at once), then release the rate limiter; a deadline bounds the wait.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RunningServer {
  server: http.Server;
  port: number;
  url: string;
  /** Resolves once every in-flight request has finished (or the deadline passed). */
  close(deadlineMs?: number): Promise<void>;
}

/** Anything with Koa's `callback()`: the API app, or the bench's bare baseline. */
export async function startServer(app: { callback(): http.RequestListener }, port: number, host: string): Promise<RunningServer> {
  const server = http.createServer(app.callback());
  server.keepAliveTimeout = 5_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closing: Promise<void> | null = null;
  return {
    server,
    port: address.port,
    url: `http://${shownHost}:${address.port}`,
    close(deadlineMs = 10_000) {
      closing ??= new Promise<void>((resolve) => {
        const timer = setTimeout(() => {
          server.closeAllConnections();
          resolve();
        }, deadlineMs);
        timer.unref();
        server.close(() => {
          clearTimeout(timer);
          resolve();
        });
        server.closeIdleConnections();
      });
      return closing;
    },
  };
}
