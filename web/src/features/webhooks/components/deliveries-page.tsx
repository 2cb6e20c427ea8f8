import { useParams, useSearchParams } from 'react-router';
import { Breadcrumbs } from '../../../components/breadcrumbs';
import { ErrorMessage } from '../../../components/error-message';
import { Page } from '../../../components/page';
import { useWebhookAmong } from '../api/get-webhooks';
import { useAdminOrgs } from '../../auth';
import { webhookState } from '../webhook-text';
import { DeliveryList } from './delivery-list';
import { WebhookStateBadge } from './webhook-state-badge';
import '../webhooks.css';

/** One webhook's deliveries (Admin): each attempt's outcome, the bodies sent and answered, and Redeliver. */
export function WebhookDeliveriesPage() {
  const webhookId = Number(useParams().webhookId);
  const { me, adminOrgIds } = useAdminOrgs();
  const [params, setParams] = useSearchParams();
  const { webhook, pending, error } = useWebhookAmong(adminOrgIds, webhookId);
  const offset = Math.max(0, Number(params.get('offset')) || 0);

  if (!me.data) return <Page title="Webhook deliveries">{me.isPending && <p className="muted">Loading…</p>}</Page>;
  if (adminOrgIds.length === 0) {
    return (
      <Page title="Webhook deliveries">
        <p className="webhook-notice">Only Admins see webhooks and their deliveries. You are not an Admin of any of your organizations.</p>
      </Page>
    );
  }
  const state = webhook && webhookState(webhook);
  return (
    <>
      <Breadcrumbs
        items={[
          { label: 'Webhooks', to: webhook ? `/webhooks?orgId=${webhook.orgId}` : '/webhooks' },
          { label: 'Deliveries', to: `/webhooks/${webhookId}` },
        ]}
      />
      <Page title="Webhook deliveries">
        <ErrorMessage error={error} />
        {pending && <p className="muted">Loading…</p>}
        {!pending && !webhook && !error && <p className="webhook-notice">No webhook {webhookId} in the organizations you administer.</p>}
        {webhook && state && (
          <>
            <div className="webhook-card-head">
              <p className="webhook-url">
                <bdi>{webhook.url}</bdi>
              </p>
              <WebhookStateBadge kind={state.kind} label={state.label} />
            </div>
            {state.detail && <p className={state.kind === 'disabled' ? 'webhook-disabled-reason' : 'muted'}>{state.detail}</p>}
            <DeliveryList webhookId={webhookId} offset={offset} onOffset={(next) => setParams(next ? { offset: String(next) } : {})} />
          </>
        )}
      </Page>
    </>
  );
}
