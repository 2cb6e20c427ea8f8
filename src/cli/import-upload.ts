import { Readable, Transform } from 'node:stream';
import { parseArgs, type ParseArgsConfig } from 'node:util';
import type { CliIo } from './cli-io';
import type { UploadProgress } from './progress';
import { sendRetrying } from './rate-limit-wait';
import { UsageError } from './usage-error';

// What `casebook import csv` and `casebook import junit` share: reading their command line and
// the server to send to, and the upload of a body streamed as it is read, counted into the
// progress bar, with what the server answered.

/** The command line against `options`, files as positionals; a malformed one is a usage error. */
export function parseCommandLine<const O extends NonNullable<ParseArgsConfig['options']>>(args: string[], options: O) {
  try {
    return parseArgs({ args, options, allowPositionals: true as const, strict: true as const });
  } catch (err) {
    if (String((err as { code?: string }).code).startsWith('ERR_PARSE_ARGS')) throw new UsageError((err as Error).message);
    throw err;
  }
}

/** Where a command sends: the server's root (no trailing slash, no API prefix) and the API token. */
export interface Server {
  base: string;
  token: string;
}

/**
 * The server from --url (or CASEBOOK_URL) and --token (or CASEBOOK_TOKEN). `badUrl` words a --url
 * that is not an http:// or https:// URL (`isUrl`: whether it is a URL of another scheme).
 */
export function serverOf(v: { url?: string; token?: string }, env: CliIo['env'], badUrl: (url: string, isUrl: boolean) => string): Server {
  const url = (v.url ?? env.CASEBOOK_URL ?? '').trim();
  if (!url) throw new UsageError('--url is required (or set CASEBOOK_URL): the root of the Casebook server');
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(badUrl(url, false));
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new UsageError(badUrl(url, true));
  const token = (v.token ?? env.CASEBOOK_TOKEN ?? '').trim();
  if (!token) throw new UsageError('--token is required (or set CASEBOOK_TOKEN): an API token of a User of the project');
  // A URL given with the API prefix still works.
  return { base: url.replace(/\/+$/, '').replace(/\/api\/v1$/, ''), token };
}

/** A pass-through that tells `onChunk` the size of each chunk, and `onEnd` when all is through. */
export function counter(onChunk: (bytes: number) => void, onEnd?: () => void): Transform {
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      onChunk(chunk.length);
      done(null, chunk);
    },
    flush(done) {
      onEnd?.();
      done();
    },
  });
}

/** What the server answered an upload, read whole. */
export interface Answer {
  status: number;
  text: string;
  replayed: boolean;
  location: string | null;
}

/** The network failure behind fetch's "fetch failed". */
function networkCause(err: unknown): string {
  const cause = (err as { cause?: { code?: string; message?: string } }).cause;
  return cause?.code ?? cause?.message ?? (err as Error).message ?? String(err);
}

/**
 * POSTs the body `open` gives to the API path `path` (with its query), streamed as it is read, with
 * the token, `headers` (its type, its encoding) and the Idempotency-Key `key` if any. A 429 (the
 * server's rate limit, which read nothing) is sent again with a body opened afresh, after the wait
 * it asks for (rate-limit-wait.ts). Without an answer (no connection, a read error of the body),
 * clears the progress, says so and gives undefined.
 */
export async function upload(
  io: CliIo,
  progress: UploadProgress,
  server: Server,
  req: { path: string; open: () => Readable; headers: Record<string, string>; key?: string },
): Promise<Answer | undefined> {
  let body: Readable | undefined;
  try {
    const send = () => {
      body?.destroy();
      body = req.open();
      return fetch(`${server.base}/api/v1${req.path}`, {
        method: 'POST',
        headers: {
          Authorization: `Bearer ${server.token}`,
          ...req.headers,
          ...(req.key ? { 'Idempotency-Key': req.key } : {}),
          Accept: 'application/json',
        },
        body: Readable.toWeb(body) as ReadableStream<Uint8Array>,
        // A streamed body can't be sent twice: a redirect is reported, not followed.
        redirect: 'manual',
        duplex: 'half',
      });
    };
    const res = await sendRetrying(io, send, () => progress.end(''));
    const text = await res.text();
    return {
      status: res.status,
      text,
      replayed: res.headers.get('idempotency-replayed') === 'true',
      location: res.headers.get('location'),
    };
  } catch (err) {
    progress.end('');
    io.stderr.write(`casebook: cannot reach ${server.base}: ${networkCause(err)}\n`);
    return undefined;
  }
}

/** The server's error text (`{error}`), else the start of whatever it answered. */
export function errorText(body: string): string {
  try {
    const parsed = JSON.parse(body) as { error?: unknown };
    if (typeof parsed.error === 'string') return parsed.error;
  } catch {
    // not JSON: a proxy's page, say
  }
  return body.trim().slice(0, 500) || '(empty answer)';
}

/** An answer that is not a success: the progress cleared and `why` (the server's error text unless given) on stderr. */
export function tellRefused(io: CliIo, progress: UploadProgress, answer: Answer, why = errorText(answer.text)): void {
  progress.end('');
  io.stderr.write(`casebook: the server answered ${answer.status}: ${why}\n`);
}

/** The `data` of a success when it is an import's result (a number at `key`), else undefined. */
export function importResult<T>(answer: Answer, key: keyof T & string): T | undefined {
  try {
    const data = (JSON.parse(answer.text) as { data?: T }).data;
    return typeof data?.[key] === 'number' ? data : undefined;
  } catch {
    return undefined;
  }
}

export const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Seconds since `started` (Date.now()), to a tenth. */
export const secondsSince = (started: number) => ((Date.now() - started) / 1000).toFixed(1);
