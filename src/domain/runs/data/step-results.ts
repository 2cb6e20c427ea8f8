import type { Tx } from '../../../db/client';
import type { TestStatusName } from '../test-status';
import type { StepResult } from '../step-results.schemas';

/** What a step result needs of a test in the run: its status, its step results and how many steps it has (shared ones expanded). */
export interface SteppedRow {
  testId: number;
  status: TestStatusName;
  stepResults: StepResult[] | null;
  stepCount: number;
}

/** The rows of `testIds` in the run, for results that carry step results (under the run's row lock). */
export function steppedRows(tx: Tx, runId: number, testIds: number[]): Promise<SteppedRow[]> {
  return tx.$queryRaw<SteppedRow[]>`
    SELECT rt.test_id AS "testId", rt.status::text AS status, rt.step_results AS "stepResults",
      CASE WHEN t.step_list IS NULL THEN 0 ELSE (
        SELECT coalesce(sum(CASE WHEN x.e ? 'sharedStepsId' THEN coalesce(jsonb_array_length(ss.steps), 0) ELSE 1 END), 0)::int
          FROM jsonb_array_elements(t.step_list) AS x(e) LEFT JOIN shared_steps ss ON ss.id = (x.e->>'sharedStepsId')::int) END AS "stepCount"
      FROM run_tests rt JOIN tests t ON t.id = rt.test_id
     WHERE rt.run_id = ${runId} AND rt.test_id = ANY(${testIds}::int[])`;
}
