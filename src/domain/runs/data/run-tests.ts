import type { DbOrTx } from '../../../db/client';
import { readRows } from '../../../db/raw-read';
import { JsonText } from '../../../core/json-text';
import { Prisma } from '../../../generated/prisma/client';
import type { HistoryEntry, RunTestRecord, TestStatusName } from '../runs.schemas';
import { isoTime, scopedRunSql, type ScopedRunRow } from './columns';
import { frozenNamesJson, heldSql, heldVersionJoin, shown } from './snapshot';
import { sectionSubtreeSql, sectionTreeSql } from '../../sections/data';
import { defectLinksSql } from '../../defects/defect-links';
import { stepsSql, versionSql } from '../../test-cases/data';
import type { StepsRecord } from '../../test-cases/steps.schemas';
import type { StepResult } from '../step-results.schemas';
import type { CustomFieldValues } from '../../custom-fields/field-value.schemas';
import { pageLimits } from '../../../db/page-limits';
import { orgIdsSql } from '../../../db/org-scope';

// Reads of the tests in a run: a page of them, and the history of one.

// Rows leave the database as one JSON text, spliced into the answer as it is:
// no per-cell decoding in the client, no parsing and re-serializing.
// A locked run's catalog fields come from its snapshot (see snapshot.ts); an
// open run's rows are built without looking at it, so the hot path stays a plain join.
const runTestsJson = (frozen: boolean) => {
  const field = (name: string, live: string, type?: 'text') => (frozen ? shown(name, live, type) : live);
  return Prisma.raw(`coalesce(json_agg(json_build_object(
  'runId', rt.run_id, 'testId', rt.test_id, 'projectId', t.project_id, 'title', ${field('title', 't.title', 'text')},
  'sectionId', ${field('sectionId', 't.section_id')}, 'priorityId', ${field('priorityId', 't.priority_id')},
  'typeId', ${field('typeId', 't.type_id')}, 'automationStatusId', ${field('automationStatusId', 't.automation_status_id')},
  'squadId', ${field('squadId', 't.squad_id')}, 'status', rt.status, 'comment', rt.comment, 'elapsedMs', rt.elapsed_ms,
  'retries', rt.retries, 'flakyInRun', rt.flaky_in_run, 'defects', ${defectLinksSql('rt.defects', 's."defectUrlTemplate"')},
  'updatedBy', rt.updated_by, 'updatedAt', ${isoTime('rt.updated_at')}, 'assigneeId', rt.assignee_id, 'deleted', t.deleted_at IS NOT NULL,
  'snapshot', ${frozen ? frozenNamesJson : 'NULL'}, 'attachmentCount', coalesce(ac.n, 0)
) ORDER BY rt.test_id), '[]'::json)::text`);
};
const liveJson = runTestsJson(false);
const frozenJson = runTestsJson(true);

const statusFilter = (status?: TestStatusName) => (status ? Prisma.sql`AND rt.status = ${status}::"TestStatus"` : Prisma.empty);

/**
 * A run's counter of `status` (all statuses: their sum) as SQL over `s`, the run's row: a page's total
 * without a filter that counts. One column leaves the database, not five: a page is read at every
 * refresh of a run, and each column costs its decoding.
 */
const counterTotal = (status?: TestStatusName): Prisma.Sql =>
  Prisma.raw(status ? `s."${status}Count"` : 's."passedCount" + s."failedCount" + s."blockedCount" + s."retestCount" + s."untestedCount"');

/** Which tests of a run a page shows: one status, a search, a section (with its subsections), a label, a defect, an assignee (or none). */
export interface RunTestFilters {
  status?: TestStatusName;
  search?: string;
  sectionId?: number;
  labelId?: number;
  defect?: string;
  assignee?: number | 'none';
}

// An assignee's tests come from the partial index of assigned rows (run_tests_assigned_idx).
const assigneeFilter = (assignee?: number | 'none') =>
  assignee === undefined
    ? Prisma.empty
    : assignee === 'none'
      ? Prisma.sql`AND rt.assignee_id IS NULL`
      : Prisma.sql`AND rt.assignee_id = ${assignee}::int`;

// Spelled as the partial index's predicate (run_tests_with_defects_idx), so only the results with defects are read.
const defectFilter = (defect?: string) =>
  defect === undefined ? Prisma.empty : Prisma.sql`AND cardinality(rt.defects) > 0 AND rt.defects @> ARRAY[${defect}::text]`;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, '\\$&');

