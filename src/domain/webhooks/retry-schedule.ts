/** Retries go on for this long after a delivery's first attempt. */
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
/** A webhook whose deliveries have failed for this long, without a success between, is turned off. */
export const DISABLE_AFTER_MS = 3 * 24 * 60 * 60 * 1000;

/** True when an answer (a status, or none: a network error or the timeout) is worth another try. */
export function isRetriable(statusCode: number | null): boolean {
  return statusCode === null || statusCode === 429 || statusCode >= 500;
}

/**
 * When the attempt after attempt `attempt` (1-based) is due, or null when retries are over: the
 * base delay doubled at each attempt, between ¾ and 1¼ of it at random (jitter, so receivers that
 * were down together are not all retried at one instant), within RETRY_WINDOW_MS of the first
 * attempt; the last try falls at the window's end. With the default base (one minute): tries at
 * about 0, 1, 3, 7, 15, 31 minutes… and 24 hours, 12 in all.
 */
export function nextAttemptAt(attempt: number, firstAt: Date, now: Date, baseMs: number, random: () => number = Math.random): Date | null {
  const deadline = firstAt.getTime() + RETRY_WINDOW_MS;
  if (now.getTime() >= deadline) return null;
  const delay = baseMs * 2 ** Math.min(attempt - 1, 30) * (0.75 + random() * 0.5);
  return new Date(Math.min(now.getTime() + delay, deadline));
}
