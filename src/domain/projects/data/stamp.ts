import type { Tx } from '../../../db/client';
import { Prisma } from '../../../generated/prisma/client';
import { stampOf } from '../../../core/record-stamp';

// The stamp of a project (src/core/record-stamp.ts): what PUT /project/edit changes,
// its name, description and defect URL template; its tests and runs changing is not an edit of it.

/** The stamp of the project row `p` as SQL. */
// Without a template the stamp is what it was before projects had one, so ETags held then still match.
export const projectStampSql = stampOf(
  Prisma.sql`CASE WHEN p.defect_url_template IS NULL THEN row(p.name, p.description)::text
    ELSE row(p.name, p.description, p.defect_url_template)::text END`,
);

/** Locks the project for the rest of the transaction; its stamp, or undefined when it is gone. */
export async function lockProjectStamp(tx: Tx, projectId: number): Promise<number | undefined> {
  const [row] = await tx.$queryRaw<
    { stamp: number }[]
  >`SELECT ${projectStampSql} AS stamp FROM projects p WHERE p.id = ${projectId} FOR UPDATE`;
  return row?.stamp;
}
