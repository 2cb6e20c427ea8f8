import type { RequestContext } from '../../core/context';
import { callerKey } from '../caller-key';
import { orgsChangeSum } from '../orgs/data';
import { visibleUserChangeCount } from './data';
import { memberOrgs, orgsShowing } from './user-visibility';

// Versions of the user reads (the ETags of src/http/etag.ts). A user record shows
// the user's name and email and its memberships in the caller's organizations, so
// a version names the caller's memberships (callerKey) besides the counters.

/**
 * GET /user/details: the user's change counter (name, email, memberships), when the
 * caller may see the user; undefined otherwise (the route answers 404).
 */
export async function userDetailsVersion(
  ctx: RequestContext,
  input: { query: { userId?: number; orgId?: number } },
): Promise<string | undefined> {
  const { orgId } = input.query;
  if (orgId !== undefined && !ctx.orgIds.includes(orgId)) return undefined;
  const userId = input.query.userId ?? ctx.userId;
  const changes = await visibleUserChangeCount(ctx.db, userId, ctx.userId, orgsShowing(ctx, userId));
  return changes === undefined ? undefined : `u${userId}.${changes}.${callerKey(ctx)}`;
}

/**
 * GET /all-users: the change counters of every organization of the caller. The list
 * holds members of some of them, each shown with its memberships in all of them;
 * a member's name or email, a membership or a role changing moves the counter of
 * the organization concerned (orgs/data/changes.ts).
 */
export async function allUsersVersion(ctx: RequestContext, input: { query: { orgId?: number } }): Promise<string | undefined> {
  const { orgId } = input.query;
  if (orgId !== undefined && !ctx.orgIds.includes(orgId)) return undefined;
  return `us${await orgsChangeSum(ctx.db, memberOrgs(ctx))}.${callerKey(ctx)}`;
}
