import type { DbOrTx, Tx } from '../../../db/client';
import { Prisma } from '../../../generated/prisma/client';
import { sectionTreeSql } from '../../sections/data';

// Who executes which test of a run (run_tests.assignee_id): the per-assignee counts
// a run's reads show, and the writes of PUT /run/assign. The partial index
// run_tests_assigned_idx holds the assigned rows alone, so a run nobody was assigned
// in costs its reads nothing.

/** Tests with a result: what `done` counts beside the total. */
export const DONE_STATUSES = Prisma.raw(`('passed', 'failed', 'blocked')`);

export interface AssigneeCountRow {
  assigneeId: number;
  total: number;
  done: number;
}

/** Each assignee's tests in the run and how many of them have a result, by assignee id. */
export function assigneeCounts(db: DbOrTx, runId: number) {
  return db.$queryRaw<AssigneeCountRow[]>`
    SELECT rt.assignee_id AS "assigneeId", count(*)::int AS total,
           count(*) FILTER (WHERE rt.status IN ${DONE_STATUSES})::int AS done
      FROM run_tests rt WHERE rt.run_id = ${runId} AND rt.assignee_id IS NOT NULL
     GROUP BY rt.assignee_id ORDER BY rt.assignee_id`;
}

/**
 * The tests of the run that `source` (a SELECT of `test_id, n`, data/sources.ts) names, in
 * the order a distribution cuts them: sections in tree order (tests without one first),
 * then by test id; each with its section (a locked run is never assigned, so the live one).
 */
export function runTestsOfSource(tx: Tx, runId: number, projectId: number, source: Prisma.Sql) {
  return tx.$queryRaw<{ testId: number; sectionId: number | null }[]>`
    WITH RECURSIVE ${sectionTreeSql(projectId)}, src AS (${source})
    SELECT rt.test_id AS "testId", t.section_id AS "sectionId"
      FROM run_tests rt JOIN tests t ON t.id = rt.test_id LEFT JOIN ords o ON o.id = t.section_id
     WHERE rt.run_id = ${runId} AND rt.test_id IN (SELECT test_id FROM src)
     ORDER BY o.ord NULLS FIRST, rt.test_id`;
}

/** Sets each listed test's assignee (null: none), in one statement; returns how many rows it wrote. */
export async function setAssignees(tx: Tx, runId: number, testIds: number[], assigneeIds: (number | null)[]): Promise<number> {
  const [row] = await tx.$queryRaw<{ n: number }[]>`
    WITH upd AS (
      UPDATE run_tests rt SET assignee_id = v.assignee_id
        FROM unnest(${testIds}::int[], ${assigneeIds}::int[]) AS v(test_id, assignee_id)
       WHERE rt.run_id = ${runId} AND rt.test_id = v.test_id
      RETURNING 1)
    SELECT count(*)::int AS n FROM upd`;
  return row.n;
}
