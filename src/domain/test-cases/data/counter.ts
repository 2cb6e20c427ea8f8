import type { DbOrTx, Tx } from '../../../db/client';

// The catalog's size, kept on the project row (projects.live_test_count) so the
// unfiltered total of a list is read, not counted. Every write that adds or
// removes live tests moves it in its own transaction (write.ts, import.ts), by
// the number of rows the write really changed: two deletes of one test count once.

/** Adds `n` (negative: removes) to the project's number of live tests. */
export async function moveLiveTestCount(tx: Tx, projectId: number, n: number): Promise<void> {
  if (n === 0) return;
  await tx.$executeRaw`UPDATE projects SET live_test_count = live_test_count + ${n}::int WHERE id = ${projectId}`;
}

/**
 * Sets the counter from the tests themselves (a project's tests written around the
 * data module, e.g. by a fixture), and moves the project's change counter: what
 * its reads show has changed, so no client may keep an earlier answer (an ETag).
 */
export async function recountLiveTests(db: DbOrTx, projectId: number): Promise<number> {
  const [row] = await db.$queryRaw<{ n: number }[]>`
    UPDATE projects SET live_test_count = (SELECT count(*)::int FROM tests WHERE project_id = ${projectId} AND deleted_at IS NULL),
                        change_count = change_count + 1
     WHERE id = ${projectId} RETURNING live_test_count AS n`;
  return row?.n ?? 0;
}