/**
 * The search, section and label filters as conditions on `run_tests rt JOIN tests t`, as the run shows
 * its tests (a locked run's title and section from its snapshot). The search is a substring of
 * the title or of the section path (`A > B`, any of its sections), or the test's id (`42` or
 * `#42`); the open run's paths come from the CTE `tree` (sectionTreeSql), which the statement
 * then declares.
 */
function matchFilter(projectId: number, f: RunTestFilters): Prisma.Sql {
  const parts: Prisma.Sql[] = [];
  if (f.sectionId !== undefined) {
    parts.push(Prisma.sql`${Prisma.raw(shown('sectionId', 't.section_id'))} = ANY(${sectionSubtreeSql(projectId, f.sectionId)})`);
  }
  // The catalog's labels, a locked run's too: its snapshot keeps label names, not ids.
  if (f.labelId !== undefined) {
    parts.push(Prisma.sql`EXISTS (SELECT 1 FROM test_labels tl WHERE tl.test_id = rt.test_id AND tl.label_id = ${f.labelId}::int)`);
  }
  if (f.search) {
    const pattern = `%${escapeLike(f.search)}%`;
    const id = /^#?\d{1,9}$/.test(f.search) ? Number(f.search.replace('#', '')) : null;
    parts.push(Prisma.sql`(${Prisma.raw(shown('title', 't.title', 'text'))} ILIKE ${pattern} OR rt.test_id = ${id}::int
      OR CASE WHEN rt.snapshot IS NULL THEN t.section_id IN (SELECT id FROM tree WHERE path ILIKE ${pattern})
              ELSE rt.snapshot->>'sectionPath' ILIKE ${pattern} END)`);
  }
  return parts.length ? Prisma.sql`AND ${Prisma.join(parts, ' AND ')}` : Prisma.empty;
}

/** The run's page as findRunWithTestsPage answers it. */
export interface RunTestsPage {
  projectChanges: number;
  total: number;
  tests: JsonText<RunTestRecord[]>;
  lastId: number | null;
}

/** Which page of which run's tests: the run's, its filters', and where the page starts. */
export type RunTestsPageQuery = RunTestFilters & { runId: number; projectId: number; limit: number; offset: number; afterId?: number };

/**
 * The run (if `orgIds`, an int[] expression, may see it) with a page of its tests by test id, in one
 * query: one row, or none. The page's ids come from an index-only scan first (an array, so the
 * planner looks the rows up by key), one more than asked to tell whether more follow (`lastId`), and
 * rows skipped by OFFSET or before the cursor (`afterId`) are never joined: 1.3 ms instead of 5.7 ms at
 * offset 9,500 of 10,000. With a search, a section or a label, the ids come from the join with the
 * tests; with one of them, a defect or an assignee, `total` counts the tests that match (else the
 * run's counters say it). Its `"orgId"` is the run's organization: GET /run/tests reads it in the
 * credential's statement (CredentialRider.row).
 */
export function runTestsPageSql(orgIds: Prisma.Sql, q: RunTestsPageQuery): Prisma.Sql {
  const after = q.afterId === undefined ? Prisma.empty : Prisma.sql`AND rt.test_id > ${q.afterId}::int`;
  const narrowed = Boolean(q.search) || q.sectionId !== undefined || q.labelId !== undefined;
  const counted = narrowed || q.defect !== undefined || q.assignee !== undefined;
  const match = narrowed ? matchFilter(q.projectId, q) : Prisma.empty;
  const from = narrowed ? Prisma.sql`run_tests rt JOIN tests t ON t.id = rt.test_id` : Prisma.sql`run_tests rt`;
  const mine = Prisma.sql`rt.run_id = ${q.runId} ${statusFilter(q.status)} ${defectFilter(q.defect)} ${assigneeFilter(q.assignee)} ${match}`;
  // Only the branch of the run's state is executed.
  // MATERIALIZED: the ids are read once (only when the run is found), not once per reference to them.
  return Prisma.sql`
    WITH RECURSIVE ${q.search ? Prisma.sql`${sectionTreeSql(q.projectId)},` : Prisma.empty}
    run AS (${scopedRunSql(orgIds, q.runId, q.projectId)}),
    s AS MATERIALIZED (SELECT run.*, ARRAY(
        SELECT rt.test_id FROM ${from} WHERE ${mine} ${after}
        ORDER BY rt.test_id ${pageLimits(q.limit + 1, q.offset)}) AS ids FROM run)
    SELECT s."orgId", s."projectChanges", CASE WHEN cardinality(s.ids) > ${q.limit}::int THEN s.ids[${q.limit}::int] END AS "lastId",
           ${counted ? Prisma.sql`(SELECT count(*)::int FROM ${from} WHERE ${mine})` : counterTotal(q.status)} AS total,
           ${runTestsJsonOf(q.runId, q.limit)} AS tests
    FROM s`;
}

