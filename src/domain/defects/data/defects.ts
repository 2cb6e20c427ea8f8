import type { DbOrTx } from '../../../db/client';
import { Prisma } from '../../../generated/prisma/client';
import { shown } from '../../runs/data/snapshot';
import { defectUrlSql } from '../defect-links';
import { MAX_DEFECT_RESULTS } from '../defects.schemas';

// The defects of a project's current results (run_tests.defects): only rows with defects are
// read (run_tests_with_defects_idx, per run of the project), unnested and grouped by defect;
// a page of the groups is then listed with its results, in one statement.

export async function readDefectsPage(
  db: DbOrTx,
  q: { projectId: number; runId?: number; limit: number; offset: number },
): Promise<{ total: number; defects: string }> {
  const oneRun = q.runId === undefined ? Prisma.empty : Prisma.sql`AND ru.id = ${q.runId}::int`;
  const [page] = await db.$queryRaw<{ total: number; defects: string }[]>`
    WITH r AS MATERIALIZED (
      SELECT rt.run_id, rt.test_id, rt.status, d.id
      FROM runs ru JOIN run_tests rt ON rt.run_id = ru.id AND cardinality(rt.defects) > 0
      CROSS JOIN LATERAL unnest(rt.defects) AS d(id)
      WHERE ru.project_id = ${q.projectId}::int ${oneRun}
    ), g AS MATERIALIZED (
      SELECT id, count(*)::int AS results, (count(*) FILTER (WHERE status = 'failed'))::int AS failed,
        count(DISTINCT run_id)::int AS runs, count(DISTINCT test_id)::int AS tests
      FROM r GROUP BY id
    ), pg AS (
      SELECT * FROM g ORDER BY failed DESC, results DESC, id LIMIT ${q.limit}::int OFFSET ${q.offset}::bigint
    )
    SELECT (SELECT count(*)::int FROM g) AS total, (
      SELECT coalesce(json_agg(json_build_object(
        'id', pg.id, 'url', ${Prisma.raw(defectUrlSql('pg.id', 'p.defect_url_template'))},
        'resultCount', pg.results, 'failedCount', pg.failed, 'runCount', pg.runs, 'testCount', pg.tests,
        'results', (SELECT coalesce(json_agg(x ORDER BY x."runId" DESC, x."testId"), '[]'::json) FROM (
            SELECT r.run_id AS "runId", ru.name AS "runName", r.test_id AS "testId",
              ${Prisma.raw(shown('title', 't.title', 'text'))} AS title, r.status
            FROM r JOIN runs ru ON ru.id = r.run_id JOIN run_tests rt ON rt.run_id = r.run_id AND rt.test_id = r.test_id
            JOIN tests t ON t.id = r.test_id
            WHERE r.id = pg.id ORDER BY r.run_id DESC, r.test_id LIMIT ${MAX_DEFECT_RESULTS}) x)
      ) ORDER BY pg.failed DESC, pg.results DESC, pg.id), '[]'::json)::text
      FROM pg JOIN projects p ON p.id = ${q.projectId}::int
    ) AS defects`;
  return page;
}
