import http from 'node:http';
import type { Duplex } from 'node:stream';
import { statusOf, type ErrorCode } from '../core/error-codes';

// Requests Node's HTTP parser refuses never reach the app; without this, Node
// answers them with a bare status line and no body. The statuses follow Node's own.
const parserFaults: Record<string, { code: ErrorCode; error: string }> = {
  HPE_HEADER_OVERFLOW: { code: 'header_too_large', error: 'Request header fields too large' },
  HPE_CHUNK_EXTENSIONS_OVERFLOW: { code: 'payload_too_large', error: 'Payload too large' },
  ERR_HTTP_REQUEST_TIMEOUT: { code: 'request_timeout', error: 'Request timeout' },
};
const malformed = { code: 'malformed_request' as const, error: 'Invalid request: malformed HTTP request' };

/** Answers a request the parser refused with the `{error,status}` envelope, then closes. */
export function answerClientError(err: NodeJS.ErrnoException, socket: Duplex): void {
  // A response already under way must not be corrupted; a gone client needs no answer.
  const inFlight = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (err.code === 'ECONNRESET' || !socket.writable || inFlight?.headersSent) {
    socket.destroy();
    return;
  }
  const { code, error } = parserFaults[err.code ?? ''] ?? malformed;
  const status = statusOf(code);
  const body = JSON.stringify({ error, status, code });
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
