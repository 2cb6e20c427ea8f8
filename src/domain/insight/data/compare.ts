import type { DbOrTx } from '../../../db/client';
import { Prisma } from '../../../generated/prisma/client';

// What comparing two runs reads besides their digests: the base run to compare with, and the
// first lines of the failed results' messages (never the whole 64 KB comment).

/** Runs as a comparison names them. */
export interface RunHead {
  runId: number;
  runName: string;
  branch: string | null;
}

/** The run (of the project) with its name and branch. */
export async function runHead(db: DbOrTx, projectId: number, runId: number): Promise<RunHead | undefined> {
  const [row] = await db.$queryRaw<RunHead[]>`
    SELECT id AS "runId", name AS "runName", build_branch AS branch FROM runs WHERE id = ${runId} AND project_id = ${projectId}`;
  return row;
}

/** The project's latest run (by creation), if it has one. */
export async function latestRunId(db: DbOrTx, projectId: number): Promise<number | undefined> {
  const [row] = await db.$queryRaw<{ id: number }[]>`SELECT id FROM runs WHERE project_id = ${projectId} ORDER BY id DESC LIMIT 1`;
  return row?.id;
}

/**
 * The run's default base: the project's latest run created before it that shares a test with it,
 * on the same branch when the run has one.
 */
export async function defaultBase(db: DbOrTx, run: RunHead & { projectId: number }): Promise<RunHead | undefined> {
  const [row] = await db.$queryRaw<RunHead[]>`
    SELECT r.id AS "runId", r.name AS "runName", r.build_branch AS branch FROM runs r
    WHERE r.project_id = ${run.projectId} AND r.id < ${run.runId}
      ${run.branch === null ? Prisma.empty : Prisma.sql`AND r.build_branch = ${run.branch}`}
      AND EXISTS (SELECT 1 FROM run_tests a JOIN run_tests b ON b.run_id = ${run.runId} AND b.test_id = a.test_id WHERE a.run_id = r.id)
    ORDER BY r.id DESC LIMIT 1`;
  return row;
}

/** The first line (at most 2,000 characters read) of each failed or blocked result's comment. */
export async function failureLines(db: DbOrTx, runId: number): Promise<{ testId: number; line: string }[]> {
  return db.$queryRaw<{ testId: number; line: string }[]>`
    SELECT test_id AS "testId", split_part(ltrim(left(comment, 2000), E' \\n\\r\\t'), E'\\n', 1) AS line
    FROM run_tests WHERE run_id = ${runId} AND status IN ('failed', 'blocked') AND comment IS NOT NULL`;
}
