import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ERROR_CODES, errorCodeList, type ErrorCode } from '../../src/core/error-codes';

// A loopback HTTP server that answers from a script, one step per request, and
// records what it was sent. The last step repeats once the script runs out.

export interface SeenRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type Step = (req: http.IncomingMessage, res: http.ServerResponse) => void;

export const reply =
  (status: number, body: unknown, headers: Record<string, string> = {}): Step =>
  (_req, res) => {
    res.writeHead(status, { 'Content-Type': 'application/json', ...headers });
    res.end(JSON.stringify(body));
  };
export const envelope = (data: unknown): Step => reply(200, { data, status: 200 });
/** The first code of `status` in the list: what the stub answers a failure of that status with unless told. */
export const firstCodeOf = (status: number): ErrorCode => errorCodeList.find((c) => ERROR_CODES[c].status === status)!;
/** Casebook's error envelope; the code is the first of that status's unless named. */
export const failWith = (
  status: number,
  error: string,
  headers: Record<string, string> = {},
  code: ErrorCode = firstCodeOf(status),
): Step => reply(status, { error, status, code }, headers);
/** Cuts the connection without an answer. */
export const hangUp: Step = (req) => req.socket.destroy();
/** Answers only after `ms`. */
export const slow =
  (ms: number, step: Step): Step =>
  (req, res) => {
    const timer = setTimeout(() => step(req, res), ms);
    res.on('close', () => clearTimeout(timer));
  };

export interface StubServer {
  url: string;
  seen: SeenRequest[];
  script(...steps: Step[]): void;
  close(): Promise<void>;
}

export async function startStub(): Promise<StubServer> {
  const seen: SeenRequest[] = [];
  let steps: Step[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      const step = steps.length > 1 ? steps.shift()! : steps[0];
      step(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    script: (...next) => {
      steps = next;
      seen.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
