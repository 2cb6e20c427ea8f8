import type { Db } from '../db/client';
import type { RequestContext } from '../core/context';
import { notFound, projectInactive } from '../core/errors';

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

/** The ids in a request's input that name something an organization owns. */
export interface OwnedRefs {
  orgId?: number;
  projectId?: number;
  runId?: number;
  sectionId?: number;
  testIds: number[];
}

const idOf = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : undefined);

/** Reads the owned references from validated input, by the API's field names. */
export function ownedRefs(...inputs: unknown[]): OwnedRefs {
  const refs: OwnedRefs = { testIds: [] };
  for (const input of inputs) {
    if (!input || typeof input !== 'object') continue;
    const o = input as Record<string, unknown>;
    refs.orgId ??= idOf(o.orgId);
    refs.projectId ??= idOf(o.projectId);
    refs.runId ??= idOf(o.runId);
    refs.sectionId ??= idOf(o.sectionId);
    const testId = idOf(o.testId);
    if (testId !== undefined) refs.testIds.push(testId);
    if (Array.isArray(o.tests)) for (const t of o.tests) if (idOf(t?.testId) !== undefined) refs.testIds.push(t.testId);
  }
  return refs;
}

/** Which of `memberOrgIds` own the referenced records (one round trip). */
export async function orgsOwning(db: Db, refs: OwnedRefs, memberOrgIds: number[]): Promise<number[]> {
  const rows = await db.$queryRaw<{ org_id: number }[]>`
    SELECT DISTINCT org_id FROM (
      SELECT id AS org_id FROM organizations WHERE id = ${refs.orgId ?? null}::int
      UNION ALL SELECT org_id FROM projects WHERE id = ${refs.projectId ?? null}::int
      UNION ALL SELECT p.org_id FROM runs r JOIN projects p ON p.id = r.project_id WHERE r.id = ${refs.runId ?? null}::int
      UNION ALL SELECT p.org_id FROM sections s JOIN projects p ON p.id = s.project_id WHERE s.id = ${refs.sectionId ?? null}::int
      UNION ALL SELECT p.org_id FROM tests t JOIN projects p ON p.id = t.project_id WHERE t.id = ANY(${refs.testIds}::int[])
    ) owners WHERE org_id = ANY(${memberOrgIds}::int[])`;
  return rows.map((r) => Number(r.org_id));
}
