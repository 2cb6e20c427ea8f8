import crypto from 'node:crypto';
import type { RequestContext } from '../../core/context';
import { pageOf } from '../../core/cursor';
import { AppError, notFound } from '../../core/errors';
import { requireOrgMember } from '../access';
import { recordAudit } from '../audit/audit.service';
import { findProjectInOrgs } from '../projects/data';
import { findDelivery, findWebhook, listDeliveries, listWebhooks, webhookView } from './data';
import { recordEvent } from './emit';
import { enqueueDeliveries } from './enqueue';
import { checkTarget } from './target-guard';
import { CHAT_EVENT_TYPES, type WebhookEventType, type WebhookFormat } from './event-types';
import type { CreateWebhookInput, DeliveriesQuery, EditWebhookInput } from './webhooks.schemas';

/** A new signing secret, in the Standard Webhooks form: whsec_ and 24 random bytes in base64. */
const newSecret = () => `whsec_${crypto.randomBytes(24).toString('base64')}`;

async function requireTarget(ctx: RequestContext, url: string): Promise<void> {
  const problem = await checkTarget(url, ctx.webhookTargets.allowPrivate);
  if (problem) throw new AppError('webhook_target_refused', `Invalid request: url: ${problem.reason}`);
}

/** A chat webhook subscribed only to the events chat-format.ts posts: any other would be a job that posts nothing. */
function requireChatEvents(format: WebhookFormat, events: readonly WebhookEventType[]): void {
  if (format === 'standard') return;
  const chat: readonly WebhookEventType[] = CHAT_EVENT_TYPES;
  const unposted = events.filter((e) => !chat.includes(e));
  if (unposted.length)
    throw new AppError(
      'webhook_events_not_posted',
      `Invalid request: events: a ${format} webhook posts ${chat.join(', ')} only, not ${unposted.join(', ')}`,
    );
}

async function requireProjectOf(ctx: RequestContext, orgId: number, projectId: number | null | undefined): Promise<void> {
  if (projectId != null && !(await findProjectInOrgs(ctx.db, projectId, [orgId]))) throw notFound('Project');
}

async function requireWebhook(ctx: RequestContext, webhookId: number) {
  const hook = await findWebhook(ctx.db, webhookId, ctx.orgIds);
  if (!hook) throw notFound('Webhook');
  return hook;
}

export async function createWebhook(ctx: RequestContext, input: CreateWebhookInput) {
  requireOrgMember(ctx, input.orgId);
  await requireProjectOf(ctx, input.orgId, input.projectId);
  requireChatEvents(input.format, input.events);
  await requireTarget(ctx, input.url);
  return ctx.db.$transaction(async (tx) => {
    const hook = await tx.webhook.create({
      data: {
        orgId: input.orgId,
        projectId: input.projectId ?? null,
        url: input.url,
        events: input.events,
        format: input.format,
        active: input.active,
        secret: newSecret(),
        createdBy: ctx.userId,
      },
    });
    await recordAudit(tx, ctx, [hook.orgId], {
      action: 'webhook.created',
      targetType: 'webhook',
      targetId: hook.webhookId,
      detail: { url: hook.url, events: hook.events, projectId: hook.projectId },
    });
    return { ...webhookView(hook), secret: hook.secret };
  });
}

export async function getWebhooks(ctx: RequestContext, orgId: number) {
  requireOrgMember(ctx, orgId);
  return { webhooks: (await listWebhooks(ctx.db, orgId)).map(webhookView) };
}

