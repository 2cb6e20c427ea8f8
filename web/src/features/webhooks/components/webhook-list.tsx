import { useState } from 'react';
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

  return (
    <section aria-labelledby="webhooks-heading" className="webhook-list-section">
      <h2 id="webhooks-heading">Webhooks of {orgName}</h2>
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
              <WebhookCard webhook={webhook} orgId={orgId} projectName={projectName(webhook.projectId ?? null)} onDone={setAnnouncement} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
