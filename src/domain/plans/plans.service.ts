import type { RequestContext } from '../../core/context';
import { conflict, notFound, planLocked, projectInactive } from '../../core/errors';
import type { Tx } from '../../db/client';
import { requireProject } from '../access';
import { recordInProject } from '../audit/audit.service';
import { requireRunMilestone } from '../milestones/milestones.service';
import { lockRunIn, unlockRunIn } from '../runs/run-lock.service';
import {
  deletePlanRow,
  findPlanRow,
  insertPlanRow,
  listPlanRows,
  planRunIds,
  planRunRows,
  setPlanLocked,
  updatePlanRow,
  type PlanRow,
} from './data';
import { prepareEntries, writeEntries } from './plan-entries';
import { planRunOf, toPlanRecord } from './plan-shape';
import { emitRunsCreated, emitRunsDeleted } from '../webhooks/emitters/run-events';
import type { AddEntryInput, CreatePlanInput, EditPlanInput } from './plans.schemas';

// Test plans: list, create, add an entry, edit, lock and unlock, delete (their detail: plan-detail.service.ts).

/** A plan's transaction may write 500,000 results, or lock 200 runs. */
const PLAN_WRITE_TX = { maxWait: 10_000, timeout: 300_000 } as const;

export async function listPlans(ctx: RequestContext, q: { projectId: number; milestoneId?: number; limit: number; offset: number }) {
  await requireProject(ctx, q.projectId);
  const { rows, total } = await listPlanRows(ctx.db, q);
  return { plans: rows.map(toPlanRecord), total, limit: q.limit, offset: q.offset };
}

/** The plan of the project (404 naming the project when that is what the caller cannot see); `tx` takes its row lock. */
export async function requirePlan(ctx: RequestContext, projectId: number, planId: number, tx?: Tx): Promise<PlanRow> {
  const row = await findPlanRow(tx ?? ctx.db, ctx.orgIds, projectId, planId, { forUpdate: tx !== undefined });
  if (row) return row;
  await requireProject(ctx, projectId);
  throw notFound('Plan');
}

/** The plan, row-locked, for a change: 404, then 409 for an inactive project, then 423 for a locked plan (unless `allowLocked`). */
async function planForWrite(tx: Tx, ctx: RequestContext, projectId: number, planId: number, opts: { allowLocked?: boolean } = {}) {
  const row = await findPlanRow(tx, ctx.orgIds, projectId, planId, { forUpdate: true });
  if (!row) {
    await requireProject(ctx, projectId);
    throw notFound('Plan');
  }
  if (!row.projectActive) throw projectInactive();
  if (row.locked && !opts.allowLocked) throw planLocked();
  return row;
}

/** The plan as written, with its runs (created ones: all of them). */
async function planWithRuns(tx: Tx, ctx: RequestContext, projectId: number, planId: number) {
  const plan = await requirePlan(ctx, projectId, planId, tx);
  return { ...toPlanRecord(plan), runs: (await planRunRows(tx, planId)).map(planRunOf) };
}

/** Creates the plan and all its runs with their tests, in one transaction: all or nothing. */
export async function createPlan(ctx: RequestContext, input: CreatePlanInput) {
  const project = await requireProject(ctx, input.projectId, { active: true });
  return ctx.db.$transaction(async (tx) => {
    if (input.milestoneId !== undefined) await requireRunMilestone(tx, ctx, input.projectId, input.milestoneId);
    const entries = await prepareEntries(tx, input.projectId, input.entries, { runs: 0, results: 0 }, (i) => `entries.${i}.`);
    const milestoneId = input.milestoneId ?? null;
    const planId = await insertPlanRow(tx, { ...input, description: input.description ?? null, milestoneId, userId: ctx.userId });
    const runIds = await writeEntries(tx, ctx, { planId, projectId: input.projectId, name: input.name, milestoneId }, entries, new Set());
    await emitRunsCreated(tx, ctx, { orgId: project.orgId, projectId: input.projectId }, runIds);
    return planWithRuns(tx, ctx, input.projectId, planId);
  }, PLAN_WRITE_TX);
}

