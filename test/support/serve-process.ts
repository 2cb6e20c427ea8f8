import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';

// `casebook serve` in a process of its own, started as an operator starts it: bin/casebook.js
// with only the settings given (on loopback, port 0 unless given). cli.ts (startServe) and
// serve-instances.ts (startInstance) wait for different signs that it serves.

export const casebookBin = path.resolve(__dirname, '../../bin/casebook.js');

export interface ServeChild<T> {
  child: ChildProcess;
  /** What `ready` found in the output. */
  started: T;
  /** Everything it wrote so far (stdout and stderr). */
  output: () => string;
  /** Resolves with its exit code once it has ended. */
  exited: Promise<number | null>;
}

/**
 * Spawns `casebook serve` with `env` and resolves once `ready` finds in its output (stdout and
 * stderr together) that it serves; fails, killing it, if it exits first or takes over `timeoutMs`.
 */
export function spawnServe<T>(
  env: Record<string, string>,
  ready: (output: string) => T | undefined,
  timeoutMs: number,
): Promise<ServeChild<T>> {
  const child = spawn(process.execPath, [casebookBin, 'serve'], {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '/tmp', PORT: '0', HOST: '127.0.0.1', ...env },
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
      if (started) return;
      const found = ready(output);
      if (found === undefined) return;
      started = true;
      clearTimeout(timer);
      resolve({ child, started: found, output: () => output, exited });
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    void exited.then((code) => {
      if (!started) fail(new Error(`serve exited with ${code}:\n${output}`));
    });
  });
}
