/** How the webhooks screens word events, formats, a webhook's state and a delivery's outcome (no JSX, unit-tested). */

import type { JsonBody } from '../../lib/json-body';

type CreateBody = JsonBody<'postWebhookCreate'>;
export type WebhookEventType = CreateBody['events'][number];
export type WebhookFormat = NonNullable<CreateBody['format']>;

// What sends each event; `satisfies` keeps it to exactly the API's event types.
const EVENT_DESCRIPTIONS = {
  'run.created': 'A run is created.',
  'run.completed': 'A run has no untested test left.',
  'run.locked': 'A run is locked.',
  'run.unlocked': 'A run is unlocked.',
  'run.deleted': 'A run is deleted.',
  'results.updated': 'Results are marked: one event per save, with the changed results.',
  'tests.changed': 'Test cases are created, edited or deleted: one event per save, with their ids.',
  'import.completed': 'A JUnit or CSV import has finished.',
  'milestone.completed': 'A milestone is completed.',
} satisfies Record<WebhookEventType, string>;

/** Every event a webhook may subscribe to, in the order the form lists them, with what sends it. */
export const WEBHOOK_EVENTS = Object.entries(EVENT_DESCRIPTIONS).map(([type, description]) => ({
  type: type as WebhookEventType,
  description,
}));

/** The events a chat format (Slack, Teams) posts a message for; it skips the others. */
export const CHAT_EVENTS: readonly WebhookEventType[] = ['run.completed', 'run.locked', 'import.completed'];

export const WEBHOOK_FORMATS: readonly { value: WebhookFormat; label: string; description: string }[] = [
  { value: 'standard', label: 'Standard Webhooks', description: 'The event as JSON, signed with the secret (webhook-signature header).' },
  { value: 'slack', label: 'Slack', description: "A message to a Slack incoming webhook's URL." },
  { value: 'teams', label: 'Microsoft Teams', description: "A message to a Teams incoming webhook's URL." },
];

export const formatLabel = (format: WebhookFormat) => WEBHOOK_FORMATS.find((f) => f.value === format)?.label ?? format;

/** A date and time in the reader's locale. */
export function formatWhen(iso: string, locale?: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(new Date(iso));
}

export interface WebhookStateFields {
  active: boolean;
  failingSince?: string | null;
  disabledReason?: string | null;
}

export type WebhookStateKind = 'active' | 'failing' | 'paused' | 'disabled';

/**
 * A webhook's state in words: active, failing (still active, its deliveries retried), paused by an
 * Admin, or disabled by the server after failing for days (with the server's reason).
 */
export function webhookState(
  w: WebhookStateFields,
  locale?: string,
  timeZone?: string,
): { kind: WebhookStateKind; label: string; detail?: string } {
  if (!w.active && w.disabledReason) return { kind: 'disabled', label: 'Disabled', detail: w.disabledReason };
  if (!w.active) return { kind: 'paused', label: 'Paused', detail: 'Turned off by an Admin: no events are sent.' };
  if (w.failingSince) {
    return {
      kind: 'failing',
      label: 'Failing',
      detail: `Deliveries failing since ${formatWhen(w.failingSince, locale, timeZone)}; they are retried.`,
    };
  }
  return { kind: 'active', label: 'Active' };
}

export interface DeliveryOutcomeFields {
  statusCode: number | null;
  error: string | null;
  nextAttemptAt: string | null;
}

/** What came of one attempt: delivered (2xx), or failed, and whether another attempt will follow. */
export function deliveryOutcome(d: DeliveryOutcomeFields): { ok: boolean; label: string } {
  const ok = d.statusCode !== null && d.statusCode >= 200 && d.statusCode < 300 && !d.error;
  if (ok) return { ok, label: 'Delivered' };
  return { ok, label: d.nextAttemptAt ? 'Failed, will retry' : 'Failed' };
}

/** A duration in ms as people read it: "85 ms", "1.2 s"; a missing one (no answer) as a dash. */
export function formatDuration(ms: number | null): string {
  if (ms === null) return '–';
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}

/** A body as sent or answered: JSON indented for reading, anything else as it is; empty says so. */
export function prettyBody(body: string | null): string {
  if (body === null || body === '') return '(empty)';
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}
