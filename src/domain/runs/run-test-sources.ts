import { Prisma } from '../../generated/prisma/client';
import type { RequestContext } from '../../core/context';
import { badRequest } from '../../core/errors';
import { MAX_RUN_TESTS, type CreateRunInput } from './runs.schemas';

// Which tests go into a run, as SQL: a list of ids, or a selection of the
// project's live tests resolved inside PostgreSQL (INSERT ... SELECT), so a
// 50,000-test run never passes its ids through Node. And the one statement that
// puts them in: run_tests rows, their first history entry, the counters.

type Queryable = Pick<Prisma.TransactionClient, '$queryRaw'>;

/** Error messages name at most this many entries, then say there are more. */
export const MAX_NAMED = 20;
export function entriesMessage(parts: string[]): string {
  return parts.length > MAX_NAMED ? `${parts.slice(0, MAX_NAMED).join('; ')}; and more` : parts.join('; ');
}

/**
 * Entries of `ids` whose row in `table` is missing or fails `valid` (a condition
 * on `x`), as `<field>.<i>: <noun> <id> is not in the project`. Joined on the
 * primary key alone: with a NOT EXISTS on (id, project), stale statistics right
 * after a bulk import made the planner scan the whole project per id (45 s for
 * 50,000 ids instead of 50 ms).
 */
async function missingEntries(db: Queryable, ids: number[], field: string, noun: string, table: string, valid: Prisma.Sql) {
  const rows = await db.$queryRaw<{ id: number; n: bigint }[]>`
    SELECT v.id, v.n FROM unnest(${ids}::int[]) WITH ORDINALITY AS v(id, n)
    LEFT JOIN ${Prisma.raw(table)} x ON x.id = v.id
    WHERE x.id IS NULL OR NOT (${valid})
    ORDER BY v.n LIMIT ${MAX_NAMED + 1}`;
  return rows.map((r) => `${field}.${Number(r.n) - 1}: ${noun} ${r.id} is not in the project`);
}

/** Refuses (400) ids that are no live test of the project (another project's, a deleted one's, an unknown one). */
export async function requireLiveTests(db: Queryable, projectId: number, ids: number[]) {
  const outside = await missingEntries(db, ids, 'testIds', 'Test', 'tests',
    Prisma.sql`x.project_id = ${projectId} AND x.deleted_at IS NULL`);
  if (outside.length) throw badRequest(entriesMessage(outside));
}

type Selection = Pick<CreateRunInput, 'sectionIds' | 'labelIds' | 'priorityIds' | 'allTests'>;

/** Refuses (400) selection ids that name no section, label or priority of the project. */
async function requireSelectionIds(ctx: RequestContext, projectId: number, s: Selection) {
  const checks = [
    s.sectionIds && missingEntries(ctx.db, s.sectionIds, 'sectionIds', 'Section', 'sections', Prisma.sql`x.project_id = ${projectId}`),
    s.labelIds && missingEntries(ctx.db, s.labelIds, 'labelIds', 'Label', 'labels', Prisma.sql`x.project_id = ${projectId}`),
    s.priorityIds && missingEntries(ctx.db, s.priorityIds, 'priorityIds', 'Priority', 'lookup_entries',
      Prisma.sql`x.project_id = ${projectId} AND x.kind = 'priority'`),
  ];
  const outside = (await Promise.all(checks)).flatMap((found) => found || []);
  if (outside.length) throw badRequest(entriesMessage(outside));
}

/**
 * SELECT of `test_id, n` (n orders the history entries): the project's live
 * tests matching every given criterion; within one criterion, any of its ids.
 */
function selectionSql(projectId: number, s: Selection): Prisma.Sql {
  const where = [Prisma.sql`t.project_id = ${projectId}`, Prisma.sql`t.deleted_at IS NULL`];
  if (s.sectionIds) {
    where.push(Prisma.sql`t.section_id IN (
      WITH RECURSIVE sub AS (
        SELECT id FROM sections WHERE id = ANY(${s.sectionIds}::int[]) AND project_id = ${projectId}
        UNION SELECT c.id FROM sections c JOIN sub ON c.parent_id = sub.id
      ) SELECT id FROM sub)`);
  }
  if (s.labelIds) {
    where.push(Prisma.sql`EXISTS (SELECT 1 FROM test_labels tl WHERE tl.test_id = t.id AND tl.label_id = ANY(${s.labelIds}::int[]))`);
  }
  if (s.priorityIds) where.push(Prisma.sql`t.priority_id = ANY(${s.priorityIds}::int[])`);
  return Prisma.sql`SELECT t.id AS test_id, t.id AS n FROM tests t WHERE ${Prisma.join(where, ' AND ')}`;
}

/**
 * The tests a new run starts with, as a SELECT of `test_id, n`, checked: listed
 * ids must be live tests of the project; a selection must name the project's
 * sections/labels/priorities and match between 1 and MAX_RUN_TESTS tests.
 */
export async function runTestSource(ctx: RequestContext, input: CreateRunInput): Promise<Prisma.Sql> {
  if (input.testIds) {
    await requireLiveTests(ctx.db, input.projectId, input.testIds);
    return idListSql(input.testIds);
  }
  await requireSelectionIds(ctx, input.projectId, input);
  const source = selectionSql(input.projectId, input);
  const [{ n }] = await ctx.db.$queryRaw<{ n: number }[]>`
    SELECT count(*)::int AS n FROM (${source} LIMIT ${MAX_RUN_TESTS + 1}) s`;
  if (n === 0) throw badRequest('no tests match the selection');
  if (n > MAX_RUN_TESTS) throw tooManyTests();
  return source;
}

export const tooManyTests = () => badRequest(`A run holds at most ${MAX_RUN_TESTS} tests`);

/** SELECT of `test_id, n` over a list of ids, n being the position in the list. */
export const idListSql = (ids: number[]) =>
  Prisma.sql`SELECT v.id AS test_id, v.n FROM unnest(${ids}::int[]) WITH ORDINALITY AS v(id, n)`;

/**
 * Puts the source's tests into the run as `untested` and counts them into
 * `untested_count`, each with a history entry: in `n` order for a new run, by
 * test id when adding to one. Tests already in the run are left as they are
 * (ON CONFLICT: no join whose plan could go wrong on stale statistics). One
 * statement; returns how many were added and the run's size after. The caller
 * holds the run's row lock (or just created the run).
 */
export async function insertUntested(
  tx: Prisma.TransactionClient, runId: number, userId: number, source: Prisma.Sql, opts: { newRun: boolean },
) {
  const now = new Date();
  const historyOrder = opts.newRun ? Prisma.sql`FROM src ORDER BY n` : Prisma.sql`FROM ins ORDER BY test_id`;
  const [row] = await tx.$queryRaw<{ added: number; total: number }[]>`
    WITH src AS (${source}), ins AS (
      INSERT INTO run_tests (run_id, test_id, status, updated_by, updated_at)
      SELECT ${runId}, test_id, 'untested', ${userId}, ${now} FROM src
      ON CONFLICT (run_id, test_id) DO NOTHING
      RETURNING test_id
    ), hist AS (
      INSERT INTO status_history (run_id, test_id, status, user_id, created_at)
      SELECT ${runId}, test_id, 'untested', ${userId}, ${now} ${historyOrder}
    )
    UPDATE runs SET untested_count = untested_count + (SELECT count(*) FROM ins) WHERE id = ${runId}
    RETURNING (SELECT count(*) FROM ins)::int AS added,
      passed_count + failed_count + blocked_count + retest_count + untested_count AS total`;
  if (row.total > MAX_RUN_TESTS) throw tooManyTests();
  return row;
}
