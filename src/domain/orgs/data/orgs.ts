import type { DbOrTx, Tx } from '../../../db/client';

// The organizations table.

const orgSelect = { orgId: true, orgName: true, createdAt: true } as const;

/** An organization by id or by its (unique) name. */
export type OrgKey = { orgId: number } | { orgName: string };

export function listOrgsIn(db: DbOrTx, orgIds: number[]) {
  return db.organization.findMany({ where: { orgId: { in: orgIds } }, select: orgSelect, orderBy: { orgId: 'asc' } });
}

/** The organization if it is one of `orgIds`, with its number of projects. */
export async function findOrgWithProjectCount(db: DbOrTx, orgId: number, orgIds: number[]) {
  const org = await db.organization.findFirst({
    where: { orgId, AND: { orgId: { in: orgIds } } },
    select: { ...orgSelect, _count: { select: { projects: true } } },
  });
  if (!org) return null;
  const { _count, ...rest } = org;
  return { ...rest, projectCount: _count.projects };
}

export function findOrgByKey(db: DbOrTx, key: OrgKey) {
  return db.organization.findUnique({ where: key, omit: counters });
}

export function findOrgId(db: DbOrTx, key: OrgKey) {
  return db.organization.findUnique({ where: key, select: { orgId: true } });
}

/** The first organization made (the bootstrap's `Default` on a fresh install). */
export function findOldestOrgId(db: DbOrTx) {
  return db.organization.findFirst({ orderBy: { orgId: 'asc' }, select: { orgId: true } });
}

// The counters (data/changes.ts) are the data layer's, never part of an organization record.
const counters = { changeCount: true, auditCount: true } as const;

export function insertOrg(db: DbOrTx, orgName: string) {
  return db.organization.create({ data: { orgName }, omit: counters });
}

/** The organization of that name, created when missing. */
export function ensureOrg(db: DbOrTx, orgName: string) {
  return db.organization.upsert({ where: { orgName }, update: {}, create: { orgName }, omit: counters });
}

/** Takes the organization's row lock for the rest of the transaction. */
export async function lockOrg(tx: Tx, orgId: number): Promise<void> {
  await tx.$queryRaw`SELECT id FROM organizations WHERE id = ${orgId} FOR UPDATE`;
}
