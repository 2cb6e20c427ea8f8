// What a `casebook` command writes to and reads its settings from: the process's streams and
// environment (bin/casebook.js), or a test's.

export interface CliStream {
  write(chunk: string): unknown;
  isTTY?: boolean;
  columns?: number;
}

export interface CliIo {
  stdout: CliStream;
  stderr: CliStream;
  env: Record<string, string | undefined>;
}
