import { useState } from 'react';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorMessage } from '../../../components/error-message';
import { Pager } from '../../../components/pager';
import type { Role } from '../../auth';
import { useUpdateRole } from '../api/update-role';
import { useUsers } from '../api/get-users';
import { ROLES } from '../roles';

const PAGE_SIZE = 25;

/** One organization's members, paged, each with a role select; the server's refusals show their text. */
export function MemberList({ orgId, orgName, myUserId }: { orgId: number; orgName: string; myUserId: number }) {
  const [offset, setOffset] = useState(0);
  const users = useUsers(orgId, PAGE_SIZE, offset);
  const updateRole = useUpdateRole();
  const [announcement, setAnnouncement] = useState('');
  // Making someone Admin hands them every delete and user management: asked first.
  const [promoting, setPromoting] = useState<{ userId: number; name: string }>();

  const change = (userId: number, name: string, role: Role) => {
    setAnnouncement('');
    updateRole.mutate(
      { userId, role, orgId },
      {
        onSuccess: () => setAnnouncement(`${name} is now ${role} in ${orgName}`),
        onSettled: () => setPromoting(undefined),
      },
    );
  };
  const choose = (userId: number, name: string, role: Role) =>
    role === 'Admin' ? setPromoting({ userId, name }) : change(userId, name, role);

  return (
    <section aria-labelledby="members-heading">
      <h2 id="members-heading">Members of {orgName}</h2>
      <ErrorMessage error={users.error ?? updateRole.error} />
      <p role="status" className="users-status">
        {announcement}
      </p>
      {users.isPending && <p className="muted">Loading…</p>}
      {users.data && (
        <>
          <table className="data-table users-table">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
              </tr>
            </thead>
            <tbody>
              {users.data.users.map((user) => (
                <tr key={user.userId}>
                  <th scope="row">
                    <bdi>{user.name}</bdi>
                    {user.userId === myUserId && <span className="muted"> (you)</span>}
                  </th>
                  <td data-label="Email">{user.email}</td>
                  <td data-label="Role">
                    <select
                      aria-label={`Role of ${user.name}`}
                      value={user.role ?? ''}
                      disabled={updateRole.isPending}
                      onChange={(e) => choose(user.userId, user.name, e.target.value as Role)}
                    >
                      {ROLES.map((role) => (
                        <option key={role} value={role}>
                          {role}
                        </option>
                      ))}
                    </select>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <Pager
            label="Members pages"
            offset={offset}
            limit={PAGE_SIZE}
            total={users.data.total}
            onOffset={setOffset}
            emptyText="No members"
          />
        </>
      )}
      <ConfirmDialog
        open={promoting !== undefined}
        title="Make Admin?"
        confirmLabel="Yes, make Admin"
        pending={updateRole.isPending}
        onConfirm={() => promoting && change(promoting.userId, promoting.name, 'Admin')}
        onClose={() => setPromoting(undefined)}
      >
        <p>
          {promoting?.name} becomes an Admin of {orgName}: they may delete projects, tests and runs, change anyone&apos;s role and invite
          people.
        </p>
      </ConfirmDialog>
    </section>
  );
}
