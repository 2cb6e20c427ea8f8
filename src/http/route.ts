import type { Request, Response } from 'express';
import type { z } from 'zod';
import type { Db } from '../db/client';
import type { Membership } from '../auth/authenticate';

/** Who is calling, and the database to serve them from. Services get this, never `req`. */
export interface RequestContext {
  userId: number;
  /** Every organization of the caller, with the caller's role in it. */
  memberships: Membership[];
  /**
   * The organizations where the caller's role allows this route's action: the
   * scope every query of the route filters on.
   */
  orgIds: number[];
  via: 'session' | 'token';
  db: Db;
  /** RBAC for rules finer than the route's own: may the caller do this in that organization? */
  can(resource: string, action: string, orgId: number): boolean;
}

export type Method = 'get' | 'post' | 'put' | 'delete';

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
  /** The handler writes a file itself (no envelope); these are its content types. */
  download?: string[];
  /** Error statuses this route can answer besides 401/403/400. */
  errors?: number[];
  handler: (
    ctx: RequestContext,
    input: { query: z.output<Q>; body: z.output<B> },
    http: { req: Request; res: Response },
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
