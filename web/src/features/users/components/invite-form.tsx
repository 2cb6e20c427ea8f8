import { useState, type FormEvent } from 'react';
import { ErrorMessage } from '../../../components/error-message';
import type { Role } from '../../auth';
import { useInviteUser } from '../api/invite-user';
import { ROLES } from '../roles';

/** Invites an email into the organization with a role, taken at the invitee's first sign-in. */
export function InviteForm({ orgId, orgName }: { orgId: number; orgName: string }) {
  const invite = useInviteUser();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<Role>('Reader');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate({ orgId, email: email.trim(), role }, { onSuccess: () => setEmail('') });
  };

  return (
    <section aria-labelledby="invite-heading">
      <h2 id="invite-heading">Invite someone</h2>
      <form className="users-invite" onSubmit={submit}>
        <div className="users-field">
          <label htmlFor="invite-email">Email</label>
          <input
            id="invite-email"
            type="email"
            required
            maxLength={254}
            autoComplete="off"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
          />
        </div>
        <div className="users-field">
          <label htmlFor="invite-role">Role</label>
          <select id="invite-role" value={role} onChange={(e) => setRole(e.target.value as Role)}>
            {ROLES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="button" disabled={invite.isPending}>
          Invite
        </button>
      </form>
      <ErrorMessage error={invite.error} />
      <p role="status" className="users-status">
        {invite.data && `Invited ${invite.data.email} as ${invite.data.role} of ${orgName}: they join at their first sign-in.`}
      </p>
    </section>
  );
}
