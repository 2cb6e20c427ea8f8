import type { Tx } from '../../../db/client';
import { Prisma } from '../../../generated/prisma/client';
import { stampOf } from '../../../core/record-stamp';

// The stamp of a project (src/core/record-stamp.ts): what PUT /project/edit changes,
// its name and description; its tests and runs changing is not an edit of it.

/** The stamp of the project row `p` as SQL. */
export const projectStampSql = stampOf(Prisma.sql`row(p.name, p.description)::text`);

/** Locks the project for the rest of the transaction; its stamp, or undefined when it is gone. */
export async function lockProjectStamp(tx: Tx, projectId: number): Promise<number | undefined> {
  const [row] = await tx.$queryRaw<
    { stamp: number }[]
  >`SELECT ${projectStampSql} AS stamp FROM projects p WHERE p.id = ${projectId} FOR UPDATE`;
  return row?.stamp;
}
