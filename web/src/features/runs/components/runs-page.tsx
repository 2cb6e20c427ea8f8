import { useState } from 'react';
import { useParams } from 'react-router';
import { ErrorMessage } from '../../../components/error-message';
import { Page } from '../../../components/page';
import { Pager } from '../../../components/pager';
import { atLeast, useRole } from '../../auth';
import { useProject } from '../../projects';
import { useRuns } from '../api/get-runs';
import { CreateRunForm } from './create-run-form';
import { RunCard } from './run-card';
import '../runs.css';

const PAGE_SIZE = 25;

/** The project's runs, newest first, with their progress; Users and Admins create runs here. */
export function RunsPage() {
  const projectId = Number(useParams().projectId);
  const project = useProject(projectId);
  const role = useRole(project.data?.orgId);
  const canCreate = atLeast(role, 'User');
  const [message, setMessage] = useState('');
  const [offset, setOffset] = useState(0);
  const [creating, setCreating] = useState(false);
  const runs = useRuns(projectId, PAGE_SIZE, offset);
  const total = runs.data?.total ?? 0;
  const title = project.data ? `Runs of ${project.data.projectName}` : 'Runs';

  return (
    <Page title={title}>
      <ErrorMessage error={project.error ?? runs.error} />
      {canCreate && !creating && project.data?.isActive !== false && (
        <p>
          <button type="button" className="button" onClick={() => setCreating(true)}>
            New run
          </button>
        </p>
      )}
      {canCreate && creating && <CreateRunForm projectId={projectId} onCancel={() => setCreating(false)} />}
      <p role="status" className="status-line">
        {message}
      </p>
      {runs.data && total === 0 && <p className="muted">No runs yet.</p>}
      <ul className="card-list" aria-label="Runs">
        {runs.data?.runs.map((run) => (
          <RunCard key={run.runId} projectId={projectId} run={run} role={role} onDone={setMessage} />
        ))}
      </ul>
      {total > PAGE_SIZE && (
        <Pager
          label="Run pages"
          offset={offset}
          limit={PAGE_SIZE}
          total={total}
          onOffset={setOffset}
          previousText="Newer"
          nextText="Older"
        />
      )}
    </Page>
  );
}
