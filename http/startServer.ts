// Listens and shuts down gracefully: on close, stop accepting, let in-flight requests finish (idle keep-alive sockets
// are closed at once), then release the rate limiter; a deadline bounds the wait. Requests Node refuses before the
// app sees them (malformed request line, headers too large) are answered with the spec's `{ error }` body, and CONNECT
// (which Node hands to a separate event) goes through the app like any other method, so it gets a proper answer.
import http from 'node:http';
import { Socket, type AddressInfo } from 'node:net';
import type { Duplex } from 'node:stream';

export interface RunningServer {
  server: http.Server;
  port: number;
  url: string;
  /** Resolves once every in-flight request has finished (or the deadline passed). */
  close(deadlineMs?: number): Promise<void>;
}

/** Anything with Koa's `callback()`: the API app, or the bench's bare baseline. */
export async function startServer(app: { callback(): http.RequestListener }, port: number, host: string): Promise<RunningServer> {
  const listener = app.callback();
  const server = http.createServer(listener);
  // idle keep-alive sockets live longer than a client's pause between two requests: a client (undici, a proxy) that
  // reuses a socket the server is closing at that instant gets a reset before its request is read, and a busy client's
  // event loop can miss the server's 5 s hint; 65 s is the usual setting behind load balancers (their 60 s idle < ours)
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  server.on('clientError', answerClientError);
  server.on('connect', (req: http.IncomingMessage, socket: Duplex) => {
    // node hands CONNECT a net.Socket typed as Duplex; anything else cannot carry an HTTP response
    if (!(socket instanceof Socket)) { socket.destroy(); return; }
    const res = new http.ServerResponse(req);
    res.assignSocket(socket);
    res.shouldKeepAlive = false;
    res.once('finish', () => {
      res.detachSocket(socket);
      socket.end();
    });
    listener(req, res);
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => { resolve(); });
  });
  const address = server.address() as AddressInfo;
  const shownHost = address.family === 'IPv6' ? `[${address.address}]` : address.address;
  let closing: Promise<void> | null = null;
  return {
    server,
    port: address.port,
    url: `http://${shownHost}:${String(address.port)}`,
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

/** Node's parser gave up on the request: no app, no limiter key, but the client still gets a status and `{ error }`. */
function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  if (err.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return;
  }
  const [status, message] =
    err.code === 'HPE_HEADER_OVERFLOW' ? [431, 'Request header fields too large']
    : err.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? [408, 'Request timeout: the request was not received in time']
    : [400, 'Bad request: the request line or headers could not be parsed'];
  const body = JSON.stringify({ error: message });
  socket.end(
    `HTTP/1.1 ${String(status)} ${String(http.STATUS_CODES[status])}\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${String(Buffer.byteLength(body))}\r\nCache-Control: no-store\r\nConnection: close\r\n\r\n${body}`,
  );
}
