// How many /mcp requests may be in flight at once: per token, per user and in
// all. Every request holds a tool server, its REST answer and the text made of
// it until it is answered, so these counts bound what MCP can hold in memory;
// they live in the process because that memory is the process's own.

export interface RequestLimits {
  perToken: number;
  perUser: number;
  total: number;
}

/** Which bound a refused request met: its token's, its user's, or the process's. */
export type Refusal = 'token' | 'user' | 'total';

export class RequestLimiter {
  private readonly byToken = new Map<string, number>();
  private readonly byUser = new Map<number, number>();
  private all = 0;

  constructor(readonly limits: RequestLimits) {}

  /** Requests in flight now. */
  get size(): number {
    return this.all;
  }

  /** A slot for one request of `token` (any key naming it) and `userId`: its release, or the bound it met. */
  acquire(token: string, userId: number): { release: () => void } | { refused: Refusal } {
    if ((this.byToken.get(token) ?? 0) >= this.limits.perToken) return { refused: 'token' };
    if ((this.byUser.get(userId) ?? 0) >= this.limits.perUser) return { refused: 'user' };
    if (this.all >= this.limits.total) return { refused: 'total' };
    bump(this.byToken, token, 1);
    bump(this.byUser, userId, 1);
    this.all++;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        bump(this.byToken, token, -1);
        bump(this.byUser, userId, -1);
        this.all--;
      },
    };
  }
}

/** Adds `by` to the count of `key`; a count back at zero leaves the map, so idle callers hold nothing. */
function bump<K>(counts: Map<K, number>, key: K, by: number): void {
  const next = (counts.get(key) ?? 0) + by;
  if (next > 0) counts.set(key, next);
  else counts.delete(key);
}
