import type { DbOrTx } from '../../db/client';
import type { Prisma } from '../../generated/prisma/client';
import type { RequestContext } from '../../core/context';
import { pageOf } from '../../core/cursor';
import { requireOrgMember } from '../access';
import type { AuditAction, AuditFilter } from './audit.schemas';
import { insertAuditEventInProject, insertAuditEvents, listAuditEvents } from './data';

/** Who acts: a user, and the API token they act with (null: their own OAuth session). Null actor: the CLI. */
export interface AuditActor {
  userId: number;
  tokenId: number | null;
}

export interface AuditEntry {
  action: AuditAction;
  targetType: string;
  targetId?: number;
  detail?: Prisma.InputJsonObject;
}

/**
 * Records who did what, once per organization concerned (in the transaction `db` of
 * what it records). Call it last in the transaction: it moves the organizations'
 * audit counters, and organizations are the last rows a write locks.
 */
export async function recordAudit(db: DbOrTx, actor: AuditActor | null, orgIds: number[], entry: AuditEntry): Promise<void> {
  if (orgIds.length === 0) return;
  await insertAuditEvents(
    db,
    orgIds.map((orgId) => ({
      orgId,
      actorId: actor?.userId ?? null,
      tokenId: actor?.tokenId ?? null,
      action: entry.action,
      targetType: entry.targetType,
      targetId: entry.targetId ?? null,
      detail: entry.detail,
    })),
  );
}

/** Records who did what in a project, in the project's organization; last in the transaction, as recordAudit. */
export async function recordInProject(db: DbOrTx, actor: AuditActor, projectId: number, entry: AuditEntry): Promise<void> {
  await insertAuditEventInProject(db, projectId, {
    actorId: actor.userId,
    tokenId: actor.tokenId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    detail: entry.detail ?? null,
  });
}

/** The organization's audit log, newest first, narrowed by who acted, the kind and a span of time when asked. */
export async function listAudit(ctx: RequestContext, q: AuditFilter & { orgId: number; limit: number; offset: number; cursor?: number }) {
  requireOrgMember(ctx, q.orgId);
  const filter = { actorId: q.actorId, action: q.action, from: q.from, to: q.to };
  const [rows, total] = await listAuditEvents(ctx.db, { orgId: q.orgId, filter, beforeId: q.cursor, skip: q.offset, take: q.limit });
  const { rows: events, next } = pageOf(rows, q.limit, (e) => e.auditId);
  // The column holds only what recordAudit wrote: an AuditAction.
  const typed = events.map((e) => ({
    ...e,
    action: e.action as AuditAction,
    detail: (e.detail ?? null) as Record<string, unknown> | null,
  }));
  return { events: typed, total, limit: q.limit, offset: q.offset, ...next };
}
