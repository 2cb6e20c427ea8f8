import type { DbOrTx } from '../../../db/client';
import { Prisma } from '../../../generated/prisma/client';
import { sectionTreeSql } from '../../sections/data';
import { shown } from './snapshot';

// Status counts of a run per section, counted in PostgreSQL. A locked run groups
// by its snapshot's sections.

export interface SectionCounts {
  sectionId: number | null;
  sectionPath: string | null;
  total: number;
  passed: number;
  failed: number;
  blocked: number;
  retest: number;
  untested: number;
}

const counted = (status: string) => Prisma.raw(`(count(*) FILTER (WHERE status = '${status}'))::int AS ${status}`);

/** One entry per section holding tests of the run, in tree order (tests without a section first). */
export function countRunTestsBySection(db: DbOrTx, runId: number, projectId: number) {
  return db.$queryRaw<SectionCounts[]>`
    WITH RECURSIVE ${sectionTreeSql(projectId)}, shown AS (
      SELECT ${Prisma.raw(shown('sectionId', 't.section_id'))} AS "sectionId",
        ${Prisma.raw(shown('sectionPath', 'ords.path', 'text'))} AS "sectionPath",
        ${Prisma.raw(shown('sectionOrder', 'ords.ord'))} AS ord, rt.status::text AS status
      FROM run_tests rt JOIN tests t ON t.id = rt.test_id LEFT JOIN ords ON ords.id = t.section_id
      WHERE rt.run_id = ${runId}
    )
    SELECT "sectionId", "sectionPath", count(*)::int AS total,
      ${counted('passed')}, ${counted('failed')}, ${counted('blocked')}, ${counted('retest')}, ${counted('untested')}
    FROM shown GROUP BY "sectionId", "sectionPath", ord ORDER BY ord NULLS FIRST, "sectionId"`;
}
