import type { Response } from 'express';
import type { AnswerMeta } from '../core/context';
import { sendAnswerMeta } from './answer-meta';
import { tagAnswer } from './etag';
import { GZIP_THRESHOLD, gzipText, sendJsonText } from './envelope';

// Answers kept by their ETag, for routes whose answer depends only on the route,
// the query and the version (RouteSpec caching.answerCache): the hot list pages. The ETag
// is computed from a version read with the caller's credential, and only for a
// caller the route allows, so a kept answer is served exactly when a 304 would be
// right for a client that had it: a write moves the version, and the old answers
// are never asked for again and age out. A hit costs the credential's statement;
// no page is read, serialized or compressed again.

/** What is kept of an answer: its envelope's text, its metadata, and the text gzipped once ready. */
interface Kept {
  json: string;
  meta: AnswerMeta;
  gzip?: Buffer;
  bytes: number;
}

/** The default of ANSWER_CACHE_MB (src/config.ts). */
const MAX_BYTES = 32 * 1024 * 1024;
/** Bigger answers are rarely asked for twice at the same version; they are not kept. */
const MAX_ANSWER_BYTES = 1024 * 1024;

export interface AnswerCache {
  /** Whether it keeps answers at all (ANSWER_CACHE_MB above 0). */
  keeps: boolean;
  /** Sends the answer kept for `etag`, if there is one; whether it did. */
  sent(res: Response, etag: string): boolean;
  /** Keeps the answer; the text gzipped, when it is worth it, is made once for the cache and the answer alike: its promise. */
  keep(etag: string, json: string, meta: AnswerMeta): Promise<Buffer> | undefined;
}

export function answerCache(maxBytes = MAX_BYTES): AnswerCache {
  if (maxBytes <= 0) return { keeps: false, sent: () => false, keep: () => undefined };
  const kept = new Map<string, Kept>(); // in the order of last use: the first is the next to go
  let bytes = 0;
  const drop = (etag: string) => {
    const entry = kept.get(etag);
    if (!entry) return;
    kept.delete(etag);
    bytes -= entry.bytes;
  };
  return {
    keeps: true,
    sent(res, etag) {
      const entry = kept.get(etag);
      if (!entry) return false;
      kept.delete(etag);
      kept.set(etag, entry);
      tagAnswer(res, etag);
      sendAnswerMeta(res, entry.meta);
      sendJsonText(res, 200, entry.json, entry.gzip);
      return true;
    },
    keep(etag, json, meta) {
      if (json.length > MAX_ANSWER_BYTES || json.length * 2 > maxBytes || kept.has(etag)) return undefined;
      const entry: Kept = { json, meta, bytes: json.length * 2 };
      kept.set(etag, entry);
      bytes += entry.bytes;
      for (const oldest of kept.keys()) {
        if (bytes <= maxBytes) break;
        drop(oldest);
      }
      if (json.length < GZIP_THRESHOLD) return undefined;
      const gzipping = gzipText(json);
      gzipping.then(
        (gzip) => {
          if (kept.get(etag) !== entry) return;
          entry.gzip = gzip;
          entry.bytes += gzip.length;
          bytes += gzip.length;
        },
        () => {}, // kept without: its next hit is sent as text, gzipped then
      );
      return gzipping;
    },
  };
}
