import http from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request the receiver got. */
export interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

/**
 * A webhook receiver on a local port (node:http): answers each request with the next status
 * of `script` (the last one once the script is used up), and keeps what it got.
 */
export async function startReceiver() {
  const received: Received[] = [];
  let script: number[] = [200];
  const waiting: { count: number; resolve: () => void }[] = [];
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      const status = script.length > 1 ? script.shift()! : script[0];
      res.writeHead(status, { 'content-type': 'text/plain' }).end(`answer ${status}`);
      for (const w of waiting.filter((w) => received.length >= w.count)) w.resolve();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/hook`,
    port,
    received,
    /** The statuses of the next answers, in order; the last one repeats. */
    answer(...statuses: number[]) {
      script = statuses;
    },
    /** Resolves once `count` requests in all have arrived. */
    waitFor(count: number, timeoutMs = 20_000): Promise<void> {
      if (received.length >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`${received.length} of ${count} deliveries arrived`)), timeoutMs);
        waiting.push({ count, resolve: () => (clearTimeout(timer), resolve()) });
      });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
export type Receiver = Awaited<ReturnType<typeof startReceiver>>;
