import type { DbOrTx } from '../../../db/client';
import type { Prisma } from '../../../generated/prisma/client';
import type { WebhookEventType } from '../event-types';

const iso = (d: Date | null) => (d ? d.toISOString() : null);

type WebhookRow = Prisma.WebhookGetPayload<object>;

/** A webhook as the API shows it: everything but the secret. */
export function webhookView(w: WebhookRow) {
  return {
    webhookId: w.webhookId,
    orgId: w.orgId,
    projectId: w.projectId,
    url: w.url,
    // The column holds only what the API validated: event types.
    events: w.events as WebhookEventType[],
    format: w.format,
    active: w.active,
    failingSince: iso(w.failingSince),
    disabledReason: w.disabledReason,
    createdBy: w.createdBy,
    createdAt: w.createdAt.toISOString(),
    updatedAt: w.updatedAt.toISOString(),
  };
}

/** The webhook, if it belongs to one of `orgIds`. */
export function findWebhook(db: DbOrTx, webhookId: number, orgIds: number[]) {
  return db.webhook.findFirst({ where: { webhookId, orgId: { in: orgIds } } });
}

export function listWebhooks(db: DbOrTx, orgId: number) {
  return db.webhook.findMany({ where: { orgId }, orderBy: { webhookId: 'asc' } });
}

/** The delivery, if its webhook belongs to one of `orgIds`. */
export function findDelivery(db: DbOrTx, deliveryId: number, orgIds: number[]) {
  return db.webhookDelivery.findFirst({
    where: { deliveryId, webhook: { orgId: { in: orgIds } } },
    select: { webhookId: true, eventId: true },
  });
}

/** A page of a webhook's deliveries, newest first (`beforeId`: a keyset cursor), with the total. */
export async function listDeliveries(db: DbOrTx, q: { webhookId: number; beforeId?: number; skip: number; take: number }) {
  const where = { webhookId: q.webhookId };
  const [rows, total] = await Promise.all([
    db.webhookDelivery.findMany({
      where: { ...where, ...(q.beforeId === undefined ? {} : { deliveryId: { lt: q.beforeId } }) },
      include: { event: { select: { type: true } } },
      orderBy: { deliveryId: 'desc' },
      skip: q.skip,
      take: q.take,
    }),
    db.webhookDelivery.count({ where }),
  ]);
  return {
    total,
    rows: rows.map((d) => ({
      deliveryId: d.deliveryId,
      webhookId: d.webhookId,
      eventId: d.eventId,
      eventType: d.event.type,
      attempt: d.attempt,
      statusCode: d.statusCode,
      durationMs: d.durationMs,
      error: d.error,
      nextAttemptAt: iso(d.nextAttemptAt),
      requestBody: d.requestBody,
      responseBody: d.responseBody,
      createdAt: d.createdAt.toISOString(),
    })),
  };
}
