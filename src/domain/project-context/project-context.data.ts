import type { DbOrTx } from '../../db/client';
import { sectionTreeSql } from '../sections/data/tree';

// The two reads of the project context that no list route makes in this shape.

/** Every section of the project as a path (`A > B`), in tree order. */
export function sectionPathRows(db: DbOrTx, projectId: number) {
  return db.$queryRaw<{ sectionId: number; path: string }[]>`
    WITH RECURSIVE ${sectionTreeSql(projectId)}
    SELECT id AS "sectionId", path FROM tree ORDER BY sort_key, id`;
}

/** Every test plan of the project, newest first. */
export function planRefRows(db: DbOrTx, projectId: number) {
  return db.$queryRaw<{ planId: number; name: string; milestoneId: number | null; locked: boolean }[]>`
    SELECT id AS "planId", name, milestone_id AS "milestoneId", locked FROM plans WHERE project_id = ${projectId} ORDER BY id DESC`;
}

/** Every milestone of the project, open first, then by due date (none last), then by id; without their run counts. */
export function milestoneRefRows(db: DbOrTx, projectId: number) {
  return db.$queryRaw<
    { milestoneId: number; name: string; status: 'open' | 'completed'; dueDate: string | null; parentId: number | null }[]
  >`
    SELECT id AS "milestoneId", name, status::text AS status, to_char(due_date, 'YYYY-MM-DD') AS "dueDate", parent_id AS "parentId"
      FROM milestones WHERE project_id = ${projectId}
     ORDER BY status = 'completed', due_date NULLS LAST, id`;
}
