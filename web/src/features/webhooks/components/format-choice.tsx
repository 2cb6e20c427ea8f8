import { useId } from 'react';
import { WEBHOOK_FORMATS, type WebhookFormat } from '../webhook-text';

/** How deliveries are written: signed JSON (Standard Webhooks), or a chat message for Slack or Teams. */
export function FormatChoice({ value, onChange }: { value: WebhookFormat; onChange: (format: WebhookFormat) => void }) {
  const id = useId();
  return (
    <fieldset className="webhook-formats">
      <legend>Format</legend>
      {WEBHOOK_FORMATS.map((f) => (
        <div key={f.value} className="webhook-format">
          <input
            type="radio"
            id={`${id}-${f.value}`}
            name={`${id}-format`}
            value={f.value}
            checked={value === f.value}
            onChange={() => onChange(f.value)}
            aria-describedby={`${id}-${f.value}-about`}
          />
          <label htmlFor={`${id}-${f.value}`}>{f.label}</label>
          <span id={`${id}-${f.value}-about`} className="muted">
            {f.description}
          </span>
        </div>
      ))}
    </fieldset>
  );
}
