import type { DbOrTx } from '../../../db/client';
import { Prisma } from '../../../generated/prisma/client';
import { isoUtc } from './columns';
import { defectLinksSql, type DefectLink } from '../../defects/defect-links';
import type { StepResult } from '../../runs/step-results.schemas';
import type { CustomFieldValues } from '../../custom-fields/field-value.schemas';
import { pageLimits } from '../../../db/page-limits';

/** A page of a test's history: its entries (times as ISO text), the whole history's size, and the id of the page's last entry when more follow. */
export interface StatusHistoryPage {
  entries: {
    runId: number;
    runName: string;
    projectId: number;
    testId: number;
    status: 'passed' | 'failed' | 'blocked' | 'retest' | 'untested';
    comment: string | null;
    elapsedMs: number | null;
    defects: DefectLink[];
    stepResults: StepResult[] | null;
    customFields: CustomFieldValues;
    userId: number | null;
    userName: string | null;
    createdAt: string;
  }[];
  total: number;
  lastId: number | null;
}

/**
 * A page of a test's status changes across its project's runs, newest (highest id)
 * first, below `beforeId` when given, in one query. A test's results are only ever
 * recorded in runs of its own project, so the (test_id, id) index alone gives the
 * page's ids (one more than asked, to tell whether more follow) and the total:
 * entries skipped by OFFSET or above the cursor cost an index entry, and only the
 * page's entries are read and joined to their runs and users' names.
 */
export async function statusHistoryPage(
  db: DbOrTx,
  q: { projectId: number; testId: number; limit: number; offset: number; beforeId?: number },
): Promise<StatusHistoryPage> {
  const before = q.beforeId === undefined ? Prisma.empty : Prisma.sql`AND h.id < ${q.beforeId}::int`;
  // MATERIALIZED: the ids are read once, not once per reference to them.
  const [page] = await db.$queryRaw<StatusHistoryPage[]>`
    WITH s AS MATERIALIZED (SELECT ARRAY(
        SELECT h.id FROM status_history h WHERE h.test_id = ${q.testId} ${before}
        ORDER BY h.id DESC ${pageLimits(q.limit + 1, q.offset)}) AS ids)
    SELECT (SELECT count(*)::int FROM status_history h WHERE h.test_id = ${q.testId}) AS total,
      CASE WHEN cardinality(s.ids) > ${q.limit}::int THEN s.ids[${q.limit}::int] END AS "lastId",
      (SELECT coalesce(json_agg(json_build_object(
          'runId', h.run_id, 'runName', r.name, 'projectId', ${q.projectId}::int, 'testId', h.test_id, 'status', h.status,
          'comment', h.comment, 'elapsedMs', h.elapsed_ms, 'defects', ${Prisma.raw(defectLinksSql('h.defects', 'p.defect_url_template'))},
          'stepResults', h.step_results, 'customFields', h.custom_fields, 'userId', h.user_id, 'userName', u.name, 'createdAt', ${Prisma.raw(isoUtc('h.created_at'))}
        ) ORDER BY h.id DESC), '[]'::json)
        FROM status_history h JOIN runs r ON r.id = h.run_id JOIN projects p ON p.id = r.project_id LEFT JOIN users u ON u.id = h.user_id
        WHERE h.id = ANY(s.ids[1:${q.limit}::int])) AS entries
    FROM s`;
  return page;
}

/**
 * The version of a test's history, as `ARRAY[org id, counter]` when the project's
 * organization is one of `orgIds` (an int[] expression), else NULL: the project's change
 * counter (results move it) plus the counters of the users the entries name (a rename
 * moves those). All only grow, so the sum changes whenever one does.
 */
export const testHistoryVersionSql = (projectId: number, testId: number, orgIds: Prisma.Sql): Prisma.Sql => Prisma.sql`
  (SELECT ARRAY[p.org_id, p.change_count + coalesce((
            SELECT sum(u.change_count)::int FROM users u
             WHERE u.id IN (SELECT h.user_id FROM status_history h WHERE h.test_id = ${testId})), 0)]
     FROM projects p
    WHERE p.id = ${projectId} AND p.org_id = ANY(${orgIds}))`;
