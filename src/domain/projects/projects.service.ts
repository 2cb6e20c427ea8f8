import type { RequestContext } from '../../core/context';
import { conflict, notFound } from '../../core/errors';
import { defaultLookupRows } from '../lookups/lookup-defaults';
import { recordInProject } from '../audit/audit.service';
import { inCallerOrgs, projectScope, requireOrgMember, requireProject } from '../access';
import type { CreateProjectInput, EditProjectInput } from './projects.schemas';

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === 'P2002';
const duplicateName = () => conflict('Project already exists');

export async function listProjects(ctx: RequestContext, q: { orgId: number; page: number; pageSize: number; isActive?: boolean }) {
  requireOrgMember(ctx, q.orgId);
  const where = { orgId: q.orgId, ...(q.isActive === undefined ? {} : { isActive: q.isActive }) };
  const [projects, total] = await Promise.all([
    ctx.db.project.findMany({ where, orderBy: { projectId: 'asc' }, skip: (q.page - 1) * q.pageSize, take: q.pageSize }),
    ctx.db.project.count({ where }),
  ]);
  return { projects, total, page: q.page, pageSize: q.pageSize };
}

export async function getProject(ctx: RequestContext, projectId: number) {
  const project = await ctx.db.project.findFirst({
    where: projectScope(ctx, projectId),
    include: { _count: { select: { runs: true, tests: { where: { deletedAt: null } } } } },
  });
  if (!project) throw notFound('Project');
  const { _count, ...rest } = project;
  return { ...rest, testCount: _count.tests, runCount: _count.runs };
}

/** Creates the project and seeds its five lookup lists, in one transaction. */
export async function createProject(ctx: RequestContext, input: CreateProjectInput) {
  requireOrgMember(ctx, input.orgId);
  try {
    return await ctx.db.$transaction(async (tx) => {
      const project = await tx.project.create({
        data: { orgId: input.orgId, projectName: input.projectName, projectDescription: input.projectDescription ?? null, createdBy: ctx.userId },
      });
      await tx.lookupEntry.createMany({ data: defaultLookupRows(project.projectId) });
      return project;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateName();
    throw err;
  }
}

export async function editProject(ctx: RequestContext, input: EditProjectInput) {
  await requireProject(ctx, input.projectId);
  try {
    return await ctx.db.project.update({
      where: { projectId: input.projectId },
      data: { projectName: input.projectName, projectDescription: input.projectDescription },
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateName();
    throw err;
  }
}

export async function setProjectStatus(ctx: RequestContext, projectId: number, isActive: boolean) {
  await requireProject(ctx, projectId);
  return ctx.db.project.update({ where: { projectId }, data: { isActive } });
}

export async function deleteProject(ctx: RequestContext, projectId: number) {
  await ctx.db.$transaction(async (tx) => {
    const project = await tx.project.findFirst({ where: { projectId, orgId: inCallerOrgs(ctx) }, select: { projectName: true } });
    if (!project) throw notFound('Project');
    await recordInProject(tx, ctx.userId, projectId, { action: 'project.deleted', targetType: 'project', targetId: projectId, detail: { projectName: project.projectName } });
    await tx.project.delete({ where: { projectId } });
  });
  return { projectId, deleted: true as const };
}
