import type { ErrorRequestHandler } from 'express';
import { ZodError } from 'zod';
import { isDatabaseUnavailable } from '../db/unavailable';
import { sendError } from './envelope';
import { AppError, zodMessage } from '../core/errors';
import { errorStatus } from './error-status';

interface PrismaLikeError {
  code?: string;
  meta?: { modelName?: string };
}

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
  if (err instanceof AppError) return sendError(res, errorStatus[err.code], err.message);
  if (err instanceof ZodError) return sendError(res, 400, zodMessage(err));
  const bodyError = err as { type?: string; status?: number; expose?: boolean };
  if (bodyError.type === 'entity.too.large') return sendError(res, 413, 'Payload too large');
  if (bodyError.type === 'entity.parse.failed') return sendError(res, 400, 'Invalid request: malformed JSON body');
  if (bodyError.type === 'encoding.unsupported' || bodyError.type === 'charset.unsupported') {
    return sendError(res, 415, 'Content-Type must be application/json');
  }
  // body-parser's other client faults: exposed 400s, typed by raw-body, or zlib's own error (no
  // type) for a body that does not decode as its Content-Encoding says.
  if (bodyError.expose && bodyError.status === 400) return sendError(res, 400, unreadableBody(bodyError.type));
  if (isDatabaseUnavailable(err)) {
    req.log?.warn({ err }, 'database unavailable');
    return sendError(res, 503, 'Service unavailable');
  }
  const prismaCode = (err as PrismaLikeError).code;
  if (prismaCode === 'P2002') return sendError(res, 409, 'Conflict: the record already exists');
  if (prismaCode === 'P2025') return sendError(res, 404, `${(err as PrismaLikeError).meta?.modelName ?? 'Record'} not found`);
  if (prismaCode === 'P2003') return sendError(res, 400, 'Invalid request: a referenced record does not exist');
  req.log?.error({ err }, 'unhandled error');
  sendError(res, 500, 'Internal server error');
};
