import { cursor, limit, offset, orgId, projectId, tool } from './tool-spec';

// Webhooks (the webhooks tool set): an organization's Admins point its events at URLs. Not
// offered unless asked for (`--toolsets webhooks`): few assistants need them, and tool lists are capped.

const webhookId = 'Webhook id (get-webhooks lists the webhooks of an organization)';
const events =
  'Event types to post: run.created, run.completed, run.locked, run.unlocked, run.deleted, results.updated, tests.changed, import.completed, milestone.completed';
const format =
  'standard (signed JSON, the default), slack or teams (a chat message for an incoming-webhook URL; events run.completed, run.locked, import.completed only)';

export const webhookTools = [
  tool({
    name: 'get-webhooks',
    description:
      "List an organization's webhooks: URL, event types, project, format, whether active, and why Casebook turned one off (disabledReason, after 3 days of failed deliveries). Secrets are never shown.",
    route: 'GET /webhooks',
    params: { orgId },
    example: { orgId: 1 },
  }),
  tool({
    name: 'create-webhook',
    description:
      "Create a webhook: the organization's events of the given types (one project's, with projectId) are posted to the URL, signed (Standard Webhooks). The result holds the signing secret, shown only this once: give it to whoever runs the receiver.",
    route: 'POST /webhook/create',
    params: {
      orgId,
      url: 'Where to post: a public http(s) URL',
      events,
      projectId: `Only this project's events (${projectId}); absent: every project's`,
      format,
      active: 'False: create it turned off',
    },
    example: { orgId: 1, url: 'https://ci.example.com/casebook-hook', events: ['run.completed'] },
  }),
  tool({
    name: 'edit-webhook',
    description: 'Change a webhook: each field given is set, others are kept; active true turns a webhook Casebook turned off on again.',
    route: 'PUT /webhook/edit',
    params: {
      webhookId,
      url: 'New URL: a public http(s) URL',
      events,
      projectId: `${projectId}; null: every project's`,
      format,
      active: 'On or off',
    },
    example: { webhookId: 3, events: ['run.completed', 'run.locked'] },
  }),
  tool({
    name: 'rotate-webhook-secret',
    description: 'Give a webhook a new signing secret, shown only this once; deliveries from now on are signed with it.',
    route: 'PUT /webhook/rotate-secret',
    params: { webhookId },
    example: { webhookId: 3 },
  }),
  tool({
    name: 'delete-webhook',
    description: 'Delete a webhook and its delivery log; nothing more is posted to it.',
    route: 'DELETE /webhook/delete',
    params: { webhookId },
    example: { webhookId: 3 },
  }),
  tool({
    name: 'test-webhook',
    description: 'Send a ping event to a webhook (even one turned off); get-webhook-deliveries then shows how the receiver answered.',
    route: 'POST /webhook/test',
    params: { webhookId },
    example: { webhookId: 3 },
  }),
  tool({
    name: 'get-webhook-deliveries',
    description:
      "List a webhook's delivery attempts, newest first, a page at a time: event, attempt, the receiver's status and answer, duration, error, and when it is tried again.",
    route: 'GET /webhook/deliveries',
    params: { webhookId, limit, offset, cursor },
    example: { webhookId: 3, limit: 20 },
  }),
  tool({
    name: 'redeliver-webhook',
    description: "Send a delivery's event to its webhook again, as a new delivery (get-webhook-deliveries lists the deliveries).",
    route: 'POST /webhook/redeliver',
    params: { deliveryId: 'Delivery id (get-webhook-deliveries)' },
    example: { deliveryId: 42 },
  }),
];
