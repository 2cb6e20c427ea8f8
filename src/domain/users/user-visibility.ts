import type { RequestContext } from '../../core/context';
import { forbidden } from '../../core/errors';

// One policy for reading other users, for GET /user/details and GET /all-users alike:
// a caller reads another user only in organizations where its role may list users
// (Admin); anyone reads themself. A record shows the memberships in the caller's own
// organizations, nothing of others.

/** The caller's organizations, where a user's memberships are shown. */
export const memberOrgs = (ctx: RequestContext) => ctx.memberships.map((m) => m.orgId);

/**
 * The organizations in which `userId` is visible to the caller: all of the caller's for
 * themself; for another user those where the caller may list users, none of which is 403.
 */
export function orgsShowing(ctx: RequestContext, userId: number): number[] {
  if (userId === ctx.userId) return memberOrgs(ctx);
  const orgIds = memberOrgs(ctx).filter((orgId) => ctx.can('user', 'list', orgId));
  if (orgIds.length === 0) throw forbidden();
  return orgIds;
}
