import { useId } from 'react';
import { CHAT_EVENTS, WEBHOOK_EVENTS, type WebhookEventType, type WebhookFormat } from '../webhook-text';

interface Props {
  selected: WebhookEventType[];
  onChange: (events: WebhookEventType[]) => void;
  format: WebhookFormat;
  /** Shown under the legend when no event is ticked at submission. */
  invalid: boolean;
}

/** The events a webhook is sent: one checkbox each with what sends it, and all or none at once; a chat format offers its own only. */
export function EventChoice({ selected, onChange, format, invalid }: Props) {
  const id = useId();
  const toggle = (type: WebhookEventType) => onChange(selected.includes(type) ? selected.filter((t) => t !== type) : [...selected, type]);
  const chat = format !== 'standard';
  // The server refuses a chat webhook other events (webhook_events_not_posted): they are not offered.
  const offered = chat ? WEBHOOK_EVENTS.filter((e) => CHAT_EVENTS.includes(e.type)) : WEBHOOK_EVENTS;
  return (
    <fieldset className="webhook-events" aria-describedby={invalid ? `${id}-error` : undefined}>
      <legend>Events</legend>
      {invalid && (
        <p id={`${id}-error`} role="alert" className="error-message">
          Choose at least one event.
        </p>
      )}
      {chat && (
        <p className="muted webhook-hint">
          Slack and Teams get a message for these events only; for the others, use the Standard Webhooks format.
        </p>
      )}
      <div className="button-row">
        <button type="button" className="button secondary small" onClick={() => onChange(offered.map((e) => e.type))}>
          Select all
        </button>
        <button type="button" className="button secondary small" onClick={() => onChange([])}>
          Clear
        </button>
      </div>
      <ul className="webhook-event-list">
        {offered.map((event) => (
          <li key={event.type}>
            <input
              type="checkbox"
              id={`${id}-${event.type}`}
              checked={selected.includes(event.type)}
              onChange={() => toggle(event.type)}
              aria-describedby={`${id}-${event.type}-about`}
            />
            <label htmlFor={`${id}-${event.type}`}>
              <code>{event.type}</code>
            </label>
            <span id={`${id}-${event.type}-about`} className="muted">
              {event.description}
            </span>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
