import { useId } from 'react';
import { Link } from 'react-router';
import type { Webhook } from '../api/get-webhooks';
import { formatLabel, webhookState } from '../webhook-text';
import { WebhookActions } from './webhook-actions';
import { WebhookStateBadge } from './webhook-state-badge';

interface Props {
  webhook: Webhook;
  orgId: number;
  projectName: string;
  /** Announces what an action did, e.g. "Test sent". */
  onDone: (message: string, removedId?: number) => void;
}

/** One webhook: its address, state (and why, when disabled), project, format and events, then its actions. */
export function WebhookCard({ webhook, orgId, projectName, onDone }: Props) {
  const id = useId();
  const state = webhookState(webhook);
  return (
    <article className="webhook-card" aria-labelledby={`${id}-url`} data-state={state.kind}>
      <header className="webhook-card-head">
        <h3 id={`${id}-url`} className="webhook-url">
          <bdi>{webhook.url}</bdi>
        </h3>
        <WebhookStateBadge kind={state.kind} label={state.label} />
      </header>
      {state.detail && <p className={state.kind === 'disabled' ? 'webhook-disabled-reason' : 'muted'}>{state.detail}</p>}
      <dl className="webhook-facts">
        <div>
          <dt>Project</dt>
          <dd>{projectName}</dd>
        </div>
        <div>
          <dt>Format</dt>
          <dd>{formatLabel(webhook.format)}</dd>
        </div>
        <div>
          <dt>Events</dt>
          <dd>
            <ul className="webhook-event-tags">
              {webhook.events.map((e) => (
                <li key={e}>
                  <code>{e}</code>
                </li>
              ))}
            </ul>
          </dd>
        </div>
      </dl>
      <div className="button-row webhook-actions">
        <Link className="button secondary" to={`/webhooks/${webhook.webhookId}`} aria-describedby={`${id}-url`}>
          Deliveries
        </Link>
        <WebhookActions webhook={webhook} orgId={orgId} describedBy={`${id}-url`} onDone={onDone} />
      </div>
    </article>
  );
}
