import type { DbOrTx } from '../../../db/client';
import type { Prisma } from '../../../generated/prisma/client';
import { noteOrgAudit } from '../../orgs/data';

// The audit log's table: entries are written in the caller's transaction, next
// to what they record, and move their organizations' audit counters (the ETag of
// the log, orgs/data/changes.ts). That takes the organizations' row locks, which a
// transaction takes last: append the entries after its other writes.

export interface AuditEventRow {
  orgId: number;
  actorId: number | null;
  tokenId: number | null;
  action: string;
  targetType: string;
  targetId: number | null;
  detail?: Prisma.InputJsonObject;
}

export async function insertAuditEvents(db: DbOrTx, rows: AuditEventRow[]): Promise<void> {
  await db.auditEvent.createMany({ data: rows });
  await noteOrgAudit(
    db,
    rows.map((r) => r.orgId),
  );
}

/** One entry in the project's organization, found in the same statement. */
export async function insertAuditEventInProject(
  db: DbOrTx,
  projectId: number,
  e: {
    actorId: number;
    tokenId: number | null;
    action: string;
    targetType: string;
    targetId: number | null;
    detail: Prisma.InputJsonObject | null;
  },
): Promise<void> {
  const [row] = await db.$queryRaw<{ orgId: number }[]>`
    INSERT INTO audit_events (org_id, actor_id, token_id, action, target_type, target_id, detail)
    SELECT org_id, ${e.actorId}, ${e.tokenId}::int, ${e.action}, ${e.targetType}, ${e.targetId}::int, ${JSON.stringify(e.detail)}::jsonb
      FROM projects WHERE id = ${projectId}
    RETURNING org_id AS "orgId"`;
  if (row) await noteOrgAudit(db, row.orgId);
}

/** Which entries a page shows: each given field narrows it (`from` inclusive, `to` exclusive). */
export interface AuditEventFilter {
  actorId?: number;
  action?: string;
  from?: string;
  to?: string;
}

/**
 * A page of the organization's audit log, newest first (older than `beforeId`
 * when given), one more than `take` to tell whether more follow, and the log's
 * size. The ids come from the (org_id, id) index alone; only the page's rows are read.
 */
export async function listAuditEvents(
  db: DbOrTx,
  q: { orgId: number; filter: AuditEventFilter; beforeId?: number; skip: number; take: number },
) {
  const { actorId, action, from, to } = q.filter;
  const where: Prisma.AuditEventWhereInput = {
    orgId: q.orgId,
    ...(actorId === undefined ? {} : { actorId }),
    ...(action === undefined ? {} : { action }),
    ...(from === undefined && to === undefined
      ? {}
      : { createdAt: { ...(from === undefined ? {} : { gte: new Date(from) }), ...(to === undefined ? {} : { lt: new Date(to) }) } }),
  };
  const [ids, total] = await Promise.all([
    db.auditEvent.findMany({
      where: { ...where, ...(q.beforeId === undefined ? {} : { auditId: { lt: q.beforeId } }) },
      select: { auditId: true },
      orderBy: { auditId: 'desc' },
      skip: q.skip,
      take: q.take + 1,
    }),
    db.auditEvent.count({ where }),
  ]);
  const events = await db.auditEvent.findMany({ where: { auditId: { in: ids.map((e) => e.auditId) } }, orderBy: { auditId: 'desc' } });
  return [events, total] as const;
}
