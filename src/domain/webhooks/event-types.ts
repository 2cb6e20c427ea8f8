/**
 * The events a webhook may subscribe to. `ping` is not among them: only POST /webhook/test sends
 * it, to the one webhook tested.
 */
export const WEBHOOK_EVENT_TYPES = [
  'run.created',
  'run.completed',
  'run.locked',
  'run.unlocked',
  'run.deleted',
  'results.updated',
  'tests.changed',
  'import.completed',
  'milestone.completed',
] as const;

export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/**
 * What a webhook of format slack or teams posts (chat-format.ts makes a message of each): the
 * others would be jobs that post nothing, so such a webhook may not subscribe to them.
 */
export const CHAT_EVENT_TYPES = ['run.completed', 'run.locked', 'import.completed'] as const satisfies readonly WebhookEventType[];

/** Who caused an event: the caller of the request that wrote it. */
export interface WebhookActor {
  id: number;
  name: string;
  email: string;
}

/** The body of every delivery (format `standard`), and what the chat formats are made from. */
export interface WebhookPayload {
  /** The event's id, also the `webhook-id` header: a receiver drops a repeat by it. */
  id: string;
  type: WebhookEventType | 'ping';
  /** ISO 8601. */
  createdAt: string;
  orgId: number;
  projectId: number | null;
  actor: WebhookActor | null;
  data: Record<string, unknown>;
}

export const WEBHOOK_FORMATS = ['standard', 'slack', 'teams'] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];
