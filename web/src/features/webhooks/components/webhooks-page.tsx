import { useSearchParams } from 'react-router';
import { Page } from '../../../components/page';
import { useAdminOrgs } from '../use-admin-orgs';
import { NewWebhook } from './new-webhook';
import { WebhookList } from './webhook-list';
import '../webhooks.css';

/** Webhooks (Admin): where an organization's events are posted, with their secrets, tests and deliveries. */
export function WebhooksPage() {
  const { me, adminOrgIds, orgName } = useAdminOrgs();
  const [params, setParams] = useSearchParams();

  // The layout already shows a failure to load the caller (me.error).
  if (!me.data) return <Page title="Webhooks">{me.isPending && <p className="muted">Loading…</p>}</Page>;
  if (adminOrgIds.length === 0) {
    return (
      <Page title="Webhooks">
        <p className="webhook-notice">
          Only Admins manage webhooks, since they send the organization's events elsewhere. You are not an Admin of any of your
          organizations: ask one of their Admins to add a webhook.
        </p>
      </Page>
    );
  }
  // ?orgId= keeps the chosen organization in the address; an unknown one falls back to the first.
  const asked = Number(params.get('orgId'));
  const orgId = adminOrgIds.includes(asked) ? asked : adminOrgIds[0];

  return (
    <Page title="Webhooks">
      <p className="muted webhook-intro">
        A webhook posts the organization's events (runs created, completed or locked, results, test changes, imports) to another system:
        signed JSON following the Standard Webhooks specification, or a Slack or Teams message. Failed deliveries are retried for a day; a
        webhook failing for 3 days is turned off.
      </p>
      <div className="webhook-org">
        {adminOrgIds.length > 1 ? (
          <>
            <label htmlFor="webhook-org">Organization</label>
            <select id="webhook-org" value={orgId} onChange={(e) => setParams({ orgId: e.target.value })}>
              {adminOrgIds.map((id) => (
                <option key={id} value={id}>
                  {orgName(id)}
                </option>
              ))}
            </select>
          </>
        ) : (
          <p className="muted">
            Organization: <strong>{orgName(orgId)}</strong>
          </p>
        )}
      </div>
      <NewWebhook key={`new-${orgId}`} orgId={orgId} />
      <WebhookList key={orgId} orgId={orgId} orgName={orgName(orgId)} />
    </Page>
  );
}
