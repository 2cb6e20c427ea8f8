import type { Prisma } from '../../generated/prisma/client';
import type { RequestContext } from '../../core/context';
import { badRequest } from '../../core/errors';
import { recordInProject } from '../audit/audit.service';
import { counterMoves, lockRunForWrite, RUN_WRITE_TX } from './run-access';
import { entriesMessage, idListSql, insertUntested, MAX_NAMED, requireLiveTests } from './run-test-sources';
import type { AddTestsInput, RemoveTestsInput, UpdateStatusInput } from './runs.schemas';

// Writes to the results of a run: status updates, reset, adding and removing tests. Each
// is one transaction under the run's row lock (see lockRunForWrite) and a
// constant number of set-based statements, whatever the number of tests.

/** Refuses (400) the entries whose test is not in the run, naming them as `<field>.<i>.testId`. */
async function requireTestsInRun(tx: Prisma.TransactionClient, runId: number, ids: number[], name: (i: number) => string) {
  const rows = await tx.$queryRaw<{ id: number; n: bigint }[]>`
    SELECT v.id, v.n FROM unnest(${ids}::int[]) WITH ORDINALITY AS v(id, n)
    WHERE NOT EXISTS (SELECT 1 FROM run_tests rt WHERE rt.run_id = ${runId} AND rt.test_id = v.id)
    ORDER BY v.n LIMIT ${MAX_NAMED + 1}`;
  if (rows.length) {
    throw badRequest(entriesMessage(rows.map((r) => `${name(Number(r.n) - 1)}: Test ${r.id} is not in the run`)));
  }
}

/**
 * Sets the given statuses and comments, appends one history entry per result
 * (in the order given) and moves the run's counters, in one statement. The
 * `old` CTE sees the statuses before the update (all CTEs share one snapshot).
 */
export async function updateTestStatuses(ctx: RequestContext, input: UpdateStatusInput) {
  const ids = input.testResults.map((r) => r.testId);
  const statuses = input.testResults.map((r) => r.status);
  const comments = input.testResults.map((r) => r.comment ?? null);
  const elapsed = input.testResults.map((r) => r.elapsedMs ?? null);
  return ctx.db.$transaction(async (tx) => {
    await lockRunForWrite(tx, ctx, input.runId, input.projectId);
    await requireTestsInRun(tx, input.runId, ids, (i) => `testResults.${i}.testId`);
    const now = new Date();
    const [row] = await tx.$queryRaw<{ updated: number }[]>`
      WITH v AS (
        SELECT * FROM unnest(${ids}::int[], ${statuses}::text[]::"TestStatus"[], ${comments}::text[], ${elapsed}::int[])
          WITH ORDINALITY AS v(test_id, status, comment, elapsed_ms, n)
      ), old AS (
        SELECT rt.status FROM run_tests rt JOIN v ON v.test_id = rt.test_id WHERE rt.run_id = ${input.runId}
      ), upd AS (
        UPDATE run_tests rt SET status = v.status, comment = v.comment, elapsed_ms = v.elapsed_ms, updated_by = ${ctx.userId}, updated_at = ${now}
        FROM v WHERE rt.run_id = ${input.runId} AND rt.test_id = v.test_id
        RETURNING rt.status
      ), hist AS (
        INSERT INTO status_history (run_id, test_id, status, comment, elapsed_ms, user_id, created_at)
        SELECT ${input.runId}, v.test_id, v.status, v.comment, v.elapsed_ms, ${ctx.userId}, ${now} FROM v ORDER BY v.n
      )
      UPDATE runs SET ${counterMoves('upd', 'old')} WHERE id = ${input.runId}
      RETURNING (SELECT count(*) FROM upd)::int AS updated`;
    return { updated: row.updated };
  }, RUN_WRITE_TX);
}

/** Every test of the run becomes `retest` (comment and elapsed time cleared), each with a history entry. */
export async function resetRun(ctx: RequestContext, runId: number, projectId: number) {
  return ctx.db.$transaction(async (tx) => {
    await lockRunForWrite(tx, ctx, runId, projectId);
    const now = new Date();
    const [row] = await tx.$queryRaw<{ reset: number }[]>`
      WITH upd AS (
        UPDATE run_tests SET status = 'retest', comment = NULL, elapsed_ms = NULL, updated_by = ${ctx.userId}, updated_at = ${now}
        WHERE run_id = ${runId} RETURNING test_id
      ), hist AS (
        INSERT INTO status_history (run_id, test_id, status, user_id, created_at)
        SELECT ${runId}, test_id, 'retest', ${ctx.userId}, ${now} FROM upd ORDER BY test_id
      )
      UPDATE runs SET passed_count = 0, failed_count = 0, blocked_count = 0, untested_count = 0,
        retest_count = (SELECT count(*) FROM upd)
      WHERE id = ${runId}
      RETURNING retest_count AS reset`;
    await recordInProject(tx, ctx.userId, projectId, { action: 'run.reset', targetType: 'run', targetId: runId, detail: { projectId, reset: row.reset } });
    return { reset: row.reset };
  }, RUN_WRITE_TX);
}

/** Drops tests from the run; their history in it stays. A test not in the run is 400. */
export async function removeTests(ctx: RequestContext, input: RemoveTestsInput) {
  return ctx.db.$transaction(async (tx) => {
    await lockRunForWrite(tx, ctx, input.runId, input.projectId);
    await requireTestsInRun(tx, input.runId, input.testIds, (i) => `testIds.${i}`);
    const [row] = await tx.$queryRaw<{ removed: number }[]>`
      WITH del AS (
        DELETE FROM run_tests WHERE run_id = ${input.runId} AND test_id = ANY(${input.testIds}::int[]) RETURNING status
      )
      UPDATE runs SET ${counterMoves(null, 'del')} WHERE id = ${input.runId}
      RETURNING (SELECT count(*) FROM del)::int AS removed`;
    return { removed: row.removed };
  }, RUN_WRITE_TX);
}

/**
 * Puts live tests of the project into an open run as `untested` (one history
 * entry each, by test id); tests already in it keep their status and comment.
 */
export async function addTests(ctx: RequestContext, input: AddTestsInput) {
  return ctx.db.$transaction(async (tx) => {
    await lockRunForWrite(tx, ctx, input.runId, input.projectId);
    await requireLiveTests(tx, input.projectId, input.testIds);
    return insertUntested(tx, input.runId, ctx.userId, idListSql(input.testIds), { newRun: false });
  }, RUN_WRITE_TX);
}
