import type { DbOrTx } from '../../../db/client';
import { Prisma } from '../../../generated/prisma/client';
import { sectionTreeSql } from '../../sections/data';
import { isoTime, scopedRunSql, type RunRow } from './columns';
import { heldStepsSql, shown } from './snapshot';
import { defectLinksSql } from '../../defects/defect-links';

// The reads of a run report (src/reports/run-report.ts): its header, then its
// rows a batch at a time. The header and the rows' order are read in one
// statement, so the summary is that of the rows listed.

export type ReportHeader = RunRow & {
  orgId: number;
  projectName: string;
  projectDescription: string | null;
  testIds: number[];
  elapsedMs: number;
};

/**
 * The run (if `orgIds` may see it), its project, and the ids of its tests in
 * report order: by section (tree order, unsectioned first), then test id. One
 * integer per section makes the sort compare integers, not collated text. A
 * locked run keeps the order (and the names) of its snapshot.
 */
export async function readReportHeader(db: DbOrTx, orgIds: number[], runId: number, projectId: number): Promise<ReportHeader | undefined> {
  const [header] = await db.$queryRaw<ReportHeader[]>`
    WITH RECURSIVE run AS (${scopedRunSql(orgIds, runId, projectId)}), ${sectionTreeSql(projectId)}
    SELECT run.*, p.name AS "projectName", p.description AS "projectDescription",
      ARRAY(
        SELECT rt.test_id FROM run_tests rt JOIN tests t ON t.id = rt.test_id LEFT JOIN ords ON ords.id = t.section_id
        WHERE rt.run_id = ${runId} ORDER BY ${Prisma.raw(shown('sectionOrder', 'ords.ord'))} NULLS FIRST, rt.test_id
      ) AS "testIds",
      -- float8: the sum of 100,000 int results may pass int4, and stays exact as a JS number
      (SELECT coalesce(sum(rt.elapsed_ms), 0)::float8 FROM run_tests rt WHERE rt.run_id = ${runId}) AS "elapsedMs"
    FROM run JOIN projects p ON p.id = run."projectId"`;
  return header;
}

// The catalog fields of a row: the locked run's snapshot, or the live catalog.
const frozen = {
  title: Prisma.raw(shown('title', 't.title', 'text')),
  sectionId: Prisma.raw(shown('sectionId', 't.section_id')),
  sectionPath: Prisma.raw(shown('sectionPath', 'tree.path', 'text')),
  priority: Prisma.raw(shown('priority', 'pr.name', 'text')),
  squad: Prisma.raw(shown('squad', 'sq.name', 'text')),
};

// The files of the test's results in the run, oldest first (the rows' own index: run, test, id).
// Not frozen with a locked run: its results' files can be neither added nor removed.
const attachmentsJson = Prisma.raw(`coalesce((SELECT json_agg(json_build_object('attachmentId', a.id, 'fileName', a.file_name,
    'contentType', a.content_type, 'size', a.size) ORDER BY a.id)
  FROM attachments a WHERE a.run_id = rt.run_id AND a.test_id = rt.test_id), '[]'::json)`);

// A failed result's first failed step: its number, its action (the steps the run holds, shared
// steps expanded in place, as step results number them) and the step's comment.
const failedStepJson = Prisma.raw(`CASE WHEN rt.status = 'failed' AND rt.step_results IS NOT NULL THEN (
  SELECT json_build_object('index', f.i, 'action', (
      SELECT s.e->>'action'
        FROM (SELECT ${heldStepsSql} AS list) h
        CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN jsonb_typeof(h.list) = 'array' THEN h.list END) WITH ORDINALITY AS o(e, n)
        CROSS JOIN LATERAL jsonb_array_elements(CASE WHEN o.e ? 'sharedStepsId' THEN o.e->'steps' ELSE jsonb_build_array(o.e) END)
          WITH ORDINALITY AS s(e, m)
       ORDER BY o.n, s.m OFFSET f.i - 1 LIMIT 1), 'comment', f.comment)
    FROM (SELECT (x->>'index')::int AS i, x->>'comment' AS comment FROM jsonb_array_elements(rt.step_results) x
           WHERE x->>'status' = 'failed' ORDER BY 1 LIMIT 1) f) END`);

/**
 * The rows of the given tests, in the order given, as JSON texts joined by
 * commas (keys compact, in the order of run-report.ts's RunReportRow). One
 * statement per batch, the results' attachments included.
 */
export async function readReportBatch(db: DbOrTx, runId: number, projectId: number, testIds: number[]): Promise<string> {
  const [batch] = await db.$queryRaw<{ json: string }[]>`
    WITH RECURSIVE ${sectionTreeSql(projectId)}
    SELECT coalesce(string_agg(r.json::text, ',' ORDER BY ids.n), '') AS json
    FROM unnest(${testIds}::int[]) WITH ORDINALITY AS ids(test_id, n)
    JOIN run_tests rt ON rt.run_id = ${runId} AND rt.test_id = ids.test_id
    JOIN tests t ON t.id = rt.test_id
    LEFT JOIN tree ON tree.id = t.section_id
    LEFT JOIN lookup_entries pr ON pr.id = t.priority_id
    LEFT JOIN squads sq ON sq.id = t.squad_id
    LEFT JOIN users u ON u.id = rt.updated_by
    JOIN projects pj ON pj.id = ${projectId}
    CROSS JOIN LATERAL (SELECT row_to_json(x) AS json FROM (
      SELECT rt.test_id AS "testId", ${frozen.title} AS title, ${frozen.sectionId} AS "sectionId", ${frozen.sectionPath} AS "sectionPath",
        ${frozen.priority} AS priority, ${frozen.squad} AS squad, rt.status, rt.comment, rt.elapsed_ms AS "elapsedMs",
        ${Prisma.raw(defectLinksSql('rt.defects', 'pj.defect_url_template'))} AS defects, ${failedStepJson} AS "failedStep",
        ${attachmentsJson} AS attachments, u.name AS "updatedBy",
        ${Prisma.raw(isoTime('rt.updated_at'))} AS "updatedAt"
    ) x) r`;
  return batch.json;
}
