import type { CliIo } from './cli-io';

// A `casebook` command answered 429 (the server's rate limit, RATE_LIMIT_PER_MINUTE) waits as long
// as Retry-After says and sends again, CASEBOOK_MAX_RETRIES times at most (3 unless set, as the
// MCP tool server), saying so on stderr: a CI step that outpaced its token's limit still succeeds.

/** The longest wait one Retry-After may ask for: the limit's window is a minute. */
const RETRY_AFTER_CAP_S = 60;

/** CASEBOOK_MAX_RETRIES of the command's environment: 0 to 10, 3 when unset or unreadable. */
export function maxRetriesOf(env: CliIo['env']): number {
  const n = Number(env.CASEBOOK_MAX_RETRIES ?? '3');
  return Number.isInteger(n) && n >= 0 && n <= 10 ? n : 3;
}

/** Seconds Retry-After asks for (delta-seconds or an HTTP date), 1 when absent, at most a minute. */
export function retryAfterSeconds(value: string | null, nowMs = Date.now()): number {
  const text = value?.trim() ?? '';
  const seconds = /^\d+$/.test(text) ? Number(text) : Math.ceil((Date.parse(text) - nowMs) / 1000);
  return Number.isFinite(seconds) ? Math.min(RETRY_AFTER_CAP_S, Math.max(1, seconds)) : 1;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * `send` once, and again after each 429 while retries are left; the answer that is not a 429 (or
 * the last one). `beforeWait` clears a progress bar before the line that tells the wait.
 */
export async function sendRetrying(io: CliIo, send: () => Promise<Response>, beforeWait?: () => void): Promise<Response> {
  const max = maxRetriesOf(io.env);
  for (let retry = 1; ; retry++) {
    const res = await send();
    if (res.status !== 429 || retry > max) return res;
    const seconds = retryAfterSeconds(res.headers.get('retry-after'));
    await res.arrayBuffer().catch(() => undefined); // the refusal's body, so its connection can be reused
    beforeWait?.();
    io.stderr.write(`casebook: the server is rate limiting this token (429); waiting ${seconds} s, then retry ${retry} of ${max}\n`);
    await sleep(seconds * 1000);
  }
}
