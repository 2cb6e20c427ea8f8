import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorMessage } from '../../../components/error-message';
import { Pager } from '../../../components/pager';
import { useInvitations } from '../api/get-invitations';
import { useRevokeInvitation } from '../api/revoke-invitation';
import { TableHead } from '../../../components/table-head';

const PAGE_SIZE = 25;

/** The organization's invitations nobody has accepted yet, each revoked after a confirmation. */
export function PendingInvitations({ orgId, orgName }: { orgId: number; orgName: string }) {
  const [offset, setOffset] = useState(0);
  const invitations = useInvitations(orgId, PAGE_SIZE, offset);
  const revoke = useRevokeInvitation(orgId);
  const [revoking, setRevoking] = useState<{ invitationId: number; email: string }>();
  const [announcement, setAnnouncement] = useState('');

  const confirm = () => {
    if (!revoking) return;
    revoke.mutate(revoking.invitationId, {
      onSuccess: () => setAnnouncement(`Invitation of ${revoking.email} revoked`),
      onSettled: () => setRevoking(undefined),
    });
  };

  return (
    <section aria-labelledby="invitations-heading">
      <h2 id="invitations-heading">Pending invitations</h2>
      <ErrorMessage error={invitations.error ?? revoke.error} />
      <p role="status" className="users-status">
        {announcement}
      </p>
      {invitations.isPending && <p className="muted">Loading…</p>}
      {invitations.data?.total === 0 && <p className="muted">Nobody invited to {orgName} is waiting to sign in.</p>}
      {!!invitations.data?.total && (
        <>
          <table className="data-table users-table">
            <TableHead columns={['Email', 'Role', 'Invited']} actions />
            <tbody>
              {invitations.data.invitations.map((i) => (
                <tr key={i.invitationId}>
                  <th scope="row">{i.email}</th>
                  <td data-label="Role">{i.role}</td>
                  <td data-label="Invited">{new Date(i.createdAt).toLocaleDateString()}</td>
                  <td>
                    <button
                      type="button"
                      className="button secondary"
                      aria-label={`Revoke the invitation of ${i.email}`}
                      onClick={() => setRevoking({ invitationId: i.invitationId, email: i.email })}
                    >
                      Revoke
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager
            label="Invitation pages"
            offset={offset}
            limit={PAGE_SIZE}
            total={invitations.data.total}
            onOffset={setOffset}
            emptyText="No invitations"
          />
        </>
      )}
      <ConfirmDialog
        open={revoking !== undefined}
        title="Revoke invitation?"
        confirmLabel="Yes, revoke"
        pending={revoke.isPending}
        onConfirm={confirm}
        onClose={() => setRevoking(undefined)}
      >
        <p>
          {revoking?.email} will no longer join {orgName} at their first sign-in. You can invite them again later.
        </p>
      </ConfirmDialog>
    </section>
  );
}
