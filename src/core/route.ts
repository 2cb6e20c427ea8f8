import type { z } from 'zod';
import type { RequestContext } from '../core/context';

export type Method = 'get' | 'post' | 'put' | 'delete';

/**
 * A route whose body is a document, not JSON: the router reads it (after the
 * permission check) as bytes of one of `types`, gunzipped when sent with
 * `Content-Encoding: gzip`, at most `limitBytes` once decoded, and hands the
 * handler `body: Buffer`.
 */
export interface RawBody {
  types: string[];
  limitBytes: number;
  /** What the body is, and a small example of one, for the OpenAPI document. */
  description: string;
  example?: string;
}

/**
 * One REST operation: everything the router, the RBAC policy check, the
 * OpenAPI document and the tests need to know about it.
 */
export interface RouteSpec<Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType> {
  method: Method;
  /** Path under /api/v1. */
  path: string;
  /** Casbin object and action: RBAC decides on (role, resource, action). */
  resource: string;
  action: string;
  summary: string;
  tag: string;
  query?: Q;
  body?: B;
  /** Schema of the success envelope's `data` (documentation and response checks). */
  response?: z.ZodType;
  successStatus?: 200 | 201;
  /**
   * Accepts only the browser session cookie, not a Bearer token; `unless` names a
   * permission whose holders (in any of their organizations) may use a token too.
   */
  sessionOnly?: boolean | { unless: { resource: string; action: string } };
  /** The body is a raw document (no `body` schema); the handler gets it as a Buffer. */
  rawBody?: RawBody;
  /** The handler answers a file (a FileDownload, sent without the envelope); these are its content types. */
  download?: string[];
  /** Error statuses this route can answer besides 401/403/400. */
  errors?: number[];
  /**
   * Honours an `Idempotency-Key` header (src/http/idempotency.ts): a repeat of the
   * same request answers the first one's stored 2xx response without running again.
   */
  idempotent?: true;
  handler: (
    ctx: RequestContext,
    input: { query: z.output<Q>; body: z.output<B> },
  ) => Promise<unknown>;
}

export function route<Q extends z.ZodType = z.ZodType, B extends z.ZodType = z.ZodType>(
  spec: RouteSpec<Q, B>,
): RouteSpec<Q, B> {
  return spec;
}

// Erased form for tables of routes of different input types.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyRoute = RouteSpec<any, any>;
