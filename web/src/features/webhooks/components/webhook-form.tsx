import { useId, useState, type FormEvent } from 'react';
import { ErrorMessage } from '../../../components/error-message';
import { useOrgProjects } from '../api/get-projects';
import { CHAT_EVENTS, type WebhookEventType, type WebhookFormat } from '../webhook-text';
import { EventChoice } from './event-choice';
import { FormatChoice } from './format-choice';

export interface WebhookValues {
  url: string;
  projectId: number | null;
  events: WebhookEventType[];
  format: WebhookFormat;
  active: boolean;
}

export const NEW_WEBHOOK: WebhookValues = { url: '', projectId: null, events: ['run.completed'], format: 'standard', active: true };

interface Props {
  orgId: number;
  initial: WebhookValues;
  submitLabel: string;
  pending: boolean;
  /** The server's refusal (a private address, a bad URL…), shown above the buttons. */
  error: unknown;
  onSubmit: (values: WebhookValues) => void;
  onCancel?: () => void;
}

/** A webhook's address, project, events, format and state: the create form, and the edit dialog's. */
export function WebhookForm({ orgId, initial, submitLabel, pending, error, onSubmit, onCancel }: Props) {
  const id = useId();
  const projects = useOrgProjects(orgId);
  const [values, setValues] = useState(initial);
  const [noEvents, setNoEvents] = useState(false);
  const set = <K extends keyof WebhookValues>(key: K, value: WebhookValues[K]) => setValues((now) => ({ ...now, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setNoEvents(values.events.length === 0);
    if (values.events.length === 0) return;
    onSubmit({ ...values, url: values.url.trim() });
  };

  return (
    <form className="webhook-form" onSubmit={submit}>
      <div className="webhook-field">
        <label htmlFor={`${id}-url`}>Payload URL</label>
        <input
          id={`${id}-url`}
          type="url"
          required
          maxLength={2000}
          placeholder="https://example.com/casebook-events"
          value={values.url}
          onChange={(e) => set('url', e.target.value)}
          aria-describedby={`${id}-url-hint`}
          autoComplete="off"
          spellCheck={false}
          // Opened by a button that goes away: the form takes the focus.
          autoFocus
        />
        <span id={`${id}-url-hint`} className="muted webhook-hint">
          Where Casebook posts the events: http or https. Addresses inside private networks are refused.
        </span>
      </div>
      <div className="webhook-field">
        <label htmlFor={`${id}-project`}>Project</label>
        <select
          id={`${id}-project`}
          value={values.projectId ?? ''}
          onChange={(e) => set('projectId', e.target.value === '' ? null : Number(e.target.value))}
        >
          <option value="">Every project of the organization</option>
          {projects.map((p) => (
            <option key={p.projectId} value={p.projectId}>
              {p.projectName}
            </option>
          ))}
        </select>
      </div>
      <FormatChoice
        value={values.format}
        // A chat format keeps only the events it posts (the others are not offered).
        onChange={(format) =>
          setValues((now) => ({
            ...now,
            format,
            events: format === 'standard' ? now.events : now.events.filter((e) => CHAT_EVENTS.includes(e)),
          }))
        }
      />
      <EventChoice
        selected={values.events}
        onChange={(events) => {
          set('events', events);
          if (events.length) setNoEvents(false);
        }}
        format={values.format}
        invalid={noEvents}
      />
      <div className="webhook-active">
        <input id={`${id}-active`} type="checkbox" checked={values.active} onChange={(e) => set('active', e.target.checked)} />
        <label htmlFor={`${id}-active`}>Active: send events to it</label>
      </div>
      <ErrorMessage error={error} />
      <div className="button-row">
        <button type="submit" className="button" disabled={pending}>
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="button secondary" onClick={onCancel}>
            Cancel
          </button>
        )}
      </div>
    </form>
  );
}
