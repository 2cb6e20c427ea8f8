import type { RateLimiterRes } from 'rate-limiter-flexible';

// A fixed-window limit that every instance on the database shares, at a small cost per request.
//
// The count lives in PostgreSQL (rate-limiter-flexible's store: one row per key, an atomic
// upsert). Asking it on every request would be a round trip per request; instead an instance
// takes a lease of `lease` points at once (the upsert adds them to the key's count) and lets
// that many requests through from memory, asking again when they are spent. A lease that
// crosses the limit grants only the points below it; once the database's count has reached
// the limit the key is refused from memory until the window ends. So the instances together
// never let more than `limit` requests through in a window; a caller may be refused early by
// the leased points other instances hold unspent (at most (N - 1) x lease). See
// docs/architecture.md, "Rate limits".

/** The store's part this file uses: add points to a key's count in the current window. */
export interface LimitStore {
  penalty(key: string, points: number): Promise<Pick<RateLimiterRes, 'consumedPoints' | 'msBeforeNext' | 'isFirstInDuration'>>;
}

export interface Verdict {
  allowed: boolean;
  limit: number;
  /** Requests left in the window as this instance knows it (exact on one instance). */
  remaining: number;
  /** Milliseconds until the window ends and the count starts again. */
  resetMs: number;
}

interface Window {
  /** Leased points not spent yet: requests this instance lets through without asking. */
  allowance: number;
  /** The key's count in the database at the last lease: every instance's leases together. */
  counted: number;
  /** When the window ends, on this process's clock. */
  endsAt: number;
}

/**
 * Points leased at once: a hundredth of the limit (at least 1), so a lease is one round trip per that
 * many requests, and what other instances hold unspent is under 1% of the limit each.
 */
export function leaseSize(limit: number): number {
  return Math.max(1, Math.floor(limit / 100));
}

export class SharedLimit {
  readonly lease: number;
  private readonly windows = new Map<string, Window>();
  private readonly leasing = new Map<string, Promise<void>>();
  private nextSweep = 0;

  constructor(
    private readonly store: LimitStore,
    readonly limit: number,
    private readonly windowMs: number,
  ) {
    this.lease = leaseSize(limit);
  }

  /** The verdict on a request of `key` from memory alone, if it can be given without asking the database. */
  takeNow(key: string): Verdict | undefined {
    const now = Date.now();
    const w = this.windows.get(key);
    if (!w || w.endsAt <= now) return undefined;
    if (w.allowance > 0) {
      w.allowance--;
      return this.verdict(true, w, now);
    }
    // The database's count only grows within a window: refused here until it ends, no round trip.
    if (w.counted >= this.limit) return this.verdict(false, w, now);
    return undefined;
  }

  /** Counts a request of `key`: let through while its window has room, else refused with the time to wait. */
  async take(key: string): Promise<Verdict> {
    for (;;) {
      const verdict = this.takeNow(key);
      if (verdict) return verdict;
      // Requests arriving while a lease is asked for wait for it and share what it grants.
      await (this.leasing.get(key) ?? this.leaseFor(key));
    }
  }

  private leaseFor(key: string): Promise<void> {
    const points = this.lease;
    const asked = this.store
      .penalty(key, points)
      .then((res) => {
        const now = Date.now();
        const granted = Math.max(0, Math.min(points, this.limit - (res.consumedPoints - points)));
        const endsAt = now + Math.max(0, res.msBeforeNext);
        const w = this.windows.get(key);
        // The database started a new window with this lease (or this instance had none): a new one here too.
        if (!w || res.isFirstInDuration || w.endsAt <= now) {
          this.windows.set(key, { allowance: granted, counted: res.consumedPoints, endsAt });
        } else {
          w.allowance += granted;
          w.counted = Math.max(w.counted, res.consumedPoints);
          w.endsAt = endsAt;
        }
        this.sweep(now);
      })
      .finally(() => this.leasing.delete(key));
    this.leasing.set(key, asked);
    return asked;
  }

  /** Forgets ended windows, once a window at most: the map holds the keys seen lately. */
  private sweep(now: number) {
    if (now < this.nextSweep) return;
    this.nextSweep = now + this.windowMs;
    for (const [key, w] of this.windows) if (w.endsAt <= now) this.windows.delete(key);
  }

  private verdict(allowed: boolean, w: Window, now: number): Verdict {
    return {
      allowed,
      limit: this.limit,
      remaining: Math.max(0, this.limit - w.counted) + w.allowance,
      resetMs: Math.max(0, w.endsAt - now),
    };
  }
}
