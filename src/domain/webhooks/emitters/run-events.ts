import type { Tx } from '../../../db/client';
import type { RequestContext } from '../../../core/context';
import type { RunFill } from '../../runs/data';
import { emitEvent, subscribed } from '../emit';
import type { RunCompletedData, RunDeletedData, RunLockData } from '../event-data';
import { eventRun, eventRuns, newFailures, projectName } from './data';

// The events of runs, each emitted inside the write's transaction: a run made, completed,
// locked, unlocked or deleted. The data builders run only when a webhook listens (emit.ts).

interface RunPlace {
  orgId: number;
  projectId: number;
}

/** run.created for each run made (run/create, a plan's runs, a JUnit import's new run). */
export async function emitRunsCreated(tx: Tx, ctx: RequestContext, place: RunPlace, runIds: number[]): Promise<void> {
  // One subscription read for a plan's many runs when nobody listens.
  if (runIds.length === 0 || !(await subscribed(tx, { type: 'run.created', ...place }))) return;
  let runs: Awaited<ReturnType<typeof eventRuns>> | undefined;
  for (const runId of runIds) {
    await emitEvent(tx, ctx, {
      type: 'run.created',
      ...place,
      data: async () => {
        runs ??= await eventRuns(tx, runIds);
        const { projectId: _p, ...run } = runs.get(runId)!;
        return { ...run };
      },
    });
  }
}

/** run.locked or run.unlocked (PUT /run/lock, /run/unlock, and each run of a plan locked or unlocked). */
export async function emitRunLock(tx: Tx, ctx: RequestContext, place: RunPlace & { runId: number }, locked: boolean): Promise<void> {
  await emitEvent(tx, ctx, {
    type: locked ? 'run.locked' : 'run.unlocked',
    orgId: place.orgId,
    projectId: place.projectId,
    data: async () => {
      const { projectId: _p, ...run } = await eventRun(tx, place.runId);
      const data: RunLockData = { ...run, locked };
      return { ...data };
    },
  });
}

/** run.deleted for each run, from what was read of it before it went (its project's name read once, when a webhook listens). */
export async function emitRunsDeleted(
  tx: Tx,
  ctx: RequestContext,
  place: RunPlace,
  runs: { runId: number; runName: string; planId: number | null }[],
  via: RunDeletedData['via'],
): Promise<void> {
  if (runs.length === 0 || !(await subscribed(tx, { type: 'run.deleted', ...place }))) return;
  let name: string | undefined;
  for (const run of runs) {
    await emitEvent(tx, ctx, {
      type: 'run.deleted',
      ...place,
      data: async () => {
        name ??= await projectName(tx, place.projectId);
        const data: RunDeletedData = { runId: run.runId, runName: run.runName, projectName: name, planId: run.planId, via };
        return { ...data };
      },
    });
  }
}

/** A run is complete when it holds tests and none is untested. */
export const isComplete = (fill: RunFill) => fill.total > 0 && fill.untested === 0;

/**
 * run.completed when this write took the run from not complete to complete. Every write to a
 * run's results holds its row lock (lockRunForWrite), so `before` (read under the lock) and
 * `after` (the write's own RETURNING) bound this write alone: two writers cannot both see the
 * transition, and a run re-opened (a result set back to untested, tests added) completes, and
 * is told, again.
 */
export async function emitIfCompleted(
  tx: Tx,
  ctx: RequestContext,
  place: RunPlace & { runId: number },
  before: RunFill,
  after: RunFill,
): Promise<void> {
  if (isComplete(before) || !isComplete(after)) return;
  await emitEvent(tx, ctx, {
    type: 'run.completed',
    orgId: place.orgId,
    projectId: place.projectId,
    data: async () => {
      const { projectId, ...run } = await eventRun(tx, place.runId);
      const failures = await newFailures(tx, { runId: run.runId, runName: run.runName, projectId, branch: run.build?.branch ?? null });
      const data: RunCompletedData = { ...run, newFailures: failures };
      return { ...data };
    },
  });
}

/** A run row's fill, from its counters. */
export const fillOf = (r: {
  passedCount: number;
  failedCount: number;
  blockedCount: number;
  retestCount: number;
  untestedCount: number;
}) => ({
  total: r.passedCount + r.failedCount + r.blockedCount + r.retestCount + r.untestedCount,
  untested: r.untestedCount,
});
