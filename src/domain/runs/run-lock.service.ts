import type { Tx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { conflict } from '../../core/errors';
import { lockRunForWrite, RUN_WRITE_TX, toRunRecord } from './run-access';
import { recordInProject } from '../audit/audit.service';
import { emitRunLock } from '../webhooks/emitters/run-events';
import { clearRunSnapshot, notifyRunChange, setRunLocked, setRunUnlocked, snapshotRunTests, type RunRow } from './data';

// Locking freezes a run: its results refuse changes (423) and its tests are
// shown as they were at lock time (data/snapshot.ts). An Admin may unlock it.
// A plan locks and unlocks all its runs the same way, in one transaction.

/** Locks the run within `tx` and snapshots its tests; a locked run is refused like any other change to it (423). */
export async function lockRunIn(tx: Tx, ctx: RequestContext, runId: number, projectId: number): Promise<RunRow> {
  const run = await lockRunForWrite(tx, ctx, runId, projectId);
  await snapshotRunTests(tx, runId, projectId);
  const locked = await setRunLocked(tx, runId, ctx.userId, new Date());
  await notifyRunChange(tx, { runId, projectId, userId: ctx.userId, kind: 'run', count: 0 });
  await recordInProject(tx, ctx, projectId, { action: 'run.locked', targetType: 'run', targetId: runId, detail: { projectId } });
  await emitRunLock(tx, ctx, { orgId: run.orgId, projectId, runId }, true);
  return locked;
}

/** Reopens a locked run within `tx`: the snapshot goes, the run shows the live catalog again. An open run is 409. */
export async function unlockRunIn(tx: Tx, ctx: RequestContext, runId: number, projectId: number): Promise<RunRow> {
  const current = await lockRunForWrite(tx, ctx, runId, projectId, { allowLocked: true });
  if (!current.locked) throw conflict('run_not_locked', 'Run is not locked');
  await clearRunSnapshot(tx, runId);
  const unlocked = await setRunUnlocked(tx, runId);
  await notifyRunChange(tx, { runId, projectId, userId: ctx.userId, kind: 'run', count: 0 });
  await recordInProject(tx, ctx, projectId, { action: 'run.unlocked', targetType: 'run', targetId: runId, detail: { projectId } });
  await emitRunLock(tx, ctx, { orgId: current.orgId, projectId, runId }, false);
  return unlocked;
}

export async function lockRun(ctx: RequestContext, runId: number, projectId: number) {
  const run = await ctx.db.$transaction((tx) => lockRunIn(tx, ctx, runId, projectId), RUN_WRITE_TX);
  return toRunRecord(run);
}

export async function unlockRun(ctx: RequestContext, runId: number, projectId: number) {
  const run = await ctx.db.$transaction((tx) => unlockRunIn(tx, ctx, runId, projectId), RUN_WRITE_TX);
  return toRunRecord(run);
}
