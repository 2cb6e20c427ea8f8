import { z } from 'zod';

// One error type; its code decides the HTTP status.
export const errorStatus = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  locked: 423,
  internal: 500,
  unavailable: 503,
} as const;

export type ErrorCode = keyof typeof errorStatus;

export class AppError extends Error {
  constructor(
    public readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
  }
  get status(): number {
    return errorStatus[this.code];
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
