import type { WebhookPayload } from './event-types';

// A placeholder owned by the events work (branch i28-events), which replaces this file with the
// real Slack and Teams messages. Until then: one line of text for the events chat is told of.
const CHAT_EVENTS = new Set<WebhookPayload['type']>(['run.completed', 'run.locked', 'import.completed', 'ping']);

/** The chat message for `event` in `format`, or null when chat is not told of this event. */
export function chatMessage(format: 'slack' | 'teams', event: WebhookPayload, publicUrl: string): object | null {
  if (!CHAT_EVENTS.has(event.type)) return null;
  const text = `Casebook: ${event.type} (project ${event.projectId ?? '-'}) ${publicUrl}`;
  return format === 'slack' ? { text } : { type: 'message', text };
}
