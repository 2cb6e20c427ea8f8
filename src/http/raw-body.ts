import zlib from 'node:zlib';
import type { Readable, Transform } from 'node:stream';
import type { Request } from 'express';
import { AppError, badRequest } from '../core/errors';
import type { RawBody } from '../core/route';

// Bodies of raw-body routes (a JUnit report, not JSON). The router reads them
// only once the caller has passed the permission check (and, for an import, holds
// an import slot), so nobody unauthorized gets the server to read or inflate tens
// of megabytes. The body is never held whole: it is decoded as it arrives and
// handed piece by piece to the route's `parse`.

export const contentTypeMessage = (spec: Pick<RawBody, 'types'>) => `Content-Type must be ${spec.types.join(' or ')}`;
export const CONTENT_ENCODING_MESSAGE = 'Content-Encoding must be gzip, deflate, br or identity';
export const PAYLOAD_TOO_LARGE = 'Payload too large';

export const hasBody = (req: Request) => Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;

const decoders: Record<string, (() => Transform) | null> = {
  identity: null,
  gzip: () => zlib.createGunzip(),
  deflate: () => zlib.createInflate(),
  br: () => zlib.createBrotliDecompress(),
};

/** Faults of reading: the client's (cut short, not what its encoding says) are 400s; ours stay as they are. */
export function bodyFault(err: unknown, req: Request): Error {
  if (err instanceof AppError) return err;
  const code = (err as { code?: unknown }).code;
  if (req.readableAborted || code === 'ECONNRESET' || code === 'ERR_STREAM_PREMATURE_CLOSE')
    return badRequest('body cut short', 'malformed_request');
  if (typeof code === 'string' && code.startsWith('Z_'))
    return badRequest('body does not decode as its Content-Encoding', 'malformed_request');
  return err instanceof Error ? err : new Error(String(err));
}

/** Reads a raw body: answers what the route's `parse` makes of it; `tap` sees its decoded bytes too (for a fingerprint). */
export type RawBodyReader = (req: Request, query: unknown, tap?: (chunk: Buffer) => void) => Promise<unknown>;

/**
 * A reader for one raw-body route: 415 for another Content-Type (or an unknown
 * Content-Encoding), 413 when the decoded body passes the limit (counted while
 * inflating, so a small gzip bomb is cut off too; a plain body whose
 * Content-Length says so before any byte is read), 400 for no body. Answers what
 * the route's `parse` makes of the body.
 */
export function rawBodyReader(spec: RawBody): RawBodyReader {
  return async (req, query, tap) => {
    if (!hasBody(req)) throw badRequest('a body is required');
    if (!req.is(spec.types)) throw new AppError('unsupported_media_type', contentTypeMessage(spec));
    const encoding = (req.headers['content-encoding'] ?? 'identity').trim().toLowerCase();
    const decoder = decoders[encoding];
    if (decoder === undefined) throw new AppError('unsupported_media_type', CONTENT_ENCODING_MESSAGE);
    if (decoder === null && Number(req.headers['content-length'] ?? 0) > spec.limitBytes) {
      throw new AppError('payload_too_large', PAYLOAD_TOO_LARGE);
    }
    return spec.parse(decodedBody(req, decoder?.(), spec.limitBytes, tap), query);
  };
}

/**
 * The body's decoded bytes as they arrive, at most `limit` of them. Stopped early
 * (too large, malformed, refused by `parse`), the rest of the body is read off the
 * wire and dropped, so the answer goes out on a connection that stays usable.
 */
async function* decodedBody(req: Request, decoder: Transform | undefined, limit: number, tap?: (chunk: Buffer) => void) {
  let source: Readable = req;
  if (decoder) {
    source = req.pipe(decoder);
    // pipe() does not pass the request's own failure (the client going away) on.
    req.once('error', (err) => decoder.destroy(err));
  }
  let size = 0;
  let ended = false;
  try {
    // Without destroyOnReturn, stopping here leaves the request (and its socket) alive for the answer.
    for await (const chunk of source.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit) throw new AppError('payload_too_large', PAYLOAD_TOO_LARGE);
      tap?.(chunk);
      yield chunk;
    }
    ended = true;
  } catch (err) {
    throw bodyFault(err, req);
  } finally {
    if (!ended) {
      req.unpipe();
      decoder?.destroy();
      if (!req.destroyed) req.resume();
    }
  }
}
