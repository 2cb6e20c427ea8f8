import type { RequestContext } from '../http/route';
import { notFound, projectInactive } from '../http/errors';

// Organization scoping lives in the `where` of every query: a record of another
// organization is simply not found, exactly like a missing one.

export const inCallerOrgs = (ctx: Pick<RequestContext, 'orgIds'>) => ({ in: ctx.orgIds });

export const projectScope = (ctx: Pick<RequestContext, 'orgIds'>, projectId: number) => ({
  projectId,
  orgId: inCallerOrgs(ctx),
});

/** The project, if the caller may see it; `active` also refuses inactive projects (409). */
export async function requireProject(ctx: RequestContext, projectId: number, opts: { active?: boolean } = {}) {
  const project = await ctx.db.project.findFirst({ where: projectScope(ctx, projectId) });
  if (!project) throw notFound('Project');
  if (opts.active && !project.isActive) throw projectInactive();
  return project;
}

export function requireOrgMember(ctx: Pick<RequestContext, 'orgIds'>, orgId: number): void {
  if (!ctx.orgIds.includes(orgId)) throw notFound('Organization');
}
