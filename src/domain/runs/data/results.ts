import type { Tx } from '../../../db/client';
import { Prisma } from '../../../generated/prisma/client';
import type { TestStatusName } from '../runs.schemas';
import { counterMoves, RESULTS_MOVED, RUN_FILL, type RunFill } from './columns';
import { defectsFromParam, defectsParam } from '../../defects/defect-links';
import { versionSql } from '../../test-cases/data';

// Writes to a run's results: each is one set-based statement whatever the number
// of tests, moving the run's counters with it. The caller holds the run's row
// lock (see lockRunForWrite) in the transaction `tx`.

/** Entries of `ids` whose test is not in the run (`n`: 1-based position in `ids`), at most `limit`. */
export function idsNotInRun(tx: Tx, runId: number, ids: number[], limit: number) {
  return tx.$queryRaw<{ id: number; n: bigint }[]>`
    SELECT v.id, v.n FROM unnest(${ids}::int[]) WITH ORDINALITY AS v(id, n)
    WHERE NOT EXISTS (SELECT 1 FROM run_tests rt WHERE rt.run_id = ${runId} AND rt.test_id = v.id)
    ORDER BY v.n LIMIT ${limit}`;
}

export interface StatusRows {
  testIds: number[];
  statuses: TestStatusName[];
  comments: (string | null)[];
  elapsedMs: (number | null)[];
  /** Each result's defects (none when empty). */
  defects: string[][];
  /** Each result's step results as JSON text (step-results.ts), null to keep the earlier ones. */
  stepResults: (string | null)[];
  /** Each result's custom field values as JSON text, merged into the earlier ones (null removes a key); null to keep them. */
  customFields: (string | null)[];
}

/**
 * Sets the given statuses and comments, appends one history entry per result
 * (in the order given) and moves the run's counters, in one statement. The
 * `old` CTE sees the statuses before the update (all CTEs share one snapshot).
 */
export async function setStatuses(tx: Tx, runId: number, userId: number, r: StatusRows): Promise<{ updated: number } & RunFill> {
  const now = new Date();
  const [row] = await tx.$queryRaw<({ updated: number } & RunFill)[]>`
    WITH v AS (
      SELECT v.*, ${Prisma.raw(defectsFromParam('v.defects_json'))} AS defects
      FROM unnest(${r.testIds}::int[], ${r.statuses}::text[]::"TestStatus"[], ${r.comments}::text[], ${r.elapsedMs}::int[],
        ${defectsParam(r.defects)}::text[], ${r.stepResults}::text[]::jsonb[], ${r.customFields}::text[]::jsonb[])
        WITH ORDINALITY AS v(test_id, status, comment, elapsed_ms, defects_json, step_results, custom_fields, n)
    ), old AS (
      SELECT rt.status FROM run_tests rt JOIN v ON v.test_id = rt.test_id WHERE rt.run_id = ${runId}
    ), upd AS (
      -- A result set by hand ran once; the run's flaky mark from an import stays (flaky_in_run).
      UPDATE run_tests rt SET status = v.status, comment = v.comment, elapsed_ms = v.elapsed_ms, defects = v.defects,
        retries = 0, updated_by = ${userId}, updated_at = ${now}, step_results = coalesce(v.step_results, rt.step_results),
        custom_fields = CASE WHEN v.custom_fields IS NULL THEN rt.custom_fields ELSE jsonb_strip_nulls(rt.custom_fields || v.custom_fields) END
      FROM v WHERE rt.run_id = ${runId} AND rt.test_id = v.test_id
      RETURNING rt.status, rt.test_id, rt.comment, rt.elapsed_ms, rt.defects, rt.step_results, rt.custom_fields, v.n
    ), hist AS (
      -- Each entry is the result as written (step results and field values as they are after it), in the order
      -- given; read from the UPDATE's own RETURNING, as joining it back to v (two CTEs, no index) could cost a
      -- nested loop over 5,000 results.
      INSERT INTO status_history (run_id, test_id, status, comment, elapsed_ms, defects, step_results, custom_fields, user_id, created_at)
      SELECT ${runId}, u.test_id, u.status, u.comment, u.elapsed_ms, u.defects, u.step_results, u.custom_fields, ${userId}, ${now}
        FROM upd u ORDER BY u.n
    )
    UPDATE runs SET ${counterMoves('upd', 'old')} WHERE id = ${runId}
    RETURNING (SELECT count(*) FROM upd)::int AS updated, ${RUN_FILL}`;
  return row;
}

