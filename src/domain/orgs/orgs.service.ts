import type { RequestContext } from '../../core/context';
import { conflict, forbidden, notFound } from '../../core/errors';
import { recordAudit } from '../audit/audit.service';
import { addMemberships, noteUserChange } from '../users/data';
import { findOldestOrgId, findOrgId, findOrgWithProjectCount, insertOrg, listOrgsIn, noteOrgChange } from './data';

export function listOrgs(ctx: RequestContext) {
  return listOrgsIn(ctx.db, ctx.orgIds);
}

export async function getOrg(ctx: RequestContext, orgId: number) {
  const org = await findOrgWithProjectCount(ctx.db, orgId, ctx.orgIds);
  if (!org) throw notFound('Organization');
  return org;
}

/**
 * The installation's Admins are the Admins of its first organization (`Default`, made at
 * first start, whose Admin is admin@localhost): they, and only they, create organizations.
 * An installation has no other administrator, so this needs no setting of its own: making
 * someone Admin of the first organization makes them one. Answers that organization's id
 * when the caller is one of its Admins.
 */
export async function installationAdminOf(ctx: Pick<RequestContext, 'db' | 'memberships'>): Promise<number | undefined> {
  const first = await findOldestOrgId(ctx.db);
  const admin = first !== null && ctx.memberships.some((m) => m.orgId === first.orgId && m.role === 'Admin');
  return admin ? first.orgId : undefined;
}

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === 'P2002';

/**
 * Creates an organization (installation Admin only) with the caller as its first Admin,
 * recorded in its log and in the first organization's, where the installation's Admins read it.
 */
export async function createOrg(ctx: RequestContext, input: { orgName: string }) {
  const firstOrgId = await installationAdminOf(ctx);
  if (firstOrgId === undefined) throw forbidden();
  const duplicate = () => conflict('duplicate_name', 'Organization already exists');
  try {
    return await ctx.db.$transaction(async (tx) => {
      if (await findOrgId(tx, { orgName: input.orgName })) throw duplicate();
      const org = await insertOrg(tx, input.orgName);
      await addMemberships(tx, [{ userId: ctx.userId, orgId: org.orgId, role: 'Admin' }]);
      await noteUserChange(tx, ctx.userId);
      await noteOrgChange(tx, org.orgId);
      await recordAudit(tx, ctx, [firstOrgId, org.orgId], {
        action: 'org.created',
        targetType: 'organization',
        targetId: org.orgId,
        detail: { orgName: org.orgName },
      });
      return org;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicate();
    throw err;
  }
}
