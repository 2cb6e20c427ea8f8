import { bodyId, pageParams, queryId, z } from '../../core/schemas';
import { nextCursorField } from '../../core/cursor';
import { WEBHOOK_EVENT_TYPES, WEBHOOK_FORMATS } from './event-types';

// Webhooks: an organization's URLs that its events are posted to, signed (Standard Webhooks).

const int = z.number().int();
const when = z.iso.datetime();

const url = z
  .string()
  .trim()
  .max(2000, 'At most 2000 characters')
  .url('Expected an http(s) URL')
  .describe('Where events are posted: http(s), to a public address (the SSRF guard refuses loopback, private and link-local ones)');
const events = z
  .array(z.enum(WEBHOOK_EVENT_TYPES))
  .min(1, 'At least one event type')
  .max(WEBHOOK_EVENT_TYPES.length)
  .refine((e) => new Set(e).size === e.length, 'Each event type once')
  .describe(`The event types posted to it: ${WEBHOOK_EVENT_TYPES.join(', ')}`);
const format = z
  .enum(WEBHOOK_FORMATS)
  .describe(
    'standard: the signed JSON event; slack or teams: a chat message for an incoming-webhook URL, for run.completed, run.locked and import.completed only (other events are refused: webhook_events_not_posted)',
  );
const projectId = bodyId.nullable().describe("Only this project's events; null or absent: every project of the organization");
const active = z.boolean().describe('False: nothing is posted to it (true again clears why it was turned off)');

export const createWebhookBody = z
  .strictObject({
    orgId: bodyId,
    projectId: projectId.optional(),
    url,
    events,
    format: format.default('standard'),
    active: active.default(true),
  })
  .meta({ example: { orgId: 1, url: 'https://ci.example.com/casebook-hook', events: ['run.completed', 'results.updated'] } });

export const editWebhookBody = z
  .strictObject({
    webhookId: bodyId,
    projectId: projectId.optional(),
    url: url.optional(),
    events: events.optional(),
    format: format.optional(),
    active: active.optional(),
  })
  .meta({ example: { webhookId: 3, events: ['run.completed'], active: true } });

export const webhookIdBody = z.strictObject({ webhookId: bodyId }).meta({ example: { webhookId: 3 } });
export const redeliverBody = z.strictObject({ deliveryId: bodyId }).meta({ example: { deliveryId: 42 } });
export const listWebhooksQuery = z.object({ orgId: queryId });
const { limit, offset, cursor } = pageParams(100);
export const deliveriesQuery = z.object({ webhookId: queryId, limit, offset, cursor });

export const webhookRecord = z.object({
  webhookId: int,
  orgId: int,
  projectId: int.nullable(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENT_TYPES)),
  format,
  active: z.boolean(),
  failingSince: when.nullable().describe('Since when every delivery has failed (null: the last one went through)'),
  disabledReason: z.string().nullable().describe('Why Casebook turned it off (after 3 days of failed deliveries); null when it did not'),
  createdBy: int.nullable(),
  createdAt: when,
  updatedAt: when,
});
export const webhookWithSecret = webhookRecord.extend({
  secret: z
    .string()
    .describe('The signing secret (whsec_…): shown only now; a receiver verifies each delivery with it (Standard Webhooks)'),
});
export const webhookList = z.object({ webhooks: z.array(webhookRecord).describe('By id') });
export const webhookDeleted = z.object({ webhookId: int, deleted: z.literal(true) });
export const deliveryQueued = z.object({
  webhookId: int,
  eventId: z.string().describe('The event sent (its webhook-id header)'),
  eventType: z.string(),
});

export const deliveryRecord = z.object({
  deliveryId: int,
  webhookId: int,
  eventId: z.string(),
  eventType: z.string(),
  attempt: int.describe('1 for the first attempt of a delivery (a redelivery starts again at 1)'),
  statusCode: int.nullable().describe("The receiver's HTTP status; null: no answer (network error, timeout, refused target)"),
  durationMs: int.nullable(),
  error: z.string().nullable(),
  nextAttemptAt: when.nullable().describe('When it is tried again; null: it will not be (delivered, not retried, or given up)'),
  requestBody: z.string(),
  responseBody: z.string().nullable().describe("The start of the receiver's answer (at most 4 KB)"),
  createdAt: when.describe('When the attempt was made'),
});
export const deliveryPage = z.object({
  deliveries: z.array(deliveryRecord).describe('Newest first'),
  total: int,
  limit: int,
  offset: int,
  nextCursor: nextCursorField,
});

export type CreateWebhookInput = z.output<typeof createWebhookBody>;
export type EditWebhookInput = z.output<typeof editWebhookBody>;
export type DeliveriesQuery = z.output<typeof deliveriesQuery>;