export async function editWebhook(ctx: RequestContext, input: EditWebhookInput) {
  const hook = await requireWebhook(ctx, input.webhookId);
  await requireProjectOf(ctx, hook.orgId, input.projectId);
  // What it will be after the edit: a change of either can make a chat webhook want what it never posts.
  requireChatEvents(input.format ?? hook.format, input.events ?? (hook.events as WebhookEventType[]));
  if (input.url !== undefined) await requireTarget(ctx, input.url);
  return ctx.db.$transaction(async (tx) => {
    const updated = await tx.webhook.update({
      where: { webhookId: hook.webhookId },
      data: {
        projectId: input.projectId,
        url: input.url,
        events: input.events,
        format: input.format,
        active: input.active,
        // Turned on again: its failures so far are forgiven, and why it was off is gone.
        ...(input.active === true ? { disabledReason: null, failingSince: null } : {}),
      },
    });
    const changed = Object.keys(input).filter((k) => k !== 'webhookId');
    await recordAudit(tx, ctx, [hook.orgId], {
      action: 'webhook.updated',
      targetType: 'webhook',
      targetId: hook.webhookId,
      detail: { changed },
    });
    return webhookView(updated);
  });
}

export async function rotateWebhookSecret(ctx: RequestContext, webhookId: number) {
  const hook = await requireWebhook(ctx, webhookId);
  return ctx.db.$transaction(async (tx) => {
    const updated = await tx.webhook.update({ where: { webhookId: hook.webhookId }, data: { secret: newSecret() } });
    await recordAudit(tx, ctx, [hook.orgId], { action: 'webhook.secret-rotated', targetType: 'webhook', targetId: hook.webhookId });
    return { ...webhookView(updated), secret: updated.secret };
  });
}

export async function deleteWebhook(ctx: RequestContext, webhookId: number) {
  const hook = await requireWebhook(ctx, webhookId);
  return ctx.db.$transaction(async (tx) => {
    await tx.webhook.delete({ where: { webhookId: hook.webhookId } });
    await recordAudit(tx, ctx, [hook.orgId], {
      action: 'webhook.deleted',
      targetType: 'webhook',
      targetId: hook.webhookId,
      detail: { url: hook.url },
    });
    return { webhookId: hook.webhookId, deleted: true as const };
  });
}

/** Sends a `ping` event to the webhook (even one turned off): a receiver's first check. */
export async function testWebhook(ctx: RequestContext, webhookId: number) {
  const hook = await requireWebhook(ctx, webhookId);
  return ctx.db.$transaction(async (tx) => {
    const eventId = await recordEvent(tx, ctx.userId, {
      type: 'ping',
      orgId: hook.orgId,
      projectId: hook.projectId,
      data: { webhookId: hook.webhookId, url: hook.url },
    });
    await enqueueDeliveries(tx, [{ webhookId: hook.webhookId, eventId, attempt: 1, manual: true }]);
    return { webhookId: hook.webhookId, eventId, eventType: 'ping' };
  });
}

export async function getDeliveries(ctx: RequestContext, q: DeliveriesQuery) {
  const hook = await requireWebhook(ctx, q.webhookId);
  const beforeId = q.cursor;
  const { rows, total } = await listDeliveries(ctx.db, { webhookId: hook.webhookId, beforeId, skip: q.offset, take: q.limit + 1 });
  const { rows: deliveries, next } = pageOf(rows, q.limit, (d) => d.deliveryId);
  return { deliveries, total, limit: q.limit, offset: q.offset, ...next };
}

/** Sends a delivery's event again to its webhook, as a new delivery (attempts from 1). */
export async function redeliver(ctx: RequestContext, deliveryId: number) {
  const delivery = await findDelivery(ctx.db, deliveryId, ctx.orgIds);
  if (!delivery) throw notFound('Webhook delivery');
  return ctx.db.$transaction(async (tx) => {
    await enqueueDeliveries(tx, [{ webhookId: delivery.webhookId, eventId: delivery.eventId, attempt: 1, manual: true }]);
    const event = await tx.webhookEvent.findUniqueOrThrow({ where: { eventId: delivery.eventId }, select: { type: true } });
    return { webhookId: delivery.webhookId, eventId: delivery.eventId, eventType: event.type };
  });
}
