import { Prisma } from '../../generated/prisma/client';
import { projectRecordVersion } from '../projects/project-version';
import { runStampSql } from './data';

/** The version of GET /run/detail: its project's, with the run's stamp (what PUT /run/edit's If-Match is checked against). */
export const runVersion = projectRecordVersion<{ query: { projectId: number; runId: number } }>(
  (input) => Prisma.sql`SELECT ${runStampSql} FROM runs r WHERE r.id = ${input.query.runId} AND r.project_id = p.id`,
);
