import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import { spawnServe } from './serve-process';

// Several `casebook serve` processes on one database, as behind a load balancer: each started
// as an operator starts it (serve-process.ts).

export interface Instance {
  child: ChildProcess;
  /** The address it serves on. */
  url: string;
  port: number;
  /** Everything it wrote so far (stdout and stderr). */
  output(): string;
  /** Resolves with its exit code once it has ended. */
  exited: Promise<number | null>;
}

/** A TCP port free on loopback now (for a PUBLIC_URL known before the server starts). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Starts `casebook serve` with `env` (PORT 0 unless given) and resolves once it logs that it serves. */
export async function startInstance(env: Record<string, string>, timeoutMs = 90_000): Promise<Instance> {
  // Its JSON log line (stdout is not a terminal): {"url":"http://127.0.0.1:…","msg":"Casebook is serving",…}
  const served = (output: string) => {
    const line = output.split('\n').find((l) => l.includes('"msg":"Casebook is serving"'));
    return line ? (JSON.parse(line) as { url: string }).url : undefined;
  };
  const { child, started: url, output, exited } = await spawnServe({ ...env, LOG_LEVEL: 'info' }, served, timeoutMs);
  return { child, url, port: Number(new URL(url).port), output, exited };
}

/** Whether a new TCP connection to `port` on loopback is refused. */
export function refused(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (err: NodeJS.ErrnoException) => resolve(err.code === 'ECONNREFUSED'));
  });
}
