import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { runCli as runCliMain } from '../../src/cli/main';
import { casebookBin, spawnServe } from './serve-process';

export { casebookBin };

export interface CliResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `casebook <args>` as a user would, with only the given settings. */
export function runCli(args: string[], env: Record<string, string>, timeoutMs = 60_000): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [casebookBin, ...args], {
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LOG_LEVEL: 'warn', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.on('error', reject);
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * Runs `casebook <args>` in this process (the same runCli that bin/casebook.js calls), with
 * the environment a spawned command gets: only the given settings. `tty` makes stderr a terminal.
 */
export async function runCliInProcess(
  args: string[],
  env: Record<string, string>,
  opts: {
    tty?: boolean;
    /** Told everything on stderr so far, at each write: a test can wait for a line. */ onStderr?: (all: string) => void;
  } = {},
): Promise<CliResult> {
  let stdout = '';
  let stderr = '';
  const code = await runCliMain(args, {
    stdout: { write: (chunk: string) => (stdout += chunk) },
    stderr: {
      write: (chunk: string) => {
        stderr += chunk;
        opts.onStderr?.(stderr);
      },
      isTTY: opts.tty ?? false,
      columns: 80,
    },
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', LOG_LEVEL: 'warn', ...env },
  });
  return { code, stdout, stderr };
}

export interface ServeProcess {
  child: ChildProcess;
  /** The server's root URL and the first Admin's token, as `casebook serve` printed them. */
  url: string;
  token: string;
  /** Everything the process wrote so far (stdout and stderr). */
  output(): string;
  /** SIGTERM, then the exit code. */
  stop(): Promise<number | null>;
}

/** Starts `casebook serve` on a fresh database (it bootstraps the first Admin) and waits until it serves. */
export async function startServe(env: Record<string, string>, timeoutMs = 30_000): Promise<ServeProcess> {
  const printed = (output: string) => /Try: curl -H "Authorization: Bearer (\S+)" (\S+)\/api\/v1\/orgs/.exec(output) ?? undefined;
  const { child, started, output, exited } = await spawnServe({ LOG_LEVEL: 'warn', ...env }, printed, timeoutMs);
  return {
    child,
    token: started[1],
    url: started[2],
    output,
    stop: () => {
      child.kill('SIGTERM');
      return exited;
    },
  };
}

/** The app listening on a loopback port, as a CLI in CI reaches a server; `close` also ends kept-alive connections. */
export async function listenOnPort(app: http.RequestListener): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
