import type { Tx } from '../../../db/client';
import { Prisma } from '../../../generated/prisma/client';
import { stampOf } from '../../../core/record-stamp';

// The stamp of a run (src/core/record-stamp.ts): what PUT /run/edit changes, its name,
// description and build; results marked in it are not an edit of it.

/** The stamp of the run row `r` as SQL. */
export const runStampSql = stampOf(
  Prisma.sql`row(r.name, r.description, r.build_commit, r.build_branch, r.build_number, r.build_url, r.ci_job)::text`,
);

/** The stamp of a run the transaction has locked (lockRunForWrite). */
export async function runStamp(tx: Tx, runId: number): Promise<number> {
  const [row] = await tx.$queryRaw<{ stamp: number }[]>`SELECT ${runStampSql} AS stamp FROM runs r WHERE r.id = ${runId}`;
  return row.stamp;
}
