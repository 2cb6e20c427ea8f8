import { OrgPicker } from '../../../components/org-picker';
import { Page } from '../../../components/page';
import { useChosenAdminOrg } from '../../auth';
import { NewWebhook } from './new-webhook';
import { WebhookList } from './webhook-list';
import '../webhooks.css';

/** Webhooks (Admin): where an organization's events are posted, with their secrets, tests and deliveries. */
export function WebhooksPage() {
  const { me, adminOrgIds, orgId, orgName, choose } = useChosenAdminOrg();

  // The layout already shows a failure to load the caller (me.error).
  if (!me.data) return <Page title="Webhooks">{me.isPending && <p className="muted">Loading…</p>}</Page>;
  if (orgId === undefined) {
    return (
      <Page title="Webhooks">
        <p className="webhook-notice">
          Only Admins manage webhooks, since they send the organization's events elsewhere. You are not an Admin of any of your
          organizations: ask one of their Admins to add a webhook.
        </p>
      </Page>
    );
  }
  return (
    <Page title="Webhooks">
      <p className="muted webhook-intro">
        A webhook posts the organization's events (runs created, completed or locked, results, test changes, imports) to another system:
        signed JSON following the Standard Webhooks specification, or a Slack or Teams message. Failed deliveries are retried for a day; a
        webhook failing for 3 days is turned off.
      </p>
      <OrgPicker id="webhook-org" orgIds={adminOrgIds} orgId={orgId} orgName={orgName} onChoose={choose} />
      <NewWebhook key={`new-${orgId}`} orgId={orgId} />
      <WebhookList key={orgId} orgId={orgId} orgName={orgName(orgId)} />
    </Page>
  );
}
