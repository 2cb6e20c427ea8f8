import type { Tx } from '../../../db/client';
import { counterMoves } from './columns';
import { defectsFromParam, defectsParam } from '../../defects/defect-links';
import { Prisma } from '../../../generated/prisma/client';

// The run side of a JUnit import: every attempt recorded in one statement, as
// run/update-test-status records results (current result, history entry with
// the user, the run's status counters), tests not yet in the run added.

/** Attempts in file order, as parallel arrays (several attempts of one test are its reruns). */
export interface AttemptRows {
  testIds: number[];
  statuses: string[];
  comments: (string | null)[];
  elapsedMs: (number | null)[];
  /** Each attempt's defects (none when empty). */
  defects: (readonly string[])[];
}

/**
 * Appends a history entry per attempt (in the order given) and makes each
 * test's last attempt its current result, inserting the tests not yet in the
 * run; the counters move from the old statuses (the `old` CTE sees the rows
 * before the upsert: all CTEs share one snapshot) to the new. The caller holds
 * the run's row lock, or has just created the run. Returns the run's size after.
 */
export async function recordAttempts(tx: Tx, runId: number, userId: number, a: AttemptRows): Promise<{ total: number }> {
  const now = new Date();
  const [row] = await tx.$queryRaw<{ total: number }[]>`
    WITH a AS (
      SELECT a.*, ${Prisma.raw(defectsFromParam('a.defects_json'))} AS defects
      FROM unnest(${a.testIds}::int[], ${a.statuses}::text[]::"TestStatus"[], ${a.comments}::text[], ${a.elapsedMs}::int[],
        ${defectsParam(a.defects)}::text[]) WITH ORDINALITY AS a(test_id, status, comment, elapsed_ms, defects_json, n)
    ), last AS (
      -- A test's attempts all come in one call (write-import.ts): the earlier ones are its retries.
      SELECT DISTINCT ON (test_id) test_id, status, comment, elapsed_ms, defects,
        least(count(*) OVER t - 1, 32767) AS retries,
        bool_or(status = 'passed') OVER t AND bool_or(status IN ('failed', 'blocked')) OVER t AS flaky
      FROM a WINDOW t AS (PARTITION BY test_id) ORDER BY test_id, n DESC
    ), old AS (
      SELECT rt.status FROM run_tests rt JOIN last ON last.test_id = rt.test_id WHERE rt.run_id = ${runId}
    ), upd AS (
      INSERT INTO run_tests AS rt (run_id, test_id, status, comment, elapsed_ms, defects, retries, flaky_in_run, updated_by, updated_at)
      SELECT ${runId}, test_id, status, comment, elapsed_ms, defects, retries, flaky, ${userId}, ${now} FROM last
      ON CONFLICT (run_id, test_id) DO UPDATE SET status = excluded.status, comment = excluded.comment,
        elapsed_ms = excluded.elapsed_ms, defects = excluded.defects, retries = excluded.retries,
        -- Flaky once in the run stays flaky in it: a later import's single pass does not unsee it.
        flaky_in_run = rt.flaky_in_run OR excluded.flaky_in_run,
        updated_by = excluded.updated_by, updated_at = excluded.updated_at
      RETURNING rt.status
    ), hist AS (
      INSERT INTO status_history (run_id, test_id, status, comment, elapsed_ms, defects, user_id, created_at)
      SELECT ${runId}, test_id, status, comment, elapsed_ms, defects, ${userId}, ${now} FROM a ORDER BY n
    )
    UPDATE runs SET ${counterMoves('upd', 'old')} WHERE id = ${runId}
    RETURNING passed_count + failed_count + blocked_count + retest_count + untested_count AS total`;
  return row;
}
