import type { Role } from '../generated/prisma/client';
import type { Membership } from '../core/context';
import type { Rbac } from './rbac';

// A role belongs to a membership: what a caller may do depends on the
// organization that owns the resource.

/** Organizations where the caller's role allows (resource, action). */
export function orgsAllowing(rbac: Rbac, memberships: Membership[], resource: string, action: string): number[] {
  return memberships.filter((m) => rbac.can(m.role, resource, action)).map((m) => m.orgId);
}

/**
 * Whether any role of the caller allows (resource, action) somewhere. A caller
 * of no organization counts as a Reader: it may still see itself and its tokens.
 */
export function allowedAnywhere(rbac: Rbac, memberships: Membership[], resource: string, action: string): boolean {
  const roles: Role[] = memberships.length > 0 ? memberships.map((m) => m.role) : ['Reader'];
  return roles.some((role) => rbac.can(role, resource, action));
}

export function roleIn(memberships: Membership[], orgId: number): Role | undefined {
  return memberships.find((m) => m.orgId === orgId)?.role;
}