/** The page of runTestsPageSql's row (null: no run found). */
export function runTestsPageOf(row: Record<string, unknown> | null | undefined): RunTestsPage | undefined {
  if (!row) return undefined;
  const { projectChanges, total, tests, lastId } = row as { projectChanges: number; total: number; tests: string; lastId: number | null };
  return { projectChanges, total, tests: new JsonText<RunTestRecord[]>(tests), lastId };
}

/** The run (if `orgIds` may see it) with a page of its tests (runTestsPageSql). */
export async function findRunWithTestsPage(db: DbOrTx, orgIds: number[], q: RunTestsPageQuery): Promise<RunTestsPage | undefined> {
  const [row] = await readRows<Record<string, unknown>>(db, runTestsPageSql(orgIdsSql(orgIds), q));
  return runTestsPageOf(row);
}

/**
 * The records of the run's tests `s.ids[1:limit]` as one JSON array text, as the run shows them (its
 * snapshot once locked), for `FROM s` where s holds the run's row (locked) and the ids. The page's
 * attachment counts: one aggregate over the (run_id, test_id) index, for the page's tests only.
 */
function runTestsJsonOf(runId: number, limit: number): Prisma.Sql {
  const page = (json: Prisma.Sql) => Prisma.sql`
      SELECT ${json} FROM run_tests rt JOIN tests t ON t.id = rt.test_id
      LEFT JOIN (SELECT a.test_id, count(*)::int AS n FROM attachments a
                  WHERE a.run_id = ${runId} AND a.test_id = ANY(s.ids[1:${limit}::int]) GROUP BY a.test_id) ac ON ac.test_id = rt.test_id
      WHERE rt.run_id = ${runId} AND rt.test_id = ANY(s.ids[1:${limit}::int])`;
  return Prisma.sql`CASE WHEN s.locked THEN (${page(frozenJson)}) ELSE (${page(liveJson)}) END`;
}

/** What GET /run/test-detail adds to a run test's record: the test case's texts, steps and fields as the run holds them (a locked run: as at lock), the result's step results and fields, versions. */
export interface RunTestExtras {
  testDescription: string | null;
  preconditions: string | null;
  expectedResult: string | null;
  steps: StepsRecord;
  testFields: CustomFieldValues;
  stepResults: StepResult[] | null;
  customFields: CustomFieldValues;
  testVersion: number | null;
  currentVersion: number;
  /** The versions recorded after the run's: the latest's number and time, and every field they changed. */
  changes: { version: number; at: string; fields: string[] } | null;
}

/** One test of the run (if `orgIds` may see the run and the test is in it) with its extras, in one query; undefined when the run is not found. */
export async function findRunTest(
  db: DbOrTx,
  orgIds: number[],
  q: { runId: number; projectId: number; testId: number },
): Promise<(ScopedRunRow & { test: string | null; extras: RunTestExtras | null }) | undefined> {
  const [row] = await readRows<ScopedRunRow & { test: string | null; extras: RunTestExtras | null }>(
    db,
    Prisma.sql`
    WITH run AS (${scopedRunSql(orgIds, q.runId, q.projectId)}),
    s AS MATERIALIZED (SELECT run.*, ARRAY[${q.testId}::int] AS ids FROM run)
    SELECT s.*, (SELECT (${runTestsJsonOf(q.runId, 1)})::json->>0) AS test,
      (SELECT json_build_object('testDescription', ${Prisma.raw(heldSql('testDescription', 't.description'))},
          'preconditions', ${Prisma.raw(heldSql('preconditions', 't.preconditions'))},
          'expectedResult', ${Prisma.raw(heldSql('expectedResult', 't.expected_result'))},
          'steps', ${Prisma.raw(heldSql('steps', stepsSql('t'), 'jsonb'))},
          'testFields', ${Prisma.raw(heldSql('customFields', 't.custom_fields', 'jsonb'))}, 'stepResults', rt.step_results,
          'customFields', rt.custom_fields, 'testVersion', rt.test_version, 'currentVersion', ${Prisma.raw(versionSql('t'))},
          'changes', (SELECT json_build_object('version', max(v.version), 'at', ${Prisma.raw(isoTime('max(v.created_at)'))},
                        'fields', ARRAY(SELECT DISTINCT f FROM test_versions w, unnest(w.changed_fields) f
                                         WHERE w.test_id = t.id AND w.version > rt.test_version ORDER BY f))
                        FROM test_versions v WHERE v.test_id = t.id AND v.version > rt.test_version HAVING count(*) > 0))
         FROM run_tests rt JOIN tests t ON t.id = rt.test_id ${Prisma.raw(heldVersionJoin)}
        WHERE rt.run_id = ${q.runId} AND rt.test_id = ${q.testId}) AS extras
    FROM s`,
  );
  return row;
}

