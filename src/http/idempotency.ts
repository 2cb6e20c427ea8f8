import crypto from 'node:crypto';
import type { Request, Response } from 'express';
import type { Db } from '../db/client';
import { AppError, badRequest, conflict } from '../core/errors';
import { envelopeJson, sendData, sendJsonText } from './envelope';
import { claimKey, completeKey, releaseKey } from './idempotency-store';

// Idempotency-Key on the writes whose RouteSpec says `idempotent`: a CI step may
// retry a write it never saw answered without writing twice. The first request
// with a key runs and its 2xx answer is stored per (user, key) for 24 hours; a
// repeat of the same request gets that answer again, marked Idempotency-Replayed.
// A failed request (4xx, 5xx) stores nothing and frees the key: the failure
// wrote nothing, and a retry after fixing the cause should run. A request whose
// query asks for a dry run (`dryRun: true`) writes nothing either: it is answered
// afresh every time, its key neither stored nor checked (writesNothing).

export const IDEMPOTENCY_HEADER = 'Idempotency-Key';
export const REPLAYED_HEADER = 'Idempotency-Replayed';
export const MAX_KEY_LENGTH = 255;

/** The header's key, undefined when absent; 400 when empty or too long. */
export function idempotencyKeyOf(req: Request): string | undefined {
  const key = req.get(IDEMPOTENCY_HEADER);
  if (key === undefined) return undefined;
  if (key.length < 1 || key.length > MAX_KEY_LENGTH) {
    throw badRequest(`${IDEMPOTENCY_HEADER} must be 1 to ${MAX_KEY_LENGTH} characters`);
  }
  return key;
}

/**
 * Whether the request, by its validated query, only plans and writes nothing: a dry run
 * (`dryRun: true`). Its answer depends on what is stored now, so a stored one would go stale.
 */
export function writesNothing(query: unknown): boolean {
  return typeof query === 'object' && query !== null && (query as { dryRun?: unknown }).dryRun === true;
}

/** JSON with every object's keys sorted, so key order and spacing do not make a request differ. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonicalJson((value as Record<string, unknown>)[k])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function requestHash(req: Request, route: string): crypto.Hash {
  const url = req.originalUrl;
  const query = url.includes('?') ? url.slice(url.indexOf('?') + 1) : '';
  return crypto.createHash('sha256').update(`${req.method} ${route}\n${query}\n`);
}

/** What makes two requests "the same": method, route, raw query and body (raw bodies by their bytes). */
export function requestFingerprint(req: Request, route: string): string {
  const hash = requestHash(req, route);
  if (Buffer.isBuffer(req.body)) hash.update('raw\n').update(req.body);
  else hash.update('json\n').update(canonicalJson(req.body ?? null));
  return hash.digest('hex');
}

/**
 * The fingerprint of a request whose raw body is streamed, never held whole: fed its
 * decoded bytes as they arrive, it digests to what requestFingerprint gives for them.
 */
export function streamedFingerprint(req: Request, route: string): { update: (chunk: Buffer) => void; digest: () => string } {
  const hash = requestHash(req, route).update('raw\n');
  return { update: (chunk) => hash.update(chunk), digest: () => hash.digest('hex') };
}

export interface IdempotentCall {
  db: Db;
  userId: number;
  /** The route's path, as the route table names it. */
  route: string;
  /** The success status of the route's envelope. */
  status: number;
  req: Request;
  res: Response;
  /** The request's fingerprint when already taken (a streamed raw body); else it is taken from `req`. */
  fingerprint?: string;
  /** Runs before a replayed answer is sent: what the repeated request staged goes first, so a client that has the answer finds it gone. */
  beforeReplay?: () => Promise<void>;
}

/** Answers with `handle`'s data in the envelope, once per Idempotency-Key when the request has one. */
export async function answerIdempotently(call: IdempotentCall, handle: () => Promise<unknown>): Promise<void> {
  const { db, userId, status, req, res } = call;
  const key = idempotencyKeyOf(req);
  if (key === undefined) return sendData(res, await handle(), status);

  const fingerprint = call.fingerprint ?? requestFingerprint(req, call.route);
  const claim = await claimKey(db, userId, key, fingerprint);
  if (claim.kind !== 'claimed') {
    if (claim.fingerprint !== fingerprint) {
      throw new AppError('idempotency_mismatch', `${IDEMPOTENCY_HEADER} "${key}" was used with a different request`);
    }
    if (claim.kind === 'in_flight')
      throw conflict('idempotency_conflict', `${IDEMPOTENCY_HEADER} "${key}" is in use by a request still in progress; retry later`);
    await call.beforeReplay?.();
    res.set(REPLAYED_HEADER, 'true');
    sendJsonText(res, claim.status, claim.body);
    return;
  }

  let data: unknown;
  try {
    data = await handle();
  } catch (err) {
    await releaseKey(db, claim.id).catch((releaseErr: unknown) => {
      // The key stays in flight until it counts as abandoned; the request's own error is what the client needs.
      req.log?.warn({ err: releaseErr }, 'idempotency key not released');
    });
    throw err;
  }
  try {
    // Stored before it is sent: a retry that arrives once the client has the answer finds it.
    await completeKey(db, claim.id, status, envelopeJson(data, status));
  } catch (err) {
    // The write is committed, so its answer is sent; the key stays in flight (409) until abandoned.
    req.log?.warn({ err }, 'idempotency key answer not stored');
  }
  sendData(res, data, status);
}
