import type { DbOrTx } from '../../../db/client';
import { Prisma } from '../../../generated/prisma/client';
import { isoUtc } from '../../test-cases/data/columns';

// A test's latest executions for its strip on the test case page: one row per run in which it has
// a result other than untested, read through run_tests' test_id index (a few hundred rows at most).

export interface TestExecution {
  runId: number;
  runName: string;
  status: 'passed' | 'failed' | 'blocked' | 'retest';
  executedAt: string;
  elapsedMs: number | null;
  flakyInRun: boolean;
}

const executed = (q: { projectId: number; testId: number }) => Prisma.sql`
  FROM run_tests rt JOIN runs r ON r.id = rt.run_id
  WHERE rt.test_id = ${q.testId} AND r.project_id = ${q.projectId} AND rt.status <> 'untested'`;

/** A page of the test's executions in the project's runs, newest first, and how many there are. */
export async function executionsPage(
  db: DbOrTx,
  q: { projectId: number; testId: number; limit: number; offset: number },
): Promise<{ total: number; executions: TestExecution[] }> {
  const [executions, [{ total }]] = await Promise.all([
    db.$queryRaw<TestExecution[]>`
      SELECT rt.run_id AS "runId", r.name AS "runName", rt.status::text AS status, ${Prisma.raw(isoUtc('rt.updated_at'))} AS "executedAt",
             rt.elapsed_ms AS "elapsedMs", rt.flaky_in_run AS "flakyInRun"
      ${executed(q)}
      ORDER BY rt.updated_at DESC, rt.run_id DESC LIMIT ${q.limit}::int OFFSET ${q.offset}::bigint`,
    db.$queryRaw<{ total: number }[]>`SELECT count(*)::int AS total ${executed(q)}`,
  ]);
  return { total, executions };
}
