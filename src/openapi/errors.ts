import type { OpenAPIRegistry } from '@asteasolutions/zod-to-openapi';
import { z } from 'zod';
import { ERROR_CODES, errorCodeList, type ErrorCode } from '../core/error-codes';
import { FORBIDDEN, UNAUTHORIZED } from '../core/errors';

// The error envelope `{ error, status, code }` of each HTTP status, as reusable
// response components; `code` is one of that status's codes (src/core/error-codes.ts).
// Where API.md fixes the text exactly, the schema says so, so the response checks of
// the test suite hold the service to it.

interface ErrorResponse {
  name: string;
  description: string;
  error: z.ZodString | z.ZodLiteral<string>;
  example: string;
  headers?: Record<string, { description: string; schema: { type: 'integer' } }>;
}

const byStatus: Record<number, ErrorResponse> = {
  400: {
    name: 'BadRequest',
    description: 'Invalid parameters, missing required fields or malformed JSON; the message names every offending field',
    error: z.string().min(1),
    example: 'Invalid request: projectId: Required; title: Must not be empty',
  },
  401: {
    name: 'Unauthorized',
    description: 'No credentials, or an unknown, revoked or expired token or session',
    error: z.literal(UNAUTHORIZED),
    example: UNAUTHORIZED,
  },
  403: {
    name: 'Forbidden',
    description: "The caller's role lacks the permission (or a cookie-authenticated write came from another site)",
    error: z.literal(FORBIDDEN),
    example: FORBIDDEN,
  },
  404: {
    name: 'NotFound',
    description: 'The resource does not exist or belongs to an organization the caller is not a member of',
    error: z.string().regex(/ not found$/),
    example: 'Project not found',
  },
  409: {
    name: 'Conflict',
    description:
      'A name that must be unique is taken, a write into an inactive project, or an Idempotency-Key whose first request is still running',
    error: z.string().min(1),
    example: 'Project is inactive',
  },
  413: {
    name: 'PayloadTooLarge',
    description: 'The body is larger than the limit (5 MiB)',
    error: z.literal('Payload too large'),
    example: 'Payload too large',
  },
  415: {
    name: 'UnsupportedMediaType',
    description: 'A body was sent without `Content-Type: application/json`',
    error: z.literal('Content-Type must be application/json'),
    example: 'Content-Type must be application/json',
  },
  422: {
    name: 'IdempotencyKeyReused',
    description: 'The Idempotency-Key was already used by this user with a different request (another route, query or body)',
    error: z.string().regex(/^Idempotency-Key ".*" was used with a different request$/),
    example: 'Idempotency-Key "ci-build-812" was used with a different request',
  },
  423: {
    name: 'Locked',
    description: 'The run is locked (or the test plan, with code plan_locked)',
    error: z.string().regex(/^(Run|Plan) is locked$/),
    example: 'Run is locked',
  },
  429: {
    name: 'TooManyRequests',
    description:
      'The API token or session sent more requests this minute than its rate limit allows (code rate_limited: nothing was done), or has too many MCP requests in flight at once (too_many_requests); `Retry-After` says when to try again',
    error: z.string().regex(/^Too many requests/),
    example: 'Too many requests: this API token or session allows 1200 a minute; try again in 17 s',
    headers: {
      'Retry-After': { description: 'Seconds to wait before retrying', schema: { type: 'integer' } },
      'RateLimit-Limit': { description: 'Requests the rate limit lets through in a minute', schema: { type: 'integer' } },
      'RateLimit-Remaining': { description: 'Requests left in the current minute (0 here)', schema: { type: 'integer' } },
      'RateLimit-Reset': { description: 'Seconds until the minute ends and the count starts again', schema: { type: 'integer' } },
    },
  },
  500: {
    name: 'InternalError',
    description: 'Server fault (details go to the server log only)',
    error: z.literal('Internal server error'),
    example: 'Internal server error',
  },
  503: {
    name: 'Unavailable',
    description:
      'The database is unreachable, or no render slot (file downloads) or import slot (JUnit imports) freed up in time; then `Retry-After` says when to try again',
    error: z.literal('Service unavailable'),
    example: 'Service unavailable',
    headers: {
      'Retry-After': {
        description: 'Seconds to wait before retrying (sent when the render or import slots were busy)',
        schema: { type: 'integer' },
      },
    },
  },
};

function describe(status: number): ErrorResponse {
  return (
    byStatus[status] ?? { name: `Error${status}`, description: `Error ${status}`, error: z.string().min(1), example: `Error ${status}` }
  );
}

/** The codes answered with `status`, in the list's order. */
export const codesOfStatus = (status: number): ErrorCode[] => errorCodeList.filter((code) => ERROR_CODES[code].status === status);

/** The envelope of an error of `status`: its text (`error`), `status` and one of `codes`. */
export const errorEnvelope = (error: z.ZodType, status: number, codes: ErrorCode[] = codesOfStatus(status)) =>
  z.strictObject({ error, status: z.literal(status), code: z.enum(codes as [ErrorCode, ...ErrorCode[]]) });

// One schema per status for the whole process: zod's global registry, which
// names them for the document, refuses a second schema with the same id.
const schemas = new Map<number, z.ZodType>();
function errorSchema(status: number): z.ZodType {
  let schema = schemas.get(status);
  if (!schema) {
    schema = errorEnvelope(describe(status).error, status).meta({ id: `Error${status}` });
    schemas.set(status, schema);
  }
  return schema;
}

/**
 * The error responses of a document: each status's response component is
 * registered on first use; `refs` answers `$ref`s to them, and `schemas` the
 * named schemas they point to (to hand to the generator).
 */
export function errorResponses(registry: OpenAPIRegistry) {
  const registered = new Set<number>();
  const register = (status: number) => {
    const { name, description, example, headers } = describe(status);
    registry.registerComponent('responses', name, {
      description,
      ...(headers ? { headers } : {}),
      content: {
        'application/json': {
          schema: { $ref: `#/components/schemas/Error${status}` },
          example: { error: example, status, code: codesOfStatus(status)[0] },
        },
      },
    });
    registered.add(status);
  };
  return {
    refs(statuses: Iterable<number>): Record<string, { $ref: string }> {
      const refs: Record<string, { $ref: string }> = {};
      for (const status of [...new Set(statuses)].sort((a, b) => a - b)) {
        if (!registered.has(status)) register(status);
        refs[String(status)] = { $ref: `#/components/responses/${describe(status).name}` };
      }
      return refs;
    },
    schemas: (): z.ZodType[] => [...registered].sort((a, b) => a - b).map(errorSchema),
  };
}
