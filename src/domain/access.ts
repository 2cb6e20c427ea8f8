import type { RequestContext } from '../core/context';
import { notFound, projectInactive } from '../core/errors';
import type { OwnedRefs } from './orgs/data';
import { findProjectInOrgs } from './projects/data';

// Ownership reads live in the data module of what they answer: a project's in
// projects/data, which organization owns an id in orgs/data (orgsOwning).
export { orgsOwning, type OwnedRefs } from './orgs/data';

// Organization scoping lives in the `where` of every query (the data modules
// take the caller's orgIds): a record of another organization is simply not
// found, exactly like a missing one.

/** The project, if the caller may see it; `active` also refuses inactive projects (409). */
export async function requireProject(ctx: RequestContext, projectId: number, opts: { active?: boolean } = {}) {
  const project = await findProjectInOrgs(ctx.db, projectId, ctx.orgIds);
  if (!project) throw notFound('Project');
  if (opts.active && !project.isActive) throw projectInactive();
  return project;
}

export function requireOrgMember(ctx: Pick<RequestContext, 'orgIds'>, orgId: number): void {
  if (!ctx.orgIds.includes(orgId)) throw notFound('Organization');
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
    refs.labelId ??= idOf(o.labelId);
    refs.squadId ??= idOf(o.squadId);
    refs.lookupId ??= idOf(o.lookupId);
    refs.sharedStepsId ??= idOf(o.sharedStepsId);
    const testId = idOf(o.testId);
    if (testId !== undefined) refs.testIds.push(testId);
    if (Array.isArray(o.tests))
      for (const t of o.tests as unknown[]) {
        const id = t && typeof t === 'object' ? idOf((t as Record<string, unknown>).testId) : undefined;
        if (id !== undefined) refs.testIds.push(id);
      }
  }
  return refs;
}
