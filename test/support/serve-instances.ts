import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { casebookBin } from './cli';

// Several `casebook serve` processes on one database, as behind a load balancer: each started
// as an operator starts it (bin/casebook.js with settings in the environment).

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
export function startInstance(env: Record<string, string>, timeoutMs = 90_000): Promise<Instance> {
  const child = spawn(process.execPath, [casebookBin, 'serve'], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', PORT: '0', HOST: '127.0.0.1', ...env, LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let started = false;
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => fail(new Error(`serve did not start in ${timeoutMs} ms:\n${output}`)), timeoutMs);
    const fail = (err: Error) => {
      clearTimeout(timer);
      child.kill('SIGKILL');
      reject(err);
    };
    const onData = (d: Buffer) => {
      output += d.toString();
      // Its JSON log line (stdout is not a terminal): {"url":"http://127.0.0.1:…","msg":"Casebook is serving",…}
      const line = output.split('\n').find((l) => l.includes('"msg":"Casebook is serving"'));
      if (!line) return;
      started = true;
      clearTimeout(timer);
      child.stdout.off('data', onData);
      child.stderr.off('data', onData);
      const keep = (more: Buffer) => (output += more.toString());
      child.stdout.on('data', keep);
      child.stderr.on('data', keep);
      const url = (JSON.parse(line) as { url: string }).url;
      resolve({ child, url, port: Number(new URL(url).port), output: () => output, exited });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => {
      if (!started) fail(new Error(`serve exited with ${code}:\n${output}`));
    });
  });
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
