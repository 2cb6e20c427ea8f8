import type { Db } from '../../../db/client';

// How far a JUnit import has got (table import_progress), for the client that sent
// it to poll. Each write is a short statement of its own on the pool, never on the
// import's transaction: a poller on any server instance sees it at once, and a
// rolled-back import still leaves its last phase behind.

export interface ImportProgressRow {
  progressId: string;
  phase: string;
  done: number;
  total: number;
  updatedAt: Date;
}

/** Rows older than this are deleted by the next import that starts. */
const KEEP = '1 hour';

/**
 * Records the import's phase and counts under its progress id. An id already held
 * by another user is left as it is (the write is dropped): nobody overwrites, or
 * learns of, another user's progress.
 */
export async function recordImportProgress(
  db: Db,
  p: { progressId: string; userId: number; projectId: number; phase: string; done: number; total: number },
): Promise<void> {
  await db.$executeRaw`
    INSERT INTO import_progress (id, user_id, project_id, phase, done, total, updated_at)
    VALUES (${p.progressId}::uuid, ${p.userId}, ${p.projectId}, ${p.phase}, ${p.done}, ${p.total}, now())
    ON CONFLICT (id) DO UPDATE SET project_id = excluded.project_id, phase = excluded.phase, done = excluded.done,
      total = excluded.total, updated_at = excluded.updated_at
    WHERE import_progress.user_id = excluded.user_id`;
}

/** Deletes the progress of imports that last moved over an hour ago. */
export async function deleteStaleImportProgress(db: Db): Promise<void> {
  await db.$executeRaw`DELETE FROM import_progress WHERE updated_at < now() - ${KEEP}::interval`;
}

/** The caller's progress under this id in this project, or null (unknown, or another user's). */
export async function findImportProgress(db: Db, userId: number, projectId: number, progressId: string): Promise<ImportProgressRow | null> {
  const [row] = await db.$queryRaw<ImportProgressRow[]>`
    SELECT id::text AS "progressId", phase, done, total, updated_at AS "updatedAt"
    FROM import_progress WHERE id = ${progressId}::uuid AND user_id = ${userId} AND project_id = ${projectId}`;
  return row ?? null;
}
