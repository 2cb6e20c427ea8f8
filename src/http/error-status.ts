import type { ErrorCode } from '../core/errors';

/** The HTTP status of each error code: applied only here, at the edge. */
export const errorStatus: Record<ErrorCode, number> = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  locked: 423,
  too_many_requests: 429,
  internal: 500,
  unavailable: 503,
};
