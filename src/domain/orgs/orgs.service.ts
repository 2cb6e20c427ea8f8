import type { RequestContext } from '../../core/context';
import { notFound } from '../../core/errors';

const orgSelect = { orgId: true, orgName: true, createdAt: true } as const;

export function listOrgs(ctx: RequestContext) {
  return ctx.db.organization.findMany({ where: { orgId: { in: ctx.orgIds } }, select: orgSelect, orderBy: { orgId: 'asc' } });
}

export async function getOrg(ctx: RequestContext, orgId: number) {
  const org = await ctx.db.organization.findFirst({
    where: { orgId, AND: { orgId: { in: ctx.orgIds } } },
    select: { ...orgSelect, _count: { select: { projects: true } } },
  });
  if (!org) throw notFound('Organization');
  const { _count, ...rest } = org;
  return { ...rest, projectCount: _count.projects };
}
