import { useState, type FormEvent } from 'react';
import { ErrorMessage } from '../../../components/error-message';
import { useCreateOrg } from '../api/create-org';

/** A new organization, for an Admin of the installation (an Admin of its first organization), who becomes its Admin. */
export function CreateOrgForm() {
  const create = useCreateOrg();
  const [name, setName] = useState('');
  // One key per organization asked for: a second click or a retry does not make a second one.
  const [key, setKey] = useState(() => crypto.randomUUID());

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) return;
    create.mutate(
      { orgName: name.trim(), key },
      {
        onSuccess: () => {
          setName('');
          setKey(crypto.randomUUID());
        },
      },
    );
  };

  return (
    <section aria-labelledby="new-org-heading">
      <h2 id="new-org-heading">New organization</h2>
      <p className="muted">As an Admin of this installation you may create organizations; you become the new one&apos;s Admin.</p>
      <form className="users-invite" onSubmit={submit}>
        <div className="users-field">
          <label htmlFor="new-org-name">Organization name</label>
          <input id="new-org-name" required maxLength={100} autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} />
        </div>
        <button type="submit" className="button" disabled={create.isPending || !name.trim()}>
          Create organization
        </button>
      </form>
      <ErrorMessage error={create.error} />
      <p role="status" className="users-status">
        {create.data && `Organization ${create.data.orgName} created: you are its Admin.`}
      </p>
    </section>
  );
}
