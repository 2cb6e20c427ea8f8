import type { RequestContext } from '../../core/context';
import { notFound } from '../../core/errors';
import { findOrgWithProjectCount, listOrgsIn } from './data';

export function listOrgs(ctx: RequestContext) {
  return listOrgsIn(ctx.db, ctx.orgIds);
}

export async function getOrg(ctx: RequestContext, orgId: number) {
  const org = await findOrgWithProjectCount(ctx.db, orgId, ctx.orgIds);
  if (!org) throw notFound('Organization');
  return org;
}
