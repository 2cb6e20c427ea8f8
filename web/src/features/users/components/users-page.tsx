import { useSearchParams } from 'react-router';
import { Page } from '../../../components/page';
import { useMe, useOrgs } from '../../auth';
import { CreateOrgForm } from './create-org-form';
import { InviteForm } from './invite-form';
import { MemberList } from './member-list';
import { PendingInvitations } from './pending-invitations';
import '../users.css';

/** Users (Admin): an organization's members and their roles there, role changes and invitations. */
export function UsersPage() {
  const me = useMe();
  const orgs = useOrgs();
  const [params, setParams] = useSearchParams();
  const adminOrgIds = me.data?.memberships.filter((m) => m.role === 'Admin').map((m) => m.orgId) ?? [];
  const orgName = (orgId: number) => orgs.data?.find((o) => o.orgId === orgId)?.orgName ?? `Organization ${orgId}`;

  // The layout already shows a failure to load the caller (me.error).
  if (!me.data) return <Page title="Users">{me.isPending && <p className="muted">Loading…</p>}</Page>;
  if (adminOrgIds.length === 0) {
    return (
      <Page title="Users">
        <p className="users-notice">
          Only Admins manage users. You are not an Admin of any of your organizations: ask one of their Admins to change a role or to invite
          someone.
        </p>
      </Page>
    );
  }

  // ?orgId= keeps the chosen organization in the address (reload, links); an unknown one falls back to the first.
  const asked = Number(params.get('orgId'));
  const orgId = adminOrgIds.includes(asked) ? asked : adminOrgIds[0];

  return (
    <Page title="Users">
      <div className="users-org">
        {adminOrgIds.length > 1 ? (
          <>
            <label htmlFor="users-org">Organization</label>
            <select id="users-org" value={orgId} onChange={(e) => setParams({ orgId: e.target.value })}>
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
      <MemberList key={orgId} orgId={orgId} orgName={orgName(orgId)} myUserId={me.data.userId} />
      <InviteForm key={`invite-${orgId}`} orgId={orgId} orgName={orgName(orgId)} />
      <PendingInvitations key={`invitations-${orgId}`} orgId={orgId} orgName={orgName(orgId)} />
      {me.data.installationAdmin && <CreateOrgForm />}
    </Page>
  );
}
