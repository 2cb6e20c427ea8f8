import { createHash } from 'node:crypto';

// GET answers with an ETag, kept so the next call for the same URL can ask with
// If-None-Match and reuse the body on a 304. One store for the whole process,
// bounded by bytes however many clients share it (every /mcp request makes its
// own client): the least recently used answers go first. Entries are keyed by
// the token that fetched them, so one token's answers never serve another; the
// server checks that token again on every revalidation.

export interface KeptAnswer {
  etag: string;
  status: number;
  headers: Headers;
  body: Buffer;
}

/** Larger answers are not kept: one of them would push out many small ones. */
export const MAX_KEPT_ANSWER_BYTES = 2 * 1024 * 1024;
/** The default of MCP_ANSWER_CACHE_MB (src/config.ts). */
export const DEFAULT_KEPT_BYTES = 16 * 1024 * 1024;

export class KeptAnswers {
  private readonly kept = new Map<string, { answer: KeptAnswer; bytes: number }>(); // least recently used first
  private held = 0;

  constructor(readonly maxBytes: number) {}

  /** Bytes held now, by the estimate the bound applies to. */
  get bytes(): number {
    return this.held;
  }

  get size(): number {
    return this.kept.size;
  }

  /** The key of `url` as fetched with `token`: a hash of the token, so the store holds no secret. */
  static key(token: string, url: string): string {
    return `${createHash('sha256').update(token).digest('base64url')} ${url}`;
  }

  get(key: string): KeptAnswer | undefined {
    const entry = this.kept.get(key);
    if (!entry) return undefined;
    this.kept.delete(key);
    this.kept.set(key, entry);
    return entry.answer;
  }

  /** Keeps `answer` under `key` (replacing what was there), then drops the least recently used beyond the bound. */
  set(key: string, answer: KeptAnswer): void {
    this.delete(key);
    const bytes = sizeOf(key, answer);
    if (answer.body.length > MAX_KEPT_ANSWER_BYTES || bytes > this.maxBytes) return;
    this.kept.set(key, { answer, bytes });
    this.held += bytes;
    for (const [oldest, entry] of this.kept) {
      if (this.held <= this.maxBytes) break;
      this.kept.delete(oldest);
      this.held -= entry.bytes;
    }
  }

  delete(key: string): void {
    const entry = this.kept.get(key);
    if (!entry) return;
    this.kept.delete(key);
    this.held -= entry.bytes;
  }

  clear(): void {
    this.kept.clear();
    this.held = 0;
  }
}

/** The body's bytes, plus the key, ETag and headers as JavaScript strings (two bytes a character) and a little overhead. */
function sizeOf(key: string, answer: KeptAnswer): number {
  let text = key.length + answer.etag.length;
  answer.headers.forEach((value, name) => (text += name.length + value.length));
  return answer.body.length + 2 * text + 256;
}

/** The store of clients not given one of their own (the entry points give theirs, sized by MCP_ANSWER_CACHE_MB). */
export const sharedKeptAnswers = new KeptAnswers(DEFAULT_KEPT_BYTES);