/** Every test of the run becomes `retest` (comment, elapsed time, defects, retries and flaky mark cleared), each with a history entry; returns how many. */
export async function resetResults(tx: Tx, runId: number, userId: number): Promise<number> {
  const now = new Date();
  const [row] = await tx.$queryRaw<{ reset: number }[]>`
    WITH upd AS (
      UPDATE run_tests SET status = 'retest', comment = NULL, elapsed_ms = NULL, defects = '{}', retries = 0, flaky_in_run = false,
        step_results = NULL, custom_fields = '{}',
        updated_by = ${userId}, updated_at = ${now}
      WHERE run_id = ${runId} RETURNING test_id
    ), hist AS (
      INSERT INTO status_history (run_id, test_id, status, user_id, created_at)
      SELECT ${runId}, test_id, 'retest', ${userId}, ${now} FROM upd ORDER BY test_id
    )
    UPDATE runs SET passed_count = 0, failed_count = 0, blocked_count = 0, untested_count = 0,
      retest_count = (SELECT count(*) FROM upd), ${RESULTS_MOVED}
    WHERE id = ${runId}
    RETURNING retest_count AS reset`;
  return row.reset;
}

/** Drops the tests from the run (their history stays); returns how many were in it, and the run's fill after. */
export async function deleteRunTests(tx: Tx, runId: number, testIds: number[]): Promise<{ removed: number } & RunFill> {
  const [row] = await tx.$queryRaw<({ removed: number } & RunFill)[]>`
    WITH del AS (
      DELETE FROM run_tests WHERE run_id = ${runId} AND test_id = ANY(${testIds}::int[]) RETURNING status
    )
    UPDATE runs SET ${counterMoves(null, 'del')} WHERE id = ${runId}
    RETURNING (SELECT count(*) FROM del)::int AS removed, ${RUN_FILL}`;
  return row;
}

/**
 * Puts the source's tests (a SELECT of `test_id, n`, see sources.ts) into the
 * run as `untested` and counts them into `untested_count`, each with a history
 * entry: in `n` order for a new run, by test id when adding to one. Tests
 * already in the run are left as they are (ON CONFLICT: no join whose plan
 * could go wrong on stale statistics). One statement; returns how many were
 * added and the run's size after. The caller holds the run's row lock (or just
 * created the run).
 */
export async function insertUntestedRows(
  tx: Tx,
  runId: number,
  userId: number,
  source: Prisma.Sql,
  opts: { newRun: boolean },
): Promise<{ added: number; total: number }> {
  const now = new Date();
  const historyOrder = opts.newRun ? Prisma.sql`FROM src ORDER BY n` : Prisma.sql`FROM ins ORDER BY test_id`;
  const [row] = await tx.$queryRaw<{ added: number; total: number }[]>`
    WITH src AS (${source}), ins AS (
      INSERT INTO run_tests (run_id, test_id, status, updated_by, updated_at, test_version)
      SELECT ${runId}, src.test_id, 'untested', ${userId}, ${now}, ${Prisma.raw(versionSql('t'))} FROM src JOIN tests t ON t.id = src.test_id
      ON CONFLICT (run_id, test_id) DO NOTHING
      RETURNING test_id
    ), hist AS (
      INSERT INTO status_history (run_id, test_id, status, user_id, created_at)
      SELECT ${runId}, test_id, 'untested', ${userId}, ${now} ${historyOrder}
    )
    UPDATE runs SET untested_count = untested_count + (SELECT count(*) FROM ins), ${RESULTS_MOVED} WHERE id = ${runId}
    RETURNING (SELECT count(*) FROM ins)::int AS added,
      passed_count + failed_count + blocked_count + retest_count + untested_count AS total`;
  return row;
}
