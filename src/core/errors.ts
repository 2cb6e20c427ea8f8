import { z } from 'zod';

// One error type for every layer: a code and a message. What a code means on
// the wire (an HTTP status) is decided at the edge, in src/http/error-status.ts.
export const errorCodes = [
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'payload_too_large',
  'unsupported_media_type',
  'unprocessable',
  'locked',
  'too_many_requests',
  'internal',
  'unavailable',
] as const;

export type ErrorCode = (typeof errorCodes)[number];

export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
}

export const UNAUTHORIZED = 'Unauthorized - Please login';
export const FORBIDDEN = 'Forbidden - User does not have access';

export const unauthorized = () => new AppError('unauthorized', UNAUTHORIZED);
export const forbidden = () => new AppError('forbidden', FORBIDDEN);
export const notFound = (resource: string) => new AppError('not_found', `${resource} not found`);
export const badRequest = (message: string) => new AppError('bad_request', `Invalid request: ${message}`);
export const conflict = (message: string) => new AppError('conflict', message);
export const runLocked = () => new AppError('locked', 'Run is locked');
export const projectInactive = () => new AppError('conflict', 'Project is inactive');

/** `Invalid request: title: Required; projectId: Expected number` — every bad field named. */
export function zodMessage(error: z.ZodError, prefix: (string | number)[] = []): string {
  const parts = error.issues.map((issue) => {
    const where = [...prefix, ...issue.path].map(String).join('.');
    return where ? `${where}: ${issue.message}` : issue.message;
  });
  return `Invalid request: ${[...new Set(parts)].join('; ')}`;
}
