import { Prisma } from '../../generated/prisma/client';
import { projectRecordVersion } from '../projects/project-version';
import { testStampSql } from './data';

/** The version of GET /test/details: its project's, with the test's stamp (what PUT /test/update's If-Match is checked against). */
export const testVersion = projectRecordVersion<{ query: { projectId: number; testId: number } }>(
  (input) =>
    Prisma.sql`SELECT ${testStampSql} FROM tests t WHERE t.id = ${input.query.testId} AND t.project_id = p.id AND t.deleted_at IS NULL`,
);
