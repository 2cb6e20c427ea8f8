import { useEffect, useRef, useState } from 'react';
import { ErrorMessage } from '../../../components/error-message';
import { useOrgProjects } from '../api/get-projects';
import { useWebhooks } from '../api/get-webhooks';
import { WebhookCard } from './webhook-card';

/** The organization's webhooks, each a card with its state, events and actions; what an action did is announced. */
export function WebhookList({ orgId, orgName }: { orgId: number; orgName: string }) {
  const webhooks = useWebhooks(orgId);
  const projects = useOrgProjects(orgId);
  const projectName = (projectId: number | null) =>
    projectId === null ? 'Every project' : (projects.find((p) => p.projectId === projectId)?.projectName ?? `Project ${projectId}`);
  const [announcement, setAnnouncement] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  // A deleted webhook's card takes the focused button along: once it is gone, the focus goes to the list's heading.
  const removed = useRef<number>(undefined);
  const done = (message: string, removedId?: number) => {
    setAnnouncement(message);
    removed.current = removedId;
  };
  const list = webhooks.data?.webhooks;
  useEffect(() => {
    if (removed.current === undefined || list?.some((w) => w.webhookId === removed.current)) return;
    removed.current = undefined;
    heading.current?.focus();
  }, [list]);

  return (
    <section aria-labelledby="webhooks-heading" className="webhook-list-section">
      <h2 id="webhooks-heading" ref={heading} tabIndex={-1}>
        Webhooks of {orgName}
      </h2>
      <ErrorMessage error={webhooks.error} />
      <p role="status" className="webhook-announcement">
        {announcement}
      </p>
      {webhooks.isPending && <p className="muted">Loading…</p>}
      {webhooks.data?.webhooks.length === 0 && (
        <p className="muted">No webhooks yet: add one to tell another system when runs and results change.</p>
      )}
      {!!webhooks.data?.webhooks.length && (
        <ul className="webhook-list">
          {webhooks.data.webhooks.map((webhook) => (
            <li key={webhook.webhookId}>
              <WebhookCard webhook={webhook} orgId={orgId} projectName={projectName(webhook.projectId ?? null)} onDone={done} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
