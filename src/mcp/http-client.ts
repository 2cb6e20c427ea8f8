import { KeptAnswers, sharedKeptAnswers } from './kept-answers';
import type { HttpMethod } from './tool-spec';

// The tool server's HTTP client for the REST interface: Bearer token, a timeout
// per attempt, and retries only where another attempt can help — 429, 502, 503,
// 504 and network errors — with exponential backoff and jitter, honouring
// Retry-After. Every other answer (a 4xx above all) is returned as it came.

export interface HttpClientOptions {
  /** Root of the service, e.g. https://casebook.example.com (a trailing /api/v1 is tolerated). */
  baseUrl: string;
  token: string;
  /** Retries after the first attempt. */
  maxRetries: number;
  /** Limit of one attempt, answer body included. */
  timeoutMs: number;
  /** First backoff step; doubles per retry (default 500 ms). */
  baseDelayMs?: number;
  /** Longest backoff step (default 8 s). */
  maxDelayMs?: number;
  /** Longest wait a Retry-After can ask for (default 30 s): an assistant is waiting. */
  retryAfterCapMs?: number;
  random?: () => number;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** Where tagged GET answers are kept for revalidation (default: one store shared by the process); null: nowhere. */
  kept?: KeptAnswers | null;
  /** Told before each wait for a retry (the tool server logs it): what failed, how long it waits, which retry comes. */
  onRetry?: (retry: RetryNotice) => void;
}

export interface RetryNotice {
  method: HttpMethod;
  path: string;
  /** The status answered (429, 502, 503, 504), or undefined for a network error. */
  status?: number;
  /** The answer's error code when it had one (rate_limited, too_many_requests, server_busy…). */
  code?: string;
  waitMs: number;
  /** 1 for the first retry. */
  retry: number;
  maxRetries: number;
}

export interface RestRequest {
  method: HttpMethod;
  /** Path under /api/v1. */
  path: string;
  query?: Record<string, unknown>;
  /** Sent as JSON. */
  body?: unknown;
  /**
   * Sent as it is, with its content type (e.g. an XML file), instead of a JSON body: as text,
   * or as bytes already in a Content-Encoding (gzip).
   */
  rawBody?: { contentType: string; text: string } | { contentType: string; bytes: Buffer; encoding?: 'gzip' };
}

export interface RestResponse {
  status: number;
  headers: Headers;
  body: Buffer;
  /** Attempts made, the first one included. */
  attempts: number;
  /** The server answered 304 to the kept answer's ETag: this is that answer, not rebuilt by the server. */
  revalidated?: true;
}

/** No HTTP answer at all, after every allowed attempt. */
export class RestUnreachableError extends Error {
  constructor(
    message: string,
    readonly attempts: number,
    readonly timedOut: boolean,
  ) {
    super(message);
  }
}

export const RETRY_STATUSES = new Set([429, 502, 503, 504]);

// The connection was never made, so even a write cannot have been applied: safe to repeat.
const NOT_CONNECTED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

// GET answers that carry an ETag are kept (options.kept, one store for the process,
// bounded by bytes) and asked for again with If-None-Match: the server answers 304
// from a counter without building the page, and the kept body is returned.

export interface HttpClient {
  request(req: RestRequest): Promise<RestResponse>;
  readonly baseUrl: string;
}

