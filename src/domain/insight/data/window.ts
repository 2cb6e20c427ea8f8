import type { DbOrTx } from '../../../db/client';
import { Prisma } from '../../../generated/prisma/client';
import { catalogWhere } from '../../test-cases/data';
import { int32s } from './packed';

// What a read across runs starts from: the project's runs in its window, the live tests it
// counts, and their names for the page shown.

/** The project's last `window` runs (all with 'all'), oldest first, with their build commits. */
export async function windowRuns(db: DbOrTx, projectId: number, window: number | 'all') {
  const rows = await db.$queryRaw<{ runId: number; commit: string | null }[]>`
    SELECT id AS "runId", build_commit AS "commit" FROM runs WHERE project_id = ${projectId}
    ORDER BY id DESC ${window === 'all' ? Prisma.empty : Prisma.sql`LIMIT ${window}`}`;
  return rows.reverse();
}

/** The project's runs whose results changed at or after `since`, oldest first. */
export async function runsWithResultsSince(db: DbOrTx, projectId: number, since: Date) {
  return db.$queryRaw<{ runId: number; commit: string | null }[]>`
    SELECT id AS "runId", build_commit AS "commit" FROM runs
    WHERE project_id = ${projectId} AND results_at >= ${since} ORDER BY id`;
}

/** The project's live tests, in a section's subtree and with a label when given, ascending ids. */
export async function liveTestIdsOf(db: DbOrTx, projectId: number, f: { sectionId?: number; labelId?: number }): Promise<Int32Array> {
  // One row of packed ids, not 50,000 rows for the client to decode.
  const [row] = await db.$queryRaw<{ ids: Uint8Array | null }[]>`
    SELECT string_agg(int4send(t.id), ''::bytea ORDER BY t.id) AS ids FROM tests t
    WHERE ${catalogWhere(projectId, { sectionId: f.sectionId, includeSubsections: true, labelId: f.labelId })}`;
  return int32s(row.ids);
}

/** Title and section of these tests (any order). */
export async function testNames(db: DbOrTx, testIds: number[]) {
  const rows = await db.$queryRaw<{ testId: number; title: string; sectionId: number | null }[]>`
    SELECT id AS "testId", title, section_id AS "sectionId" FROM tests WHERE id = ANY(${testIds}::int[])`;
  return new Map(rows.map((r) => [r.testId, r]));
}
