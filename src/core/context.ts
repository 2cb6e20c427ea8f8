import type { Db } from '../db/client';
import type { Role } from '../generated/prisma/client';

/** A user's membership of one organization, with the role held there. */
export interface Membership {
  orgId: number;
  role: Role;
}

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
