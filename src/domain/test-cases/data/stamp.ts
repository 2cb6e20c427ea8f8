import type { Tx } from '../../../db/client';
import { Prisma } from '../../../generated/prisma/client';
import { stampOf } from '../../../core/record-stamp';

// The stamp of a test (src/core/record-stamp.ts): its whole row (every field and
// updated_at, which every write of it sets) and its labels.

/** The stamp of the test row `t` as SQL. */
export const testStampSql = stampOf(
  Prisma.sql`row(t.*)::text || coalesce((SELECT array_agg(tl.label_id ORDER BY tl.label_id) FROM test_labels tl WHERE tl.test_id = t.id)::text, '')`,
);

/** Locks the live test for the rest of the transaction; its stamp, or undefined when it is gone. */
export async function lockTestStamp(tx: Tx, testId: number): Promise<number | undefined> {
  const [row] = await tx.$queryRaw<{ stamp: number }[]>`
    SELECT ${testStampSql} AS stamp FROM tests t WHERE t.id = ${testId} AND t.deleted_at IS NULL FOR UPDATE OF t`;
  return row?.stamp;
}
