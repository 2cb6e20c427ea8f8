import { Webhook as Signer } from 'standardwebhooks';
import type { Db, Tx } from '../../db/client';
import type { Job } from '../../jobs/queue';
import { chatMessage } from './chat-format';
import { enqueueDeliveries, type DeliveryJob } from './enqueue';
import type { WebhookPayload } from './event-types';
import { DISABLE_AFTER_MS, isRetriable, nextAttemptAt } from './retry-schedule';
import { postJson, type SendOutcome } from './send';

export interface DeliverySettings {
  allowPrivateTargets: boolean;
  retryBaseMs: number;
  timeoutMs: number;
  /** Links in chat messages start with it. */
  publicUrl: string;
}

/** The body posted for `payload` in `format`; null: this format posts nothing for this event. */
export function deliveryBody(format: 'standard' | 'slack' | 'teams', payload: WebhookPayload, publicUrl: string): string | null {
  // In the documented order (the stored jsonb keeps keys in an order of its own).
  const { id, type, createdAt, orgId, projectId, actor, data } = payload;
  if (format === 'standard') return JSON.stringify({ id, type, createdAt, orgId, projectId, actor, data });
  const message = chatMessage(format, payload, publicUrl);
  return message ? JSON.stringify(message) : null;
}

/** Standard Webhooks headers: the event's id (the same for every attempt), the time and the signature. */
export function signedHeaders(secret: string, eventId: string, body: string, at: Date): Record<string, string> {
  return {
    'webhook-id': eventId,
    'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
    'webhook-signature': new Signer(secret).sign(eventId, at, body),
  };
}

/**
 * One attempt of a delivery job: posts the event, then in one transaction records the attempt,
 * adds the next attempt's job when it is worth one, keeps the webhook's failing time (turning it
 * off after 3 days of failures), and completes this job.
 */
export async function deliver(
  db: Db,
  settings: DeliverySettings,
  job: Job<DeliveryJob>,
  complete: (tx: Tx) => Promise<void>,
): Promise<void> {
  const { webhookId, eventId, attempt, manual } = job.data;
  const [hook, event] = await Promise.all([
    db.webhook.findUnique({ where: { webhookId } }),
    db.webhookEvent.findUnique({ where: { eventId } }),
  ]);
  // Deleted since, turned off (tests and redeliveries go all the same), or nothing to post in this format.
  const body =
    hook && event && (hook.active || manual)
      ? deliveryBody(hook.format, event.payload as unknown as WebhookPayload, settings.publicUrl)
      : null;
  if (!hook || !body) {
    await db.$transaction((tx) => complete(tx));
    return;
  }
  const now = new Date();
  const outcome = await postJson(hook.url, body, signedHeaders(hook.secret, eventId, body, now), {
    timeoutMs: settings.timeoutMs,
    allowPrivate: settings.allowPrivateTargets,
  });
  const ok = outcome.statusCode !== null && outcome.statusCode >= 200 && outcome.statusCode < 300;
  const refused = outcome.error?.startsWith('refused') ?? false;
  const firstAt = job.data.firstAt ? new Date(job.data.firstAt) : now;
  const done = new Date();
  let next = !ok && !refused && isRetriable(outcome.statusCode) ? nextAttemptAt(attempt, firstAt, done, settings.retryBaseMs) : null;
  await db.$transaction(async (tx) => {
    if (!ok && (await failed(tx, webhookId, done, outcome))) next = null;
    if (ok) await tx.webhook.updateMany({ where: { webhookId, failingSince: { not: null } }, data: { failingSince: null } });
    await tx.webhookDelivery.create({
      data: {
        webhookId,
        eventId,
        jobId: job.id,
        attempt,
        statusCode: outcome.statusCode,
        durationMs: outcome.durationMs,
        error: outcome.error ?? (ok ? null : `HTTP ${outcome.statusCode}`),
        requestBody: body,
        responseBody: outcome.responseBody,
        nextAttemptAt: next,
        createdAt: now,
      },
    });
    if (next) await enqueueDeliveries(tx, [{ ...job.data, attempt: attempt + 1, firstAt: firstAt.toISOString() }], next);
    await complete(tx);
  });
}

/**
 * Notes a failure on the webhook: the start of its failing time if it is new; past DISABLE_AFTER_MS
 * of failures it is turned off, with why. True when it was turned off now.
 */
async function failed(tx: Tx, webhookId: number, at: Date, outcome: SendOutcome): Promise<boolean> {
  // Times are kept in UTC without a zone, as Prisma writes them.
  const now = at.toISOString();
  const since = new Date(at.getTime() - DISABLE_AFTER_MS).toISOString();
  const what = outcome.error ?? `HTTP ${outcome.statusCode}`;
  const rows = await tx.$queryRaw<{ active: boolean }[]>`
    WITH t AS (SELECT ${now}::timestamptz AT TIME ZONE 'UTC' AS now, ${since}::timestamptz AT TIME ZONE 'UTC' AS since)
    UPDATE webhooks SET
      failing_since = COALESCE(failing_since, t.now),
      active = active AND COALESCE(failing_since, t.now) > t.since,
      disabled_reason = CASE WHEN active AND COALESCE(failing_since, t.now) <= t.since
        THEN 'Turned off: its deliveries failed for 3 days (since ' || to_char(failing_since, 'YYYY-MM-DD HH24:MI') || ' UTC); the last: ' || ${what}::text
        ELSE disabled_reason END
    FROM t
    WHERE id = ${webhookId}
    RETURNING active`;
  // Turned off (now or before): no more retries.
  return rows.length === 0 || !rows[0].active;
}
