import { useState } from 'react';
import { useParams } from 'react-router';
import { ErrorMessage } from '../../../components/error-message';
import { Page } from '../../../components/page';
import { Pager } from '../../../components/pager';
import { atLeast, useRole } from '../../auth';
import { useProject } from '../../projects';
import { useAllMilestones, useMilestones } from '../api/get-milestones';
import { MilestoneCard } from './milestone-card';
import { MilestoneForm } from './milestone-form';
import '../milestones.css';

const PAGE_SIZE = 25;
type Shown = 'open' | 'completed' | 'all';

/** The project's milestones, open first by due date, with their progress; Users and Admins create them here. */
export function MilestonesPage() {
  const projectId = Number(useParams().projectId);
  const project = useProject(projectId);
  const role = useRole(project.data?.orgId);
  const [shown, setShown] = useState<Shown>('open');
  const [offset, setOffset] = useState(0);
  const [creating, setCreating] = useState(false);
  const [message, setMessage] = useState('');
  const list = useMilestones(projectId, { ...(shown === 'all' ? {} : { status: shown }), limit: PAGE_SIZE, offset });
  const names = new Map(useAllMilestones(projectId).data?.milestones.map((m) => [m.milestoneId, m.name]));
  const total = list.data?.total ?? 0;
  const canWrite = atLeast(role, 'User') && project.data?.isActive !== false;

  return (
    <Page title={project.data ? `Milestones of ${project.data.projectName}` : 'Milestones'}>
      <ErrorMessage error={project.error ?? list.error} />
      {canWrite && !creating && (
        <p>
          <button type="button" className="button" onClick={() => setCreating(true)}>
            New milestone
          </button>
        </p>
      )}
      {canWrite && creating && (
        <MilestoneForm projectId={projectId} onDone={(m) => (setMessage(m), setCreating(false))} onCancel={() => setCreating(false)} />
      )}
      <p role="status" className="status-line">
        {message}
      </p>
      <fieldset className="milestone-filter">
        <legend>Show</legend>
        {(['open', 'completed', 'all'] as const).map((s) => (
          <label key={s} className="choice">
            <input type="radio" name="milestone-status" checked={shown === s} onChange={() => (setShown(s), setOffset(0))} />
            {s === 'all' ? 'All' : s === 'open' ? 'Open' : 'Completed'}
          </label>
        ))}
      </fieldset>
      {list.data && total === 0 && <p className="muted">No milestones here.</p>}
      <ul className="card-list" aria-label="Milestones">
        {list.data?.milestones.map((m) => (
          <MilestoneCard
            key={m.milestoneId}
            projectId={projectId}
            milestone={m}
            parentName={m.parentId ? names.get(m.parentId) : undefined}
          />
        ))}
      </ul>
      {total > PAGE_SIZE && <Pager label="Milestone pages" offset={offset} limit={PAGE_SIZE} total={total} onOffset={setOffset} />}
    </Page>
  );
}
