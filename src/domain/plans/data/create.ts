import type { DbOrTx, Tx } from '../../../db/client';
import { Prisma } from '../../../generated/prisma/client';
import { sectionTreeSql } from '../../sections/data';
import { versionSql } from '../../test-cases/data';
import { RESULTS_MOVED } from '../../runs/data';

// Writing a plan's runs: the configuration options they name, the runs' rows, and their
// tests, put into all the runs of one entry by one statement (run_tests, history, counters).

export interface OptionRow {
  optionId: number;
  groupId: number;
  groupName: string;
  name: string;
}

/** The project's configuration options among `ids`, in group order (group id, then position). */
export function projectOptions(db: DbOrTx, projectId: number, ids: number[]): Promise<OptionRow[]> {
  return db.$queryRaw<OptionRow[]>`
    SELECT o.id AS "optionId", o.group_id AS "groupId", g.name AS "groupName", o.name
      FROM configuration_options o JOIN configuration_groups g ON g.id = o.group_id
     WHERE o.id = ANY(${ids}::int[]) AND g.project_id = ${projectId}
     ORDER BY g.id, o.position`;
}

/** The names of the options by id (any project: the caller gives a plan's runs' ids). */
export function optionNames(db: DbOrTx, ids: number[]): Promise<{ optionId: number; name: string }[]> {
  return db.$queryRaw`SELECT id AS "optionId", name FROM configuration_options WHERE id = ANY(${ids}::int[])`;
}

/** Makes the runs of a plan, in the order given; returns their ids in that order. */
export async function insertPlanRuns(
  tx: Tx,
  p: { planId: number; projectId: number; milestoneId: number | null; userId: number },
  runs: { name: string; configuration: number[] }[],
): Promise<number[]> {
  const rows = await tx.$queryRaw<{ id: number }[]>`
    INSERT INTO runs (project_id, name, created_by, milestone_id, plan_id, configuration, updated_at)
    SELECT ${p.projectId}, v.name, ${p.userId}, ${p.milestoneId}, ${p.planId},
           ARRAY(SELECT jsonb_array_elements_text(v.conf)::int), now()
      FROM unnest(${runs.map((r) => r.name)}::text[], ${runs.map((r) => JSON.stringify(r.configuration))}::jsonb[]) WITH ORDINALITY AS v(name, conf, n)
     ORDER BY v.n
    RETURNING id`;
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/**
 * Puts the source's tests (a SELECT of `test_id, n` and, when `assigned`, `assignee_id`)
 * into every run of `runIds` as `untested`, each with its first history entry, and sets
 * the runs' counters: one statement for all of them, the source read once. The entries are
 * not sorted (a run's are all `untested` at one time; sorting 500,000 cost 6% of the CPU). The runs are
 * new (no test is in them yet); returns how many results were written (every run gets
 * all the source's tests: a data-modifying CTE runs to its end whether read or not).
 */
export async function fillPlanRuns(
  tx: Tx,
  runIds: number[],
  userId: number,
  source: Prisma.Sql,
  assignee: { column: true } | { id: number | null },
): Promise<number> {
  const now = new Date();
  const assigneeSql = 'column' in assignee ? Prisma.raw('src.assignee_id') : Prisma.sql`${assignee.id}::int`;
  const [row] = await tx.$queryRaw<{ added: number }[]>`
    WITH src AS MATERIALIZED (
      SELECT s.*, ${Prisma.raw(versionSql('t'))} AS version FROM (${source}) s JOIN tests t ON t.id = s.test_id
    ), r AS (SELECT unnest(${runIds}::int[]) AS run_id), ins AS (
      INSERT INTO run_tests (run_id, test_id, status, updated_by, updated_at, test_version, assignee_id)
      SELECT r.run_id, src.test_id, 'untested', ${userId}, ${now}, src.version, ${assigneeSql} FROM r CROSS JOIN src
    ), hist AS (
      INSERT INTO status_history (run_id, test_id, status, user_id, created_at)
      SELECT r.run_id, src.test_id, 'untested', ${userId}, ${now} FROM r CROSS JOIN src
    ), n AS (SELECT count(*)::int AS n FROM src)
    UPDATE runs SET untested_count = (SELECT n FROM n), ${RESULTS_MOVED} WHERE id = ANY(${runIds}::int[])
    RETURNING untested_count AS added`;
  return (row?.added ?? 0) * runIds.length;
}

/** The source's tests in the order a distribution cuts them (sections in tree order, then by id), each with its section. */
export function sourceTestsInTreeOrder(db: DbOrTx, projectId: number, source: Prisma.Sql) {
  return db.$queryRaw<{ testId: number; sectionId: number | null }[]>`
    WITH RECURSIVE ${sectionTreeSql(projectId)}, src AS (${source})
    SELECT t.id AS "testId", t.section_id AS "sectionId"
      FROM src JOIN tests t ON t.id = src.test_id LEFT JOIN ords o ON o.id = t.section_id
     ORDER BY o.ord NULLS FIRST, t.id`;
}

/** SELECT of `test_id, n, assignee_id` over the tests and their assignees, in the order given. */
export const assignedListSql = (testIds: number[], assigneeIds: number[]) => Prisma.sql`
  SELECT v.id AS test_id, v.n, v.assignee_id FROM unnest(${testIds}::int[], ${assigneeIds}::int[]) WITH ORDINALITY AS v(id, assignee_id, n)`;
