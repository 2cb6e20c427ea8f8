import type { DbOrTx } from '../../../db/client';

/** Every status change of a test across the project's runs, newest first. */
export async function statusHistoryOfTest(db: DbOrTx, projectId: number, testId: number) {
  const entries = await db.statusHistory.findMany({
    where: { testId, run: { projectId } },
    select: {
      runId: true,
      testId: true,
      status: true,
      comment: true,
      elapsedMs: true,
      userId: true,
      createdAt: true,
      run: { select: { runName: true } },
    },
    orderBy: [{ createdAt: 'desc' }, { id: 'desc' }],
  });
  return entries.map(({ run, ...entry }) => ({
    runId: entry.runId,
    runName: run.runName,
    projectId,
    testId: entry.testId,
    status: entry.status,
    comment: entry.comment,
    elapsedMs: entry.elapsedMs,
    userId: entry.userId,
    createdAt: entry.createdAt,
  }));
}
