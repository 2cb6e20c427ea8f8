import crypto from 'node:crypto';
import { Prisma } from '../../generated/prisma/client';
import type { Tx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import type { WebhookEventType, WebhookPayload } from './event-types';
import { enqueueDeliveries } from './enqueue';

export interface WebhookEventInput {
  type: WebhookEventType;
  orgId: number;
  projectId: number | null;
  data: Record<string, unknown>;
}

/**
 * Records an event of a write and its deliveries, in the write's own transaction (an outbox):
 * the delivery jobs exist if and only if the write commits. Call it inside the transaction.
 *
 * Most writes have no webhook to tell: they pay one indexed read (webhooks by organization and
 * active) that finds nothing. Otherwise the event is stored once and each matching webhook gets
 * one job of the queue (src/jobs).
 */
export async function emitEvent(tx: Tx, ctx: RequestContext, event: WebhookEventInput): Promise<void> {
  const hooks = await tx.$queryRaw<{ id: number }[]>`
    SELECT id FROM webhooks
    WHERE org_id = ${event.orgId} AND active AND ${event.type} = ANY(events)
      AND (project_id IS NULL OR project_id = ${event.projectId}::int)`;
  if (!hooks.length) return;
  const eventId = await recordEvent(tx, ctx.userId, event);
  await enqueueDeliveries(
    tx,
    hooks.map((h) => ({ webhookId: h.id, eventId, attempt: 1 })),
  );
}

/** Stores an event's payload (emitEvent, and the `ping` of POST /webhook/test); returns its id. */
export async function recordEvent(
  tx: Tx,
  actorId: number | null,
  event: Omit<WebhookEventInput, 'type'> & { type: WebhookPayload['type'] },
): Promise<string> {
  const actor =
    actorId === null ? null : await tx.user.findUnique({ where: { userId: actorId }, select: { userId: true, name: true, email: true } });
  const id = crypto.randomUUID();
  const createdAt = new Date();
  const payload: WebhookPayload = {
    id,
    type: event.type,
    createdAt: createdAt.toISOString(),
    orgId: event.orgId,
    projectId: event.projectId,
    actor: actor ? { id: actor.userId, name: actor.name, email: actor.email } : null,
    data: event.data,
  };
  await tx.webhookEvent.create({
    data: {
      eventId: id,
      orgId: event.orgId,
      projectId: event.projectId,
      type: event.type,
      payload: payload as unknown as Prisma.InputJsonValue,
      createdAt,
    },
  });
  return id;
}
