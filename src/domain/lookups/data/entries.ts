import type { DbOrTx } from '../../../db/client';
import type { LookupKind } from '../../../generated/prisma/client';

// The lookup lists of a project (priority, type, automation status, platform,
// covered by): one table of entries, each of one kind.

/** One lookup list of a project, in its seeded order. */
export function listLookupEntries(db: DbOrTx, projectId: number, kind: LookupKind) {
  return db.lookupEntry.findMany({
    where: { projectId, kind },
    select: { id: true, name: true },
    orderBy: [{ position: 'asc' }, { id: 'asc' }],
  });
}

/** Id → name of every lookup entry of the project, all kinds. */
export async function lookupNames(db: DbOrTx, projectId: number): Promise<Map<number, string>> {
  const entries = await db.lookupEntry.findMany({ where: { projectId }, select: { id: true, name: true } });
  return new Map(entries.map((l) => [l.id, l.name]));
}

const recordSelect = { id: true, name: true, kind: true, projectId: true } as const;

// Serializes a project's lookup writes, so the name check of an add or rename cannot race.
const LOOKUP_LOCK = 0x100c;
/** Takes the project's lookup lock until the transaction ends. */
export const lockLookups = (tx: DbOrTx, projectId: number) =>
  tx.$executeRaw`SELECT pg_advisory_xact_lock(${LOOKUP_LOCK}::int, ${projectId}::int)`;

/** The entry with its project's state, if one of `orgIds` owns its project. */
export function findLookupInOrgs(db: DbOrTx, id: number, orgIds: number[]) {
  return db.lookupEntry.findFirst({
    where: { id, project: { orgId: { in: orgIds } } },
    select: { ...recordSelect, project: { select: { isActive: true } } },
  });
}

/** Whether another entry of the list holds the name (case-insensitively). */
export async function lookupNameTaken(db: DbOrTx, projectId: number, kind: LookupKind, name: string, exceptId?: number) {
  const clash = await db.lookupEntry.findFirst({
    where: { projectId, kind, name: { equals: name, mode: 'insensitive' }, ...(exceptId === undefined ? {} : { id: { not: exceptId } }) },
    select: { id: true },
  });
  return clash !== null;
}

/** Adds an entry at the end of its list. */
export async function insertLookup(db: DbOrTx, projectId: number, kind: LookupKind, name: string) {
  const last = await db.lookupEntry.aggregate({ where: { projectId, kind }, _max: { position: true } });
  return db.lookupEntry.create({ data: { projectId, kind, name, position: (last._max.position ?? -1) + 1 }, select: recordSelect });
}

export function renameLookup(db: DbOrTx, id: number, name: string) {
  return db.lookupEntry.update({ where: { id }, data: { name }, select: recordSelect });
}

/** Locks the entry until the transaction ends (see lockNameRecord in labels/data); false when it is gone. */
export async function lockLookupEntry(db: DbOrTx, id: number): Promise<boolean> {
  const rows = await db.$queryRaw<unknown[]>`SELECT 1 FROM lookup_entries WHERE id = ${id} FOR UPDATE`;
  return rows.length > 0;
}

export async function deleteLookupEntry(db: DbOrTx, id: number) {
  await db.lookupEntry.delete({ where: { id } });
}
