import type { RequestContext } from '../../core/context';
import { pageOf } from '../../core/cursor';
import { conflict, notFound } from '../../core/errors';
import { requireUnchanged } from '../../core/record-stamp';
import { defaultLookupRows } from '../lookups/lookup-defaults';
import { recordAudit } from '../audit/audit.service';
import { requireOrgMember, requireProject } from '../access';
import {
  deleteProjectRow,
  findProjectInOrgs,
  findProjectWithCounts,
  insertLookupEntries,
  insertProject,
  listProjectsPage,
  lockProjectStamp,
  updateProject,
} from './data';
import type { CreateProjectInput, EditProjectInput } from './projects.schemas';

const isUniqueViolation = (err: unknown) => (err as { code?: string }).code === 'P2002';
const duplicateName = () => conflict('duplicate_name', 'Project already exists');

/** A page of the organization's projects by id; with a cursor, pages count from the project after it. */
export async function listProjects(
  ctx: RequestContext,
  q: { orgId: number; page: number; pageSize: number; isActive?: boolean; cursor?: number },
) {
  requireOrgMember(ctx, q.orgId);
  const [rows, total] = await listProjectsPage(ctx.db, {
    orgId: q.orgId,
    isActive: q.isActive,
    afterId: q.cursor,
    skip: (q.page - 1) * q.pageSize,
    take: q.pageSize,
  });
  const { rows: projects, next } = pageOf(rows, q.pageSize, (p) => p.projectId);
  return { projects, total, page: q.page, pageSize: q.pageSize, ...next };
}

export async function getProject(ctx: RequestContext, projectId: number) {
  const project = await findProjectWithCounts(ctx.db, projectId, ctx.orgIds);
  if (!project) throw notFound('Project');
  return project;
}

/** Creates the project and seeds its five lookup lists, in one transaction. */
export async function createProject(ctx: RequestContext, input: CreateProjectInput) {
  requireOrgMember(ctx, input.orgId);
  try {
    return await ctx.db.$transaction(async (tx) => {
      const project = await insertProject(tx, {
        orgId: input.orgId,
        projectName: input.projectName,
        projectDescription: input.projectDescription ?? null,
        createdBy: ctx.userId,
      });
      await insertLookupEntries(tx, defaultLookupRows(project.projectId));
      return project;
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateName();
    throw err;
  }
}

/** The update in a transaction of its own: the counters its route declares move in it (src/domain/tracked-writes.ts). */
function updateProjectRecord(ctx: RequestContext, projectId: number, fields: Parameters<typeof updateProject>[2]) {
  return ctx.db.$transaction(async (tx) => updateProject(tx, projectId, fields));
}

/** Renames a project, changes its description or its defect URL template; with `ifMatch` (an If-Match header) only if neither changed since it was read (412). */
export async function editProject(ctx: RequestContext, input: EditProjectInput, ifMatch?: string) {
  await requireProject(ctx, input.projectId);
  try {
    return await ctx.db.$transaction(async (tx) => {
      // Compared under the project's row lock, so no write can come between the check and this one.
      const stamp = await lockProjectStamp(tx, input.projectId);
      if (stamp === undefined) throw notFound('Project');
      requireUnchanged(ifMatch, stamp, 'Project');
      return updateProject(tx, input.projectId, {
        projectName: input.projectName,
        projectDescription: input.projectDescription,
        defectUrlTemplate: input.defectUrlTemplate,
      });
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw duplicateName();
    throw err;
  }
}

export async function setProjectStatus(ctx: RequestContext, projectId: number, isActive: boolean) {
  await requireProject(ctx, projectId);
  return updateProjectRecord(ctx, projectId, { isActive });
}

export async function deleteProject(ctx: RequestContext, projectId: number) {
  await ctx.db.$transaction(async (tx) => {
    const project = await findProjectInOrgs(tx, projectId, ctx.orgIds);
    if (!project) throw notFound('Project');
    await deleteProjectRow(tx, projectId);
    await recordAudit(tx, ctx, [project.orgId], {
      action: 'project.deleted',
      targetType: 'project',
      targetId: projectId,
      detail: { projectName: project.projectName },
    });
  });
  return { projectId, deleted: true as const };
}
