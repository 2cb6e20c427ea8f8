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
