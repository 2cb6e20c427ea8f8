import { useId, useRef, useState } from 'react';
import { atLeast, useRole } from '../../auth';
import { useCreateProject } from '../api/create-project';
import { useFocusReturn } from '../use-focus-return';
import { NameForm } from '../../../components/name-form';
import { ProjectList } from './project-list';

/** One organization: its active and inactive projects, and "New project" for a User or higher. */
export function OrgProjects({ orgId, orgName }: { orgId: number; orgName: string }) {
  const headingId = useId();
  const role = useRole(orgId);
  const [creating, setCreating] = useState(false);
  const [message, setMessage] = useState('');
  const newButton = useRef<HTMLButtonElement>(null);
  const create = useCreateProject();

  const focusAfterRender = useFocusReturn(creating);
  const closeForm = () => {
    create.reset();
    focusAfterRender(newButton);
    setCreating(false);
  };

  return (
    <section className="org-projects" aria-labelledby={headingId}>
      <div className="org-heading">
        <h2 id={headingId}>{orgName}</h2>
        {role && <span className="role-badge">{role}</span>}
        {atLeast(role, 'User') && !creating && (
          <button type="button" className="button" ref={newButton} onClick={() => (setMessage(''), setCreating(true))}>
            New project<span className="sr-only"> in {orgName}</span>
          </button>
        )}
      </div>
      {creating && (
        <NameForm
          label={`New project in ${orgName}`}
          submitLabel="Create project"
          pending={create.isPending}
          error={create.error}
          onSubmit={({ name, description }) =>
            create.mutate(
              { orgId, projectName: name, projectDescription: description },
              { onSuccess: (p) => (setMessage(`${p.projectName} created`), closeForm()) },
            )
          }
          onCancel={closeForm}
        />
      )}
      <p role="status" className="status-line">
        {message}
      </p>
      <ProjectList orgId={orgId} isActive role={role} onDone={setMessage} />
      <ProjectList orgId={orgId} isActive={false} role={role} onDone={setMessage} />
    </section>
  );
}
