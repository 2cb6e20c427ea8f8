import type { DbOrTx } from '../../../db/client';
import { Prisma } from '../../../generated/prisma/client';

// The section tree of a project, walked in one place: section lists, depths,
// the move check, run reports, run section counts, lock snapshots and the CSV
// export all read it from sectionTreeSql.

/**
 * CTEs `ranked`, `tree` and `ords` of a project's sections; they go after `WITH RECURSIVE`.
 * - tree: id, parent_id, name, depth (0 at the top), path (`A > B`), ids (root to the
 *   section), sort_key (ordering by it lists the tree depth-first, siblings by name (case
 *   ignored, as sibling names are unique) then id: the one section order of every list, report and screen).
 * - ords: id, path, ord (the section's position in tree order, siblings by name).
 * The walk starts at the top-level sections and follows each section's single
 * parent, so it visits every section once and ends, even if the data held a cycle
 * (a cycle is never reached from the top).
 */
export const sectionTreeSql = (projectId: number) => Prisma.sql`
  ranked AS (
    SELECT id, parent_id, name, row_number() OVER (PARTITION BY parent_id ORDER BY lower(name), id)::int AS pos
    FROM sections WHERE project_id = ${projectId}
  ), tree AS (
    SELECT id, parent_id, name, 0 AS depth, name::text AS path, ARRAY[id] AS ids, ARRAY[pos] AS sort_key
    FROM ranked WHERE parent_id IS NULL
    UNION ALL
    SELECT s.id, s.parent_id, s.name, tree.depth + 1, tree.path || ' > ' || s.name, tree.ids || s.id, tree.sort_key || s.pos
    FROM ranked s JOIN tree ON s.parent_id = tree.id
  ), ords AS (
    SELECT id, path, row_number() OVER (ORDER BY sort_key)::int AS ord FROM tree
  )`;

export interface SectionTreeRow {
  sectionId: number;
  sectionName: string;
  parentSectionId: number | null;
  depth: number;
  projectId: number;
  createdAt: Date;
}

/**
 * Every section of the project with its depth, in tree order: depth-first, siblings by name
 * then id (sort_key), the order of the run reports, the section counts and the export, so every
 * screen that shows sections shows them in this one order.
 */
export function listSectionTree(db: DbOrTx, projectId: number) {
  return db.$queryRaw<SectionTreeRow[]>`
    WITH RECURSIVE ${sectionTreeSql(projectId)}
    SELECT tree.id AS "sectionId", tree.name AS "sectionName", tree.parent_id AS "parentSectionId",
           s.project_id AS "projectId", s.created_at AS "createdAt", tree.depth
      FROM tree JOIN sections s ON s.id = tree.id ORDER BY tree.sort_key, tree.id`;
}

/** Where a section of the project sits: its depth and the ids from its root down to it. */
export async function sectionPlace(db: DbOrTx, projectId: number, sectionId: number) {
  const rows = await db.$queryRaw<{ depth: number; ids: number[] }[]>`
    WITH RECURSIVE ${sectionTreeSql(projectId)}
    SELECT depth, ids FROM tree WHERE id = ${sectionId}`;
  return rows[0] as { depth: number; ids: number[] } | undefined;
}

/** Section id → path (`A > B`) of every section of the project. */
export async function sectionPaths(db: DbOrTx, projectId: number): Promise<Map<number, string>> {
  const rows = await db.$queryRaw<{ id: number; path: string }[]>`
    WITH RECURSIVE ${sectionTreeSql(projectId)}
    SELECT id, path FROM tree`;
  return new Map(rows.map((r) => [r.id, r.path]));
}

/**
 * The ids of a section of the project and of all its subsections, as an array
 * expression: evaluated once per statement, it lets `section_id = ANY(...)` use
 * the (project_id, section_id) index. Unlike sectionTreeSql it walks down from
 * one section along the parent_id index, reading only that subtree (the catalog
 * list filters with it); UNION stops at a cycle should one ever exist.
 */
export const sectionSubtreeSql = (projectId: number, sectionId: number) => Prisma.sql`ARRAY(
  WITH RECURSIVE subtree(id) AS (
    SELECT s.id FROM sections s WHERE s.id = ${sectionId} AND s.project_id = ${projectId}
    UNION SELECT c.id FROM sections c JOIN subtree ON c.parent_id = subtree.id WHERE c.project_id = ${projectId}
  ) SELECT id FROM subtree)`;