/** Whether the test (live or deleted) is of the project. */
export async function testIsInProject(db: DbOrTx, testId: number, projectId: number): Promise<boolean> {
  const test = await db.test.findFirst({ where: { testId, projectId }, select: { testId: true } });
  return test !== null;
}

/** A page of one test's history in one run: its entries, the whole history's size, and the id of the page's last entry when more follow. */
export interface RunTestHistoryPage {
  entries: HistoryEntry[];
  total: number;
  lastId: number | null;
}

/**
 * A page of the history of one test in one run, newest (highest id) first, below
 * `beforeId` when given (entries stay when the test leaves the run), in one query.
 * The (run_id, test_id, id) index alone gives the page's ids (one more than asked,
 * to tell whether more follow) and the total; only the page's entries are read and
 * joined to their users' names.
 */
export async function runTestHistoryPage(
  db: DbOrTx,
  q: { runId: number; testId: number; projectId: number; limit: number; offset: number; beforeId?: number },
): Promise<RunTestHistoryPage> {
  const before = q.beforeId === undefined ? Prisma.empty : Prisma.sql`AND h.id < ${q.beforeId}::int`;
  const mine = Prisma.sql`h.run_id = ${q.runId} AND h.test_id = ${q.testId}`;
  // MATERIALIZED: the ids are read once, not once per reference to them.
  const [page] = await db.$queryRaw<RunTestHistoryPage[]>`
    WITH s AS MATERIALIZED (SELECT ARRAY(
        SELECT h.id FROM status_history h WHERE ${mine} ${before}
        ORDER BY h.id DESC ${pageLimits(q.limit + 1, q.offset)}) AS ids)
    SELECT (SELECT count(*)::int FROM status_history h WHERE ${mine}) AS total,
      CASE WHEN cardinality(s.ids) > ${q.limit}::int THEN s.ids[${q.limit}::int] END AS "lastId",
      (SELECT coalesce(json_agg(json_build_object(
          'historyId', h.id, 'runId', h.run_id, 'projectId', ${q.projectId}::int, 'testId', h.test_id, 'status', h.status,
          'comment', h.comment, 'elapsedMs', h.elapsed_ms, 'defects', ${Prisma.raw(defectLinksSql('h.defects', 'p.defect_url_template'))},
          'stepResults', h.step_results, 'customFields', h.custom_fields,
          'userId', h.user_id, 'userName', u.name, 'createdAt', ${Prisma.raw(isoTime('h.created_at'))}
        ) ORDER BY h.id DESC), '[]'::json)
        FROM status_history h LEFT JOIN users u ON u.id = h.user_id JOIN projects p ON p.id = ${q.projectId}::int
        WHERE h.id = ANY(s.ids[1:${q.limit}::int])) AS entries
    FROM s`;
  return page;
}

/**
 * The version of one test's history in one run, as `ARRAY[org id, counter]` when the
 * run's organization is one of `orgIds` (an int[] expression), else NULL. Results
 * move the project's change counter; the entries also show their users' names, so
 * the counters of those users (moved by a rename) count too. All of them only grow,
 * so their sum changes whenever one of them does.
 */
export const runTestHistoryVersionSql = (runId: number, testId: number, orgIds: Prisma.Sql): Prisma.Sql => Prisma.sql`
  (SELECT ARRAY[p.org_id, p.change_count + coalesce((
            SELECT sum(u.change_count)::int FROM users u
             WHERE u.id IN (SELECT h.user_id FROM status_history h WHERE h.run_id = r.id AND h.test_id = ${testId})), 0)]
     FROM runs r JOIN projects p ON p.id = r.project_id
    WHERE r.id = ${runId} AND p.org_id = ANY(${orgIds}))`;
