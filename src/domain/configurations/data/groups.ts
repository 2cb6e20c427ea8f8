import type { DbOrTx, Tx } from '../../../db/client';
import { Prisma } from '../../../generated/prisma/client';
import type { ConfigurationGroupRecord } from '../configurations.schemas';

// The configuration_groups and configuration_options tables. Runs name options by id without a
// foreign key (runs.configuration), so an option is kept (renamed, moved) rather than replaced.

/** The groups of a project (or the one group `groupId`), by name then id, each with its options by position. */
export function groupRows(db: DbOrTx, projectId: number, groupId?: number): Promise<ConfigurationGroupRecord[]> {
  const one = groupId === undefined ? Prisma.empty : Prisma.sql`AND g.id = ${groupId}`;
  return db.$queryRaw<ConfigurationGroupRecord[]>`
    SELECT g.id AS "groupId", g.project_id AS "projectId", g.name,
      coalesce((SELECT json_agg(json_build_object('optionId', o.id, 'name', o.name, 'position', o.position) ORDER BY o.position, o.id)
        FROM configuration_options o WHERE o.group_id = g.id), '[]'::json) AS options
    FROM configuration_groups g WHERE g.project_id = ${projectId} ${one}
    ORDER BY lower(g.name), g.id`;
}

export interface GroupRef {
  groupId: number;
  name: string;
  projectActive: boolean;
  optionIds: number[];
}

/** The group if it is in the project, one of `orgIds`'; locked for the transaction. */
export async function lockGroup(tx: Tx, orgIds: number[], projectId: number, groupId: number): Promise<GroupRef | undefined> {
  const [row] = await tx.$queryRaw<GroupRef[]>`
    SELECT g.id AS "groupId", g.name, p.is_active AS "projectActive",
      array(SELECT o.id FROM configuration_options o WHERE o.group_id = g.id ORDER BY o.id) AS "optionIds"
    FROM configuration_groups g JOIN projects p ON p.id = g.project_id
    WHERE g.id = ${groupId} AND g.project_id = ${projectId} AND p.org_id = ANY(${orgIds}::int[])
    FOR UPDATE OF g`;
  return row;
}

/** The name of another group of the project that has this name, compared case-insensitively; undefined when none has. */
export async function takenGroupName(db: DbOrTx, projectId: number, name: string, exceptId?: number): Promise<string | undefined> {
  const [row] = await db.$queryRaw<{ name: string }[]>`
    SELECT name FROM configuration_groups WHERE project_id = ${projectId} AND lower(name) = lower(${name}) AND id <> ${exceptId ?? 0}
    LIMIT 1`;
  return row?.name;
}

/** The new group's id; undefined when a group of that exact name came first (a concurrent add). */
export async function insertGroup(tx: Tx, projectId: number, name: string): Promise<number | undefined> {
  const [row] = await tx.$queryRaw<{ id: number }[]>`
    INSERT INTO configuration_groups (project_id, name, created_at, updated_at)
    VALUES (${projectId}, ${name}, now() AT TIME ZONE 'UTC', now() AT TIME ZONE 'UTC')
    ON CONFLICT (project_id, name) DO NOTHING RETURNING id`;
  return row?.id;
}

export async function renameGroup(tx: Tx, groupId: number, name: string | undefined): Promise<void> {
  const rename = name === undefined ? Prisma.empty : Prisma.sql`, name = ${name}`;
  await tx.$executeRaw`UPDATE configuration_groups SET updated_at = now() AT TIME ZONE 'UTC' ${rename} WHERE id = ${groupId}`;
}

/** One entry of a group's new list: an option kept (optionId) or added. */
export interface OptionWrite {
  optionId?: number;
  name: string;
}

/**
 * Makes the group's options the list given, position by place: options not listed are deleted, listed
 * ones renamed and moved, new ones added. Kept ones first take names no option may hold (longer than
 * any), so that names may change hands within the list (Chrome ↔ Firefox) under the unique (group, name) index.
 */
export async function writeOptions(tx: Tx, groupId: number, list: OptionWrite[]): Promise<void> {
  const kept = list.flatMap((o, position) => (o.optionId === undefined ? [] : [{ id: o.optionId, name: o.name, position }]));
  await tx.$executeRaw`DELETE FROM configuration_options WHERE group_id = ${groupId} AND id <> ALL(${kept.map((k) => k.id)}::int[])`;
  if (kept.length > 0) {
    await tx.$executeRaw`UPDATE configuration_options SET name = repeat('~', 101) || id WHERE id = ANY(${kept.map((k) => k.id)}::int[])`;
    await tx.$executeRaw`
      UPDATE configuration_options o SET name = k.name, position = k.position
      FROM unnest(${kept.map((k) => k.id)}::int[], ${kept.map((k) => k.name)}::text[], ${kept.map((k) => k.position)}::int[])
        AS k(id, name, position)
      WHERE o.id = k.id`;
  }
  const added = list.flatMap((o, position) => (o.optionId === undefined ? [{ name: o.name, position }] : []));
  if (added.length > 0)
    await tx.$executeRaw`
      INSERT INTO configuration_options (group_id, name, position)
      SELECT ${groupId}, a.name, a.position FROM unnest(${added.map((a) => a.name)}::text[], ${added.map((a) => a.position)}::int[]) AS a(name, position)`;
}

export async function deleteGroupRow(tx: Tx, groupId: number): Promise<void> {
  await tx.$executeRaw`DELETE FROM configuration_groups WHERE id = ${groupId}`;
}
