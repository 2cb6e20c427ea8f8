import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { ErrorMessage } from '../../../components/error-message';
import { FormActions } from '../../../components/form-actions';
import { Page } from '../../../components/page';
import { atLeast, useRole } from '../../auth';
import { MilestoneSelect } from '../../milestones';
import { useProject } from '../../projects';
import { useCreatePlan } from '../api/write-plan';
import { useEntries } from '../use-entries';
import { EntryList } from './entry-list';
import '../plans.css';

/** New plan, for Users and Admins; a Reader who comes here by its address is told why there is no form. */
export function NewPlanPage() {
  const projectId = Number(useParams().projectId);
  const project = useProject(projectId);
  const role = useRole(project.data?.orgId);
  if (role !== undefined && !atLeast(role, 'User'))
    return (
      <Page title="New plan">
        <p role="status">Readers read plans; a User or an Admin of the organization makes them.</p>
        <p>
          <Link to={`/projects/${projectId}/plans`}>Back to the plans</Link>
        </p>
      </Page>
    );
  return <NewPlanForm projectId={projectId} />;
}

/** Name, description, milestone and the entries, with how many runs and results they make; opens the plan. */
function NewPlanForm({ projectId }: { projectId: number }) {
  const navigate = useNavigate();
  const entries = useEntries(projectId);
  const create = useCreatePlan(projectId);
  const [name, setName] = useState('');
  const [description, setDescription] = useState('');
  const [milestoneId, setMilestoneId] = useState<number | null>(null);
  // What is missing shows once a send was tried, and goes as soon as it is fixed.
  const [tried, setTried] = useState(false);
  const built = entries.build();
  const problem = tried && 'problem' in built ? built.problem : null;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if ('problem' in built) return;
    create.mutate(
      {
        projectId,
        name: name.trim(),
        ...(description.trim() ? { description } : {}),
        ...(milestoneId === null ? {} : { milestoneId }),
        entries: built.entries,
      },
      { onSuccess: (plan) => void navigate(`/projects/${projectId}/plans/${plan.planId}`) },
    );
  };

  return (
    <Page title="New plan">
      <form className="plan-form" onSubmit={submit} aria-label="New plan">
        <label htmlFor="plan-name">Name</label>
        <input id="plan-name" value={name} onChange={(e) => setName(e.target.value)} required maxLength={200} />
        <label htmlFor="plan-description">Description</label>
        <textarea id="plan-description" value={description} onChange={(e) => setDescription(e.target.value)} rows={2} />
        <div className="plan-milestone">
          <MilestoneSelect id="plan-milestone" projectId={projectId} value={milestoneId} onChange={setMilestoneId} />
        </div>
        <p className="muted">Each entry makes one run per configuration combination, named after the plan and its options.</p>
        <EntryList projectId={projectId} entries={entries} many />
        <ErrorMessage error={problem ?? create.error} />
        <FormActions
          submitLabel="Create plan"
          pendingLabel="Creating…"
          pending={create.isPending}
          onCancel={() => void navigate(`/projects/${projectId}/plans`)}
        />
      </form>
    </Page>
  );
}
