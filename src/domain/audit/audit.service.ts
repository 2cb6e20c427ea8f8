import type { Db } from '../../db/client';
import type { Prisma } from '../../generated/prisma/client';
import type { RequestContext } from '../../core/context';
import { requireOrgMember } from '../access';
import type { AuditAction } from './audit.schemas';

/** A client or a transaction: an audit entry is written in the same transaction as what it records. */
type Writer = Pick<Db, 'auditEvent' | '$executeRaw'>;

export interface AuditEntry {
  action: AuditAction;
  targetType: string;
  targetId?: number;
  detail?: Prisma.InputJsonObject;
}

/** Records who did what, once per organization concerned. */
export async function recordAudit(db: Writer, actorId: number | null, orgIds: number[], entry: AuditEntry): Promise<void> {
  if (orgIds.length === 0) return;
  await db.auditEvent.createMany({
    data: orgIds.map((orgId) => ({ orgId, actorId, action: entry.action, targetType: entry.targetType, targetId: entry.targetId ?? null, detail: entry.detail })),
  });
}

/** Records who did what in a project, in the project's organization (write it before deleting the project). */
export async function recordInProject(db: Writer, actorId: number, projectId: number, entry: AuditEntry): Promise<void> {
  await db.$executeRaw`
    INSERT INTO audit_events (org_id, actor_id, action, target_type, target_id, detail)
    SELECT org_id, ${actorId}, ${entry.action}, ${entry.targetType}, ${entry.targetId ?? null}::int, ${JSON.stringify(entry.detail ?? null)}::jsonb
      FROM projects WHERE id = ${projectId}`;
}

/** The organization's audit log, newest first. */
export async function listAudit(ctx: RequestContext, q: { orgId: number; limit: number; offset: number }) {
  requireOrgMember(ctx, q.orgId);
  const where = { orgId: q.orgId };
  const [events, total] = await Promise.all([
    ctx.db.auditEvent.findMany({ where, orderBy: { auditId: 'desc' }, skip: q.offset, take: q.limit }),
    ctx.db.auditEvent.count({ where }),
  ]);
  return { events: events.map((e) => ({ ...e, detail: (e.detail ?? null) as Record<string, unknown> | null })), total, limit: q.limit, offset: q.offset };
}
