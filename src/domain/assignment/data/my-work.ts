import type { DbOrTx } from '../../../db/client';
import { Prisma } from '../../../generated/prisma/client';
import { DONE_STATUSES, isoTime } from '../../runs/data';

// A user's work: the open runs holding tests assigned to them. Only the open runs of the caller's
// active projects are read, and for each of them the partial index run_tests_assignee_work_idx
// (assignee, run, status) gives the counts without reading a row of the tests themselves: the
// user's assignments in locked runs, usually most of them, are never visited.

export interface MyWorkRow {
  runId: number;
  runName: string;
  projectId: number;
  projectName: string;
  orgId: number;
  createdAt: string;
  total: number;
  done: number;
  untested: number;
}

/**
 * A page of the open (unlocked) runs of active projects of `orgIds` holding tests assigned
 * to the user, newest first, with the whole list's size and its tests still to execute.
 */
export async function myWorkPage(db: DbOrTx, userId: number, orgIds: number[], limit: number, offset: number) {
  const [page] = await db.$queryRaw<{ runs: MyWorkRow[]; total: number; untested: number }[]>(myWorkSql(userId, orgIds, limit, offset));
  return page;
}

/** The statement of myWorkPage (its plan is tested: the work index, probed per open run). */
export function myWorkSql(userId: number, orgIds: number[], limit: number, offset: number) {
  return Prisma.sql`
    WITH open AS MATERIALIZED (
      SELECT r.id AS "runId", r.name AS "runName", p.id AS "projectId", p.name AS "projectName", p.org_id AS "orgId",
             ${Prisma.raw(isoTime('r.created_at'))} AS "createdAt", mine.total, mine.done, mine.total - mine.done AS untested
        FROM projects p JOIN runs r ON r.project_id = p.id
       CROSS JOIN LATERAL (
         SELECT count(*)::int AS total, count(*) FILTER (WHERE rt.status IN ${DONE_STATUSES})::int AS done
           FROM run_tests rt WHERE rt.assignee_id = ${userId} AND rt.run_id = r.id) mine
       WHERE NOT r.locked AND p.is_active AND p.org_id = ANY(${orgIds}::int[]) AND mine.total > 0
    )
    SELECT (SELECT count(*)::int FROM open) AS total, (SELECT coalesce(sum(untested), 0)::int FROM open) AS untested,
      (SELECT coalesce(json_agg(x ORDER BY x."runId" DESC), '[]'::json) FROM (
         SELECT * FROM open ORDER BY "runId" DESC LIMIT ${limit}::int OFFSET ${offset}::bigint) x) AS runs`;
}