/** Adds one entry's runs to an open plan, named and placed (milestone) as its first runs were. */
export async function addPlanEntry(ctx: RequestContext, input: AddEntryInput) {
  return ctx.db.$transaction(async (tx) => {
    const plan = await planForWrite(tx, ctx, input.projectId, input.planId);
    const existing = await planRunRows(tx, plan.planId);
    const results = plan.passed + plan.failed + plan.blocked + plan.retest + plan.untested;
    const { projectId: _p, planId: _id, ...entry } = input;
    const entries = await prepareEntries(tx, input.projectId, [entry], { runs: existing.length, results }, () => '');
    const runIds = await writeEntries(tx, ctx, plan, entries, new Set(existing.map((r) => r.runName)));
    await emitRunsCreated(tx, ctx, { orgId: plan.orgId, projectId: input.projectId }, runIds);
    return planWithRuns(tx, ctx, input.projectId, plan.planId);
  }, PLAN_WRITE_TX);
}

export async function editPlan(ctx: RequestContext, input: EditPlanInput) {
  return ctx.db.$transaction(async (tx) => {
    const plan = await planForWrite(tx, ctx, input.projectId, input.planId);
    if (input.milestoneId != null) await requireRunMilestone(tx, ctx, input.projectId, input.milestoneId);
    await updatePlanRow(tx, plan.planId, plan.name, input);
    return toPlanRecord(await requirePlan(ctx, input.projectId, plan.planId, tx));
  }, PLAN_WRITE_TX);
}

/** Locks every open run of the plan (each as PUT /run/lock does) and marks the plan locked; a locked plan is 423. */
export async function lockPlan(ctx: RequestContext, input: { projectId: number; planId: number }) {
  return ctx.db.$transaction(async (tx) => {
    const plan = await planForWrite(tx, ctx, input.projectId, input.planId);
    const runIds = await planRunIds(tx, plan.planId, false);
    for (const runId of runIds) await lockRunIn(tx, ctx, runId, input.projectId);
    await setPlanLocked(tx, plan.planId, true);
    await recordInProject(tx, ctx, input.projectId, {
      action: 'plan.locked',
      targetType: 'plan',
      targetId: plan.planId,
      detail: { runIds },
    });
    return { ...toPlanRecord(await requirePlan(ctx, input.projectId, plan.planId, tx)), runsChanged: runIds.length };
  }, PLAN_WRITE_TX);
}

/** Unlocks every locked run of a locked plan; an open plan is 409. */
export async function unlockPlan(ctx: RequestContext, input: { projectId: number; planId: number }) {
  return ctx.db.$transaction(async (tx) => {
    const plan = await planForWrite(tx, ctx, input.projectId, input.planId, { allowLocked: true });
    if (!plan.locked) throw conflict('plan_not_locked', 'Plan is not locked');
    const runIds = await planRunIds(tx, plan.planId, true);
    for (const runId of runIds) await unlockRunIn(tx, ctx, runId, input.projectId);
    await setPlanLocked(tx, plan.planId, false);
    await recordInProject(tx, ctx, input.projectId, {
      action: 'plan.unlocked',
      targetType: 'plan',
      targetId: plan.planId,
      detail: { runIds },
    });
    return { ...toPlanRecord(await requirePlan(ctx, input.projectId, plan.planId, tx)), runsChanged: runIds.length };
  }, PLAN_WRITE_TX);
}

/** Deletes the plan with its runs, their results and history; a locked plan too, not in an inactive project. */
export async function deletePlan(ctx: RequestContext, input: { projectId: number; planId: number }) {
  return ctx.db.$transaction(async (tx) => {
    const plan = await planForWrite(tx, ctx, input.projectId, input.planId, { allowLocked: true });
    // Its runs go with it: each is told as run.deleted (via: plan), named as read before.
    const runs = await planRunRows(tx, plan.planId);
    const runsDeleted = await deletePlanRow(tx, plan.planId);
    await emitRunsDeleted(
      tx,
      ctx,
      { orgId: plan.orgId, projectId: input.projectId },
      runs.map((r) => ({ runId: r.runId, runName: r.runName, planId: plan.planId })),
      'plan',
    );
    await recordInProject(tx, ctx, input.projectId, {
      action: 'plan.deleted',
      targetType: 'plan',
      targetId: plan.planId,
      detail: { projectId: input.projectId, name: plan.name, runsDeleted },
    });
    return { planId: plan.planId, deleted: true as const, runsDeleted };
  }, PLAN_WRITE_TX);
}
