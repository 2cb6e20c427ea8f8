import { OrgPicker } from '../../../components/org-picker';
import { Page } from '../../../components/page';
import { useChosenAdminOrg } from '../../auth';
import { CreateOrgForm } from './create-org-form';
import { InviteForm } from './invite-form';
import { MemberList } from './member-list';
import { PendingInvitations } from './pending-invitations';
import '../users.css';

/** Users (Admin): an organization's members and their roles there, role changes and invitations. */
export function UsersPage() {
  const { me, adminOrgIds, orgId, orgName, choose } = useChosenAdminOrg();

  // The layout already shows a failure to load the caller (me.error).
  if (!me.data) return <Page title="Users">{me.isPending && <p className="muted">Loading…</p>}</Page>;
  if (orgId === undefined) {
    return (
      <Page title="Users">
        <p className="users-notice">
          Only Admins manage users. You are not an Admin of any of your organizations: ask one of their Admins to change a role or to invite
          someone.
        </p>
      </Page>
    );
  }

  return (
    <Page title="Users">
      <OrgPicker id="users-org" orgIds={adminOrgIds} orgId={orgId} orgName={orgName} onChoose={choose} />
      <MemberList key={orgId} orgId={orgId} orgName={orgName(orgId)} myUserId={me.data.userId} />
      <InviteForm key={`invite-${orgId}`} orgId={orgId} orgName={orgName(orgId)} />
      <PendingInvitations key={`invitations-${orgId}`} orgId={orgId} orgName={orgName(orgId)} />
      {me.data.installationAdmin && <CreateOrgForm />}
    </Page>
  );
}
