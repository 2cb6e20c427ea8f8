import type { DbOrTx } from '../../../db/client';
import { Prisma } from '../../../generated/prisma/client';

// Labels and squads: per-project name sets, unique case-insensitively (the
// name_key column holds the lowercased name under a unique index).

/** Where one kind of project name set lives and how its records name their fields. */
export interface NameSetKind<Id extends string, Name extends string> {
  table: 'labels' | 'squads';
  idKey: Id;
  nameKey: Name;
}
export const labelKind: NameSetKind<'labelId', 'labelName'> = { table: 'labels', idKey: 'labelId', nameKey: 'labelName' };
export const squadKind: NameSetKind<'squadId', 'squadName'> = { table: 'squads', idKey: 'squadId', nameKey: 'squadName' };

export type NameRecord<Id extends string, Name extends string> = Record<Id, number> &
  Record<Name, string> & { projectId: number; createdAt: Date };

// Table and alias names come from the constants above, never from input.
const columnsOf = (kind: NameSetKind<string, string>, alias?: string) => {
  const at = alias ? `${alias}.` : '';
  return Prisma.raw(
    `${at}id AS "${kind.idKey}", ${at}name AS "${kind.nameKey}", ${at}project_id AS "projectId", ${at}created_at AS "createdAt"`,
  );
};
const columns = (kind: NameSetKind<string, string>) => columnsOf(kind);

/** The project's names of this kind, by id. */
export function listNameRecords<Id extends string, Name extends string>(db: DbOrTx, kind: NameSetKind<Id, Name>, projectId: number) {
  return db.$queryRaw<NameRecord<Id, Name>[]>`
    SELECT ${columns(kind)} FROM ${Prisma.raw(kind.table)} WHERE project_id = ${projectId} ORDER BY id`;
}

/**
 * Inserts the names whose keys (lowercased names) are new, then returns the records
 * of all the keys in the order given. ON CONFLICT makes concurrent adds of the same
 * name safe: one wins, both return it.
 */
export async function insertNames<Id extends string, Name extends string>(
  db: DbOrTx,
  kind: NameSetKind<Id, Name>,
  projectId: number,
  names: { name: string; key: string }[],
) {
  const table = Prisma.raw(kind.table);
  const keys = names.map((n) => n.key);
  await db.$executeRaw`
    INSERT INTO ${table} (project_id, name, name_key)
    SELECT ${projectId}, v.name, v.key FROM unnest(${names.map((n) => n.name)}::text[], ${keys}::text[]) AS v(name, key)
    ON CONFLICT (project_id, name_key) DO NOTHING`;
  return db.$queryRaw<NameRecord<Id, Name>[]>`
    SELECT ${columns(kind)} FROM ${table} JOIN unnest(${keys}::text[]) WITH ORDINALITY AS k(key, n) ON name_key = k.key
    WHERE project_id = ${projectId} ORDER BY k.n`;
}

/** Id → name of the project's labels or squads. */
export async function nameMap(db: DbOrTx, kind: NameSetKind<string, string>, projectId: number): Promise<Map<number, string>> {
  const rows = await db.$queryRaw<{ id: number; name: string }[]>`
    SELECT id, name FROM ${Prisma.raw(kind.table)} WHERE project_id = ${projectId}`;
  return new Map(rows.map((r) => [r.id, r.name]));
}

/** The record with its project's state, if one of `orgIds` owns its project. */
export async function findNameInOrgs<Id extends string, Name extends string>(
  db: DbOrTx,
  kind: NameSetKind<Id, Name>,
  id: number,
  orgIds: number[],
) {
  const [row] = await db.$queryRaw<(NameRecord<Id, Name> & { isActive: boolean })[]>`
    SELECT ${columnsOf(kind, 'n')}, p.is_active AS "isActive" FROM ${Prisma.raw(kind.table)} n JOIN projects p ON p.id = n.project_id
    WHERE n.id = ${id} AND p.org_id = ANY(${orgIds}::int[])`;
  return row;
}

/** Renames the record; a name another record of the project holds (case-insensitively) is a unique violation. */
export async function renameNameRecord<Id extends string, Name extends string>(
  db: DbOrTx,
  kind: NameSetKind<Id, Name>,
  id: number,
  name: string,
) {
  const [row] = await db.$queryRaw<NameRecord<Id, Name>[]>`
    UPDATE ${Prisma.raw(kind.table)} SET name = ${name}, name_key = ${name.toLowerCase()} WHERE id = ${id}
    RETURNING ${columns(kind)}`;
  return row;
}

/** Whether another record of the project holds the name (case-insensitively). */
export async function nameTaken(db: DbOrTx, kind: NameSetKind<string, string>, projectId: number, name: string, exceptId: number) {
  const rows = await db.$queryRaw<unknown[]>`
    SELECT 1 FROM ${Prisma.raw(kind.table)} WHERE project_id = ${projectId} AND name_key = ${name.toLowerCase()} AND id <> ${exceptId}`;
  return rows.length > 0;
}

/**
 * Locks the record until the transaction ends, so no test takes it up between the
 * usage count and the delete (a test write's foreign key waits for the lock); false when it is gone.
 */
export async function lockNameRecord(db: DbOrTx, kind: NameSetKind<string, string>, id: number): Promise<boolean> {
  const rows = await db.$queryRaw<unknown[]>`SELECT 1 FROM ${Prisma.raw(kind.table)} WHERE id = ${id} FOR UPDATE`;
  return rows.length > 0;
}

/** Deletes the record (a label's links to deleted tests go with it). */
export async function deleteNameRecord(db: DbOrTx, kind: NameSetKind<string, string>, id: number) {
  await db.$executeRaw`DELETE FROM ${Prisma.raw(kind.table)} WHERE id = ${id}`;
}
