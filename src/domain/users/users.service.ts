import type { Role } from '../../generated/prisma/client';
import type { RequestContext } from '../../core/context';
import { pageOf } from '../../core/cursor';
import { badRequest, conflict, forbidden, notFound } from '../../core/errors';
import { requireOrgMember } from '../access';
import { memberOrgs, orgsShowing } from './user-visibility';
import { recordAudit } from '../audit/audit.service';
import { lockOrg } from '../orgs/data';
import { installationAdminOf } from '../orgs/orgs.service';
import {
  countAdmins,
  findRole,
  findVisibleUser,
  getRole,
  getUserShown,
  listUsersPage,
  noteUserChange,
  setRole,
  sharedMemberships,
  type UserRow,
} from './data';

/** The record the API shows; `role` is the one in `orgId`, or in the only organization shown. */
function toUser(u: UserRow, orgId?: number) {
  const shown = orgId === undefined ? u.memberships : u.memberships.filter((m) => m.orgId === orgId);
  return {
    userId: u.userId,
    name: u.name,
    email: u.email,
    role: shown.length === 1 ? shown[0].role : null,
    orgIds: u.memberships.map((m) => m.orgId),
    memberships: u.memberships,
  };
}

export async function getUser(ctx: RequestContext, q: { userId: number; orgId?: number }) {
  if (q.orgId !== undefined) requireOrgMember(ctx, q.orgId);
  const user = await findVisibleUser(ctx.db, q.userId, ctx.userId, orgsShowing(ctx, q.userId), memberOrgs(ctx));
  if (!user) throw notFound('User');
  if (q.userId !== ctx.userId) return toUser(user, q.orgId);
  return { ...toUser(user, q.orgId), installationAdmin: (await installationAdminOf(ctx)) !== undefined };
}

/** Users of the organizations where the caller is Admin (or of the one asked for). */
export async function listUsers(ctx: RequestContext, q: { orgId?: number; limit: number; offset: number; cursor?: number }) {
  if (q.orgId !== undefined) requireOrgMember(ctx, q.orgId);
  const [rows, total] = await listUsersPage(ctx.db, {
    orgId: q.orgId,
    orgIds: ctx.orgIds,
    shownOrgIds: memberOrgs(ctx),
    afterId: q.cursor,
    skip: q.offset,
    take: q.limit,
  });
  const { rows: users, next } = pageOf(rows, q.limit, (u) => u.userId);
  return { users: users.map((u) => toUser(u, q.orgId)), total, limit: q.limit, offset: q.offset, ...next };
}

/**
 * Changes the user's role in one organization: the one named, or the only one
 * the user shares with the caller. Only an Admin there may; its last Admin stays.
 */
export async function updateRole(ctx: RequestContext, input: { userId: number; role: Role; orgId?: number }) {
  const shared = await sharedMemberships(ctx.db, input.userId, memberOrgs(ctx));
  if (shared.length === 0) throw notFound('User');
  if (input.orgId !== undefined && !memberOrgs(ctx).includes(input.orgId)) throw notFound('Organization');
  if (input.orgId === undefined && shared.length > 1) {
    throw badRequest('orgId: Required when the user belongs to more than one of your organizations');
  }
  const orgId = input.orgId ?? shared[0].orgId;
  if (!shared.some((m) => m.orgId === orgId)) throw notFound('User');
  if (!ctx.can('user', 'update-role', orgId)) throw forbidden();

  return ctx.db.$transaction(async (tx) => {
    // The user's row before the organization's (the lock order of orgs/data/changes.ts);
    // the user's details show the role.
    await noteUserChange(tx, input.userId);
    // The organization's row lock serializes role changes within it, so two
    // Admins demoting each other at once cannot leave it without an Admin.
    await lockOrg(tx, orgId);
    const caller = await findRole(tx, ctx.userId, orgId);
    if (caller?.role !== 'Admin') throw forbidden(); // demoted meanwhile
    const current = await getRole(tx, input.userId, orgId);
    if (current.role === 'Admin' && input.role !== 'Admin') {
      const admins = await countAdmins(tx, orgId);
      if (admins <= 1) throw conflict('last_admin', 'Cannot change the role of the last Admin');
    }
    if (current.role !== input.role) {
      await setRole(tx, input.userId, orgId, input.role);
      await recordAudit(tx, ctx, [orgId], {
        action: 'user.role-changed',
        targetType: 'user',
        targetId: input.userId,
        detail: { from: current.role, to: input.role },
      });
    }
    const user = await getUserShown(tx, input.userId, memberOrgs(ctx));
    return toUser(user, orgId);
  });
}