export function createHttpClient(options: HttpClientOptions): HttpClient {
  const baseUrl = options.baseUrl.replace(/\/+$/, '').replace(/\/api\/v1$/, '');
  const random = options.random ?? Math.random;
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));
  const now = options.now ?? Date.now;
  const backoff = { base: options.baseDelayMs ?? 500, max: options.maxDelayMs ?? 8000 };
  const retryAfterCap = options.retryAfterCapMs ?? 30_000;
  const kept = options.kept === undefined ? sharedKeptAnswers : (options.kept ?? undefined);
  const notice = (req: RestRequest, retry: number, waitMs: number): RetryNotice => ({
    method: req.method,
    path: req.path,
    waitMs,
    retry: retry + 1,
    maxRetries: options.maxRetries,
  });

  /** Keeps a tagged 200 GET answer; any other answer drops what was kept for the URL. */
  function keep(key: string, res: Omit<RestResponse, 'attempts'>) {
    if (!kept) return;
    const etag = res.headers.get('etag');
    if (res.status === 200 && etag) kept.set(key, { etag, status: res.status, headers: res.headers, body: res.body });
    else kept.delete(key);
  }

  async function attempt(req: RestRequest, url: string, ifNoneMatch?: string): Promise<Omit<RestResponse, 'attempts'>> {
    const raw = req.rawBody;
    const payload = raw
      ? 'bytes' in raw
        ? new Uint8Array(raw.bytes)
        : raw.text
      : req.body !== undefined
        ? JSON.stringify(req.body)
        : undefined;
    const contentType = raw ? raw.contentType : 'application/json';
    const res = await fetch(url, {
      method: req.method,
      headers: {
        Authorization: `Bearer ${options.token}`,
        Accept: 'application/json, */*;q=0.5',
        ...(payload !== undefined ? { 'Content-Type': contentType } : {}),
        ...(raw && 'bytes' in raw && raw.encoding ? { 'Content-Encoding': raw.encoding } : {}),
        ...(ifNoneMatch ? { 'If-None-Match': ifNoneMatch } : {}),
      },
      body: payload,
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    // Read under the same signal: a stalled body times out like a stalled answer.
    const body = Buffer.from(await res.arrayBuffer());
    return { status: res.status, headers: res.headers, body };
  }

  return {
    baseUrl,
    async request(req) {
      const url = buildUrl(baseUrl, req);
      const key = kept && req.method === 'GET' ? KeptAnswers.key(options.token, url) : undefined;
      for (let retry = 0; ; retry++) {
        const attempts = retry + 1;
        let waitMs: number;
        try {
          const known = key ? kept?.get(key) : undefined;
          const res = await attempt(req, url, known?.etag);
          if (known && res.status === 304) {
            const { status, headers, body } = known;
            return { status, headers, body, attempts, revalidated: true };
          }
          if (key) keep(key, res);
          if (!RETRY_STATUSES.has(res.status) || retry >= options.maxRetries) return { ...res, attempts };
          const asked = parseRetryAfter(res.headers.get('retry-after'), now());
          waitMs = asked === undefined ? backoffDelay(retry, backoff, random) : Math.min(asked, retryAfterCap);
          options.onRetry?.({ ...notice(req, retry, waitMs), status: res.status, code: errorCodeOf(res.body) });
        } catch (err) {
          const failure = describeNetworkError(err, options.timeoutMs);
          const repeatable = req.method === 'GET' || (!failure.timedOut && NOT_CONNECTED.has(failure.code ?? ''));
          if (!repeatable || retry >= options.maxRetries) {
            throw new RestUnreachableError(`${failure.message} (${req.method} ${url})`, attempts, failure.timedOut);
          }
          waitMs = backoffDelay(retry, backoff, random);
          options.onRetry?.(notice(req, retry, waitMs));
        }
        await sleep(waitMs);
      }
    },
  };
}

/** A retry as the tool server's log tells it. */
export function retryText(r: RetryNotice): string {
  const why =
    r.code === 'rate_limited'
      ? 'Casebook is rate limiting this token (429 rate_limited)'
      : r.status !== undefined
        ? `Casebook answered ${r.status}${r.code ? ` ${r.code}` : ''}`
        : 'Casebook could not be reached';
  return `${why} on ${r.method} ${r.path}: waiting ${(r.waitMs / 1000).toFixed(1)} s, then retry ${r.retry} of ${r.maxRetries}`;
}

/** The `code` of an error envelope, if the body is one. */
function errorCodeOf(body: Buffer): string | undefined {
  try {
    const code = (JSON.parse(body.toString('utf8')) as { code?: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

/** The URL of a REST request: the root, /api/v1, the path and the query. */
export function buildUrl(baseUrl: string, req: RestRequest): string {
  const url = new URL(`${baseUrl}/api/v1${req.path}`);
  for (const [name, value] of Object.entries(req.query ?? {})) {
    // Numbers and booleans as JSON writes them; strings as they are.
    if (value !== undefined && value !== null) url.searchParams.set(name, typeof value === 'string' ? value : JSON.stringify(value));
  }
  return url.toString();
}

/** Exponential steps with "equal jitter": half the step fixed, half random, so retries spread out. */
export function backoffDelay(retry: number, { base, max }: { base: number; max: number }, random: () => number = Math.random): number {
  const step = Math.min(max, base * 2 ** retry);
  return Math.round(step / 2 + (random() * step) / 2);
}

/** Retry-After in milliseconds from now: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function parseRetryAfter(value: string | null, nowMs: number): number | undefined {
  if (!value) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) return undefined;
  return Math.max(0, date - nowMs);
}

function describeNetworkError(err: unknown, timeoutMs: number): { message: string; code?: string; timedOut: boolean } {
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e.name === 'TimeoutError' || e.name === 'AbortError') {
    return { message: `No answer within ${timeoutMs} ms`, timedOut: true };
  }
  const code = e.cause?.code;
  const detail = e.cause?.message ?? e.message ?? String(err);
  return {
    message: `Cannot reach the Casebook server: ${detail}${code && !detail.includes(code) ? ` (${code})` : ''}`,
    code,
    timedOut: false,
  };
}
