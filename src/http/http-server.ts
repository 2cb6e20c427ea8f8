import http from 'node:http';
import type { Duplex } from 'node:stream';

// Requests Node's HTTP parser refuses never reach the app; without this, Node
// answers them with a bare status line and no body. The statuses follow Node's own.
const parserFaults: Record<string, { status: number; error: string }> = {
  HPE_HEADER_OVERFLOW: { status: 431, error: 'Request header fields too large' },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { status: 413, error: 'Payload too large' },
  ERR_HTTP_REQUEST_TIMEOUT: { status: 408, error: 'Request timeout' },
};
const malformed = { status: 400, error: 'Invalid request: malformed HTTP request' };

/** Answers a request the parser refused with the `{error,status}` envelope, then closes. */
export function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  // A response already under way must not be corrupted; a gone client needs no answer.
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (err.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const { status, error } = parserFaults[err.code ?? ''] ?? malformed;
  const body = JSON.stringify({ error, status });
  const head = [
    `HTTP/1.1 ${status} ${http.STATUS_CODES[status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    'Cache-Control: no-store',
    'X-Content-Type-Options: nosniff',
    'Connection: close',
  ];
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`, () => socket.destroy());
}

/** The app's HTTP server; `startServer` serves through it, and so do the tests. */
export function createHttpServer(app: http.RequestListener): http.Server {
  const server = http.createServer(app);
  server.keepAliveTimeout = 65_000;
  server.on('clientError', answerClientError);
  return server;
}
