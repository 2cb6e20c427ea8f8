import express, { type Request, type Response } from 'express';
import { AppError, badRequest } from '../core/errors';
import type { RawBody } from '../core/route';

// Bodies of raw-body routes (a JUnit report, not JSON). The router reads them
// only once the caller has passed the permission check, so nobody unauthorized
// gets the server to read or inflate tens of megabytes.

export const contentTypeMessage = (spec: Pick<RawBody, 'types'>) => `Content-Type must be ${spec.types.join(' or ')}`;
export const CONTENT_ENCODING_MESSAGE = 'Content-Encoding must be gzip, deflate, br or identity';
export const PAYLOAD_TOO_LARGE = 'Payload too large';

const hasBody = (req: Request) => Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;

/** body-parser's faults that are this route's to name; the others (cut short, bad gzip) go to the error handler. */
function translate(err: unknown): Error {
  const type = (err as { type?: string }).type;
  if (type === 'entity.too.large') return new AppError('payload_too_large', PAYLOAD_TOO_LARGE);
  if (type === 'encoding.unsupported') return new AppError('unsupported_media_type', CONTENT_ENCODING_MESSAGE);
  return err instanceof Error ? err : new Error(String(err));
}

/**
 * A reader for one raw-body route: 415 for another Content-Type (or an unknown
 * Content-Encoding), 413 when the decoded body passes the limit (counted while
 * inflating, so a small gzip bomb is cut off too), 400 for no body.
 */
export function rawBodyReader(spec: RawBody): (req: Request, res: Response) => Promise<Buffer> {
  const parse = express.raw({ type: spec.types, limit: spec.limitBytes, inflate: true });
  return async (req, res) => {
    if (!hasBody(req)) throw badRequest('a body is required');
    if (!req.is(spec.types)) throw new AppError('unsupported_media_type', contentTypeMessage(spec));
    await new Promise<void>((resolve, reject) => {
      parse(req, res, (err?: unknown) => (err ? reject(translate(err)) : resolve()));
    });
    return req.body as Buffer;
  };
}
