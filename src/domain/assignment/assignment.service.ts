import type { Prisma } from '../../generated/prisma/client';
import type { DbOrTx, Tx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { badRequest } from '../../core/errors';
import { requireProject } from '../access';
import { idListSql, notifyRunChange, runTestsOfSource, selectionSql, setAssignees } from '../runs/data';
import { lockRunForWrite, RUN_WRITE_TX } from '../runs/run-access';
import { requireTestsInRun } from '../runs/run-results.service';
import { entriesMessage, MAX_NAMED, requireSelectionIds } from '../runs/run-test-sources';
import type { AssignInput } from './assignment.schemas';
import { myWorkPage, nonMembers, projectMembers } from './data';
import { distribute } from './distribute';

// Who executes which test of a run: PUT /run/assign (one member, nobody, or a split
// between several), the members a project's tests may go to, and a user's own work.

/**
 * Refuses (400 assignee_not_member) the users who are no member of the project's organization,
 * naming each by its place in the request (`pathOf` gets the 0-based index in `userIds`).
 */
export async function requireMembers(db: DbOrTx, projectId: number, userIds: number[], pathOf: (i: number) => string) {
  if (!userIds.length) return;
  const outside = await nonMembers(db, projectId, userIds);
  if (!outside.length) return;
  const parts = outside
    .slice(0, MAX_NAMED + 1)
    .map((r) => `${pathOf(Number(r.n) - 1)}: User ${r.id} is not a member of the run's organization`);
  throw badRequest(entriesMessage(parts), 'assignee_not_member');
}

/** The tests the request names, as a SELECT of `test_id, n`, checked: listed ones must be in the run, a selection must name the project's records. */
async function assignSource(tx: Tx, input: AssignInput): Promise<Prisma.Sql> {
  if (input.testIds) {
    await requireTestsInRun(tx, input.runId, input.testIds, (i) => `testIds.${i}`);
    return idListSql(input.testIds);
  }
  await requireSelectionIds({ db: tx }, input.projectId, input);
  return selectionSql(input.projectId, input);
}

/**
 * Assigns the named tests of an open run to one member (or to nobody), or splits them
 * between several (distribute.ts), in one transaction under the run's row lock: all
 * or nothing. Answers how many were written and each assignee's share.
 */
export async function assignTests(ctx: RequestContext, input: AssignInput) {
  return ctx.db.$transaction(async (tx) => {
    await lockRunForWrite(tx, ctx, input.runId, input.projectId);
    const source = await assignSource(tx, input);
    if (input.distribute) await requireMembers(tx, input.projectId, input.distribute, (i) => `distribute.${i}`);
    else if (input.assigneeId) await requireMembers(tx, input.projectId, [input.assigneeId], () => 'assigneeId');
    const tests = await runTestsOfSource(tx, input.runId, input.projectId, source);
    if (!tests.length) throw badRequest('no test of the run matches the selection', 'no_matching_tests');
    const plan = input.distribute
      ? distribute(
          tests.map((t) => ({ item: t.testId, block: t.sectionId })),
          input.distribute,
        )
      : tests.map((t) => ({ item: t.testId, assigneeId: input.assigneeId ?? null }));
    const assigned = await setAssignees(
      tx,
      input.runId,
      plan.map((p) => p.item),
      plan.map((p) => p.assigneeId),
    );
    await notifyRunChange(tx, { runId: input.runId, projectId: input.projectId, userId: ctx.userId, kind: 'run', count: assigned });
    const order = input.distribute ?? [input.assigneeId ?? null];
    const counts = new Map<number | null, number>();
    for (const p of plan) counts.set(p.assigneeId, (counts.get(p.assigneeId) ?? 0) + 1);
    const assignees = order.map((assigneeId) => ({ assigneeId, count: counts.get(assigneeId) ?? 0 }));
    return { assigned, assignees };
  }, RUN_WRITE_TX);
}

/** The members of the project's organization: who its runs' tests may be assigned to. */
export async function listProjectMembers(ctx: RequestContext, projectId: number) {
  await requireProject(ctx, projectId);
  return projectMembers(ctx.db, projectId);
}

/** The caller's open runs with tests assigned to them, newest first, across the organizations the route allows. */
export async function getMyWork(ctx: RequestContext, q: { limit: number; offset: number }) {
  const page = await myWorkPage(ctx.db, ctx.userId, ctx.orgIds, q.limit, q.offset);
  return { ...page, limit: q.limit, offset: q.offset };
}
