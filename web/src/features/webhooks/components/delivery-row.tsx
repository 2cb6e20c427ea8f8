import { useId } from 'react';
import type { Delivery } from '../api/get-deliveries';
import { deliveryOutcome, formatDuration, formatWhen, prettyBody } from '../webhook-text';

interface Props {
  delivery: Delivery;
  open: boolean;
  onToggle: () => void;
  redelivering: boolean;
  onRedeliver: () => void;
}

/** One attempt: when, event, attempt, outcome, duration, next attempt; Bodies opens a row with what was sent and answered. */
export function DeliveryRow({ delivery: d, open, onToggle, redelivering, onRedeliver }: Props) {
  const id = useId();
  const outcome = deliveryOutcome(d);
  return (
    <>
      <tr className={open ? 'open' : undefined}>
        <th scope="row" id={`${id}-when`}>
          <time dateTime={d.createdAt}>{formatWhen(d.createdAt)}</time>
        </th>
        <td data-label="Event">
          <code>{d.eventType}</code>
        </td>
        <td data-label="Attempt">{d.attempt}</td>
        <td data-label="Outcome" data-ok={outcome.ok}>
          <strong>{d.statusCode ?? 'No answer'}</strong> {outcome.label}
          {/* With a status, the error says no more than it; without one it is the only why. */}
          {d.error && d.statusCode === null && <span className="webhook-delivery-error"> · {d.error}</span>}
        </td>
        <td data-label="Duration">{formatDuration(d.durationMs)}</td>
        <td data-label="Next attempt">{d.nextAttemptAt ? formatWhen(d.nextAttemptAt) : 'None'}</td>
        <td className="webhook-delivery-actions">
          <div className="button-row">
            <button
              type="button"
              className="button secondary small"
              aria-expanded={open}
              aria-controls={open ? `${id}-bodies` : undefined}
              aria-describedby={`${id}-when`}
              onClick={onToggle}
            >
              {open ? 'Hide bodies' : 'Bodies'}
            </button>
            <button
              type="button"
              className="button secondary small"
              aria-describedby={`${id}-when`}
              disabled={redelivering}
              onClick={onRedeliver}
            >
              Redeliver
            </button>
          </div>
        </td>
      </tr>
      {open && (
        <tr id={`${id}-bodies`} className="webhook-bodies-row">
          <td colSpan={7}>
            {d.error && <p className="webhook-delivery-error">Error: {d.error}</p>}
            <div className="webhook-bodies">
              <Body title="Request body" text={d.requestBody} />
              <Body title="Response body" text={d.responseBody} />
            </div>
          </td>
        </tr>
      )}
    </>
  );
}

function Body({ title, text }: { title: string; text: string | null }) {
  return (
    <figure className="webhook-body">
      <figcaption>{title}</figcaption>
      {/* Scrolls when long: focusable, so a keyboard scrolls it too. */}
      <pre tabIndex={0}>{prettyBody(text)}</pre>
    </figure>
  );
}
