import type { RequestContext } from '../../core/context';
import { badRequest, conflict, notFound, projectInactive } from '../../core/errors';
import type { DbOrTx, Tx } from '../../db/client';
import { requireProject } from '../access';
import { recordInProject } from '../audit/audit.service';
import {
  deleteMilestoneRow,
  findMilestoneRef,
  insertMilestone,
  listMilestoneRows,
  milestoneRows,
  setMilestoneStatus,
  updateMilestone,
  type MilestoneRef,
} from './data';
import { Prisma } from '../../generated/prisma/client';
import { emitMilestoneCompleted } from '../webhooks/emitters/catalog-events';
import { DATES_MESSAGE, type CreateMilestoneInput, type EditMilestoneInput, type ListMilestonesInput } from './milestones.schemas';

// Milestones: list, create, edit, complete, reopen, delete (their progress: progress.service.ts).

export async function listMilestones(ctx: RequestContext, q: ListMilestonesInput) {
  await requireProject(ctx, q.projectId);
  const { rows, total } = await listMilestoneRows(ctx.db, q);
  return { milestones: rows, total, limit: q.limit, offset: q.offset };
}

/** The milestone of the project (404 naming the project when that is what the caller cannot see). */
export async function requireMilestone(ctx: RequestContext, projectId: number, milestoneId: number, tx?: Tx): Promise<MilestoneRef> {
  const ref = await findMilestoneRef(tx ?? ctx.db, ctx.orgIds, projectId, milestoneId, { forUpdate: tx !== undefined });
  if (ref) return ref;
  await requireProject(ctx, projectId);
  throw notFound('Milestone');
}

/** A milestone a run names (run/create, run/edit): one of the run's project, else 400 invalid_reference. */
export async function requireRunMilestone(db: DbOrTx, ctx: RequestContext, projectId: number, milestoneId: number): Promise<void> {
  if (!(await findMilestoneRef(db, ctx.orgIds, projectId, milestoneId)))
    throw badRequest(`milestoneId: No milestone ${milestoneId} in project ${projectId}`, 'invalid_reference');
}

export async function milestoneRecord(db: DbOrTx, milestoneId: number) {
  const [record] = await milestoneRows(db, Prisma.sql`m.id = ${milestoneId}::int`);
  return record;
}

/** The parent a milestone may take: a top-level milestone of the same project, not the milestone itself. */
async function requireParent(tx: Tx, ctx: RequestContext, projectId: number, parentId: number, self?: MilestoneRef) {
  const parent = await findMilestoneRef(tx, ctx.orgIds, projectId, parentId, { forUpdate: true });
  if (!parent) throw badRequest(`parentId: No milestone ${parentId} in project ${projectId}`, 'invalid_reference');
  if (parent.parentId !== null)
    throw badRequest(`parentId: Milestone ${parentId} is a sub-milestone; sub-milestones have none of their own`, 'milestone_nesting');
  if (self && parent.milestoneId === self.milestoneId)
    throw badRequest('parentId: A milestone cannot be its own parent', 'milestone_nesting');
  if (self && self.childCount > 0)
    throw badRequest(`parentId: Milestone ${self.milestoneId} has sub-milestones, so it cannot become one`, 'milestone_nesting');
}

export async function createMilestone(ctx: RequestContext, input: CreateMilestoneInput) {
  await requireProject(ctx, input.projectId, { active: true });
  const id = await ctx.db.$transaction(async (tx) => {
    if (input.parentId != null) await requireParent(tx, ctx, input.projectId, input.parentId);
    return insertMilestone(tx, input.projectId, ctx.userId, input);
  });
  return milestoneRecord(ctx.db, id);
}

/** The milestone for a write: locked for the transaction, in an active project. */
async function takeForWrite(tx: Tx, ctx: RequestContext, projectId: number, milestoneId: number) {
  const ref = await requireMilestone(ctx, projectId, milestoneId, tx);
  if (!ref.projectActive) throw projectInactive();
  return ref;
}

export async function editMilestone(ctx: RequestContext, input: EditMilestoneInput) {
  await ctx.db.$transaction(async (tx) => {
    const ref = await takeForWrite(tx, ctx, input.projectId, input.milestoneId);
    // A date given alone is checked against the other as stored.
    const start = input.startDate !== undefined ? input.startDate : ref.startDate;
    const due = input.dueDate !== undefined ? input.dueDate : ref.dueDate;
    if (start && due && due < start) throw badRequest(`dueDate: ${DATES_MESSAGE} (${start})`);
    if (input.parentId != null) await requireParent(tx, ctx, input.projectId, input.parentId, ref);
    await updateMilestone(tx, input.milestoneId, input);
  });
  return milestoneRecord(ctx.db, input.milestoneId);
}

/** Completes an open milestone (409 milestone_completed when it is) or reopens a completed one (409 milestone_open). */
export async function setMilestoneCompleted(ctx: RequestContext, input: { projectId: number; milestoneId: number }, completed: boolean) {
  await ctx.db.$transaction(async (tx) => {
    const ref = await takeForWrite(tx, ctx, input.projectId, input.milestoneId);
    if (completed && ref.status === 'completed') throw conflict('milestone_completed', 'Milestone is already completed');
    if (!completed && ref.status === 'open') throw conflict('milestone_open', 'Milestone is not completed');
    await setMilestoneStatus(tx, input.milestoneId, completed);
    // Once per completion: completing a completed milestone is refused above (409), under its row lock.
    if (completed)
      await emitMilestoneCompleted(tx, ctx, { orgId: ref.orgId, projectId: input.projectId }, () => milestoneRecord(tx, input.milestoneId));
  });
  return milestoneRecord(ctx.db, input.milestoneId);
}

/** Deletes the milestone: its runs stay, without a milestone; its sub-milestones become top-level ones. */
export async function deleteMilestone(ctx: RequestContext, input: { projectId: number; milestoneId: number }) {
  return ctx.db.$transaction(async (tx) => {
    const ref = await takeForWrite(tx, ctx, input.projectId, input.milestoneId);
    const runsDetached = await deleteMilestoneRow(tx, input.milestoneId);
    await recordInProject(tx, ctx, input.projectId, {
      action: 'milestone.deleted',
      targetType: 'milestone',
      targetId: input.milestoneId,
      detail: { projectId: input.projectId, name: ref.name, runsDetached },
    });
    return { milestoneId: input.milestoneId, deleted: true as const, runsDetached };
  });
}
