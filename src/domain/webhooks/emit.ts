import crypto from 'node:crypto';
import { Prisma } from '../../generated/prisma/client';
import type { Tx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { CHAT_EVENT_TYPES, type WebhookEventType, type WebhookPayload } from './event-types';
import { enqueueDeliveries } from './enqueue';

export interface WebhookEventHead {
  type: WebhookEventType;
  orgId: number;
  projectId: number | null;
}

export interface WebhookEventInput extends WebhookEventHead {
  /** The data, or a function building it: called only when a webhook wants the event, so a write nobody listens to builds nothing. */
  data: Record<string, unknown> | (() => Promise<Record<string, unknown>>);
}

/**
 * The active webhooks of the organization that want the event: one indexed read. A chat webhook
 * wants only what it posts (create and edit refuse others; this covers rows from before they did).
 */
function wantingHooks(tx: Tx, event: WebhookEventHead) {
  const chatPosts = (CHAT_EVENT_TYPES as readonly WebhookEventType[]).includes(event.type);
  return tx.$queryRaw<{ id: number }[]>`
    SELECT id FROM webhooks
    WHERE org_id = ${event.orgId} AND active AND ${event.type} = ANY(events)
      AND (project_id IS NULL OR project_id = ${event.projectId}::int)
      AND (${chatPosts} OR format = 'standard')`;
}

/** Whether some webhook wants the event: for a write that must read something before it writes, to tell of it after. */
export async function subscribed(tx: Tx, event: WebhookEventHead): Promise<boolean> {
  return (await wantingHooks(tx, event)).length > 0;
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
  const hooks = await wantingHooks(tx, event);
  if (!hooks.length) return;
  const data = typeof event.data === 'function' ? await event.data() : event.data;
  const eventId = await recordEvent(tx, ctx.userId, { ...event, data });
  await enqueueDeliveries(
    tx,
    hooks.map((h) => ({ webhookId: h.id, eventId, attempt: 1 })),
  );
}

/** Stores an event's payload (emitEvent, and the `ping` of POST /webhook/test); returns its id. */
export async function recordEvent(
  tx: Tx,
  actorId: number | null,
  event: Omit<WebhookEventHead, 'type'> & { type: WebhookPayload['type']; data: Record<string, unknown> },
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
