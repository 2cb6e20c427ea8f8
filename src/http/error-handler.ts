import type { ErrorRequestHandler } from 'express';
import { ZodError } from 'zod';
import { isDatabaseUnavailable } from '../db/unavailable';
import { sendError } from './envelope';
import { AppError, notFoundCode, zodMessage } from '../core/errors';

interface PrismaLikeError {
  code?: string;
  meta?: { modelName?: string; target?: unknown };
}

/** A unique constraint's violation: an automation key, else a name (the other unique columns are names). */
const duplicateCode = (err: PrismaLikeError) =>
  JSON.stringify(err.meta?.target ?? '').includes('automation') ? 'duplicate_automation_key' : 'duplicate_name';

const bodyFaults: Record<string, string> = {
  'request.size.invalid': 'Invalid request: body length does not match Content-Length',
  'request.aborted': 'Invalid request: body cut short',
};
const unreadableBody = (type?: string) =>
  type === undefined
    ? 'Invalid request: body does not decode as its Content-Encoding'
    : (bodyFaults[type] ?? 'Invalid request: unreadable body');

/** Maps every error to the envelope; only 500s are logged with their details. */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  if (res.headersSent) {
    // A download failed after its first byte: the only honest signal left is a cut connection.
    req.log?.error({ err }, 'error after response started');
    res.destroy();
    return;
  }
  if (err instanceof AppError) return sendError(res, err.code, err.message);
  if (err instanceof ZodError) return sendError(res, 'validation_failed', zodMessage(err));
  const bodyError = err as { type?: string; status?: number; expose?: boolean };
  if (bodyError.type === 'entity.too.large') return sendError(res, 'payload_too_large', 'Payload too large');
  if (bodyError.type === 'entity.parse.failed') return sendError(res, 'malformed_request', 'Invalid request: malformed JSON body');
  if (bodyError.type === 'encoding.unsupported' || bodyError.type === 'charset.unsupported') {
    return sendError(res, 'unsupported_media_type', 'Content-Type must be application/json');
  }
  // body-parser's other client faults: exposed 400s, typed by raw-body, or zlib's own error (no
  // type) for a body that does not decode as its Content-Encoding says.
  if (bodyError.expose && bodyError.status === 400) return sendError(res, 'malformed_request', unreadableBody(bodyError.type));
  if (isDatabaseUnavailable(err)) {
    req.log?.warn({ err }, 'database unavailable');
    return sendError(res, 'database_unavailable', 'Service unavailable');
  }
  const prisma = err as PrismaLikeError;
  if (prisma.code === 'P2002') return sendError(res, duplicateCode(prisma), 'Conflict: the record already exists');
  if (prisma.code === 'P2025') {
    const kind = prisma.meta?.modelName ?? 'Record';
    return sendError(res, notFoundCode(kind), `${kind} not found`);
  }
  if (prisma.code === 'P2003') return sendError(res, 'invalid_reference', 'Invalid request: a referenced record does not exist');
  req.log?.error({ err }, 'unhandled error');
  sendError(res, 'internal', 'Internal server error');
};
