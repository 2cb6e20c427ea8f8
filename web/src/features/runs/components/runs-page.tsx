import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorMessage } from '../../../components/error-message';
import { Page } from '../../../components/page';
import { Pager } from '../../../components/pager';
import { StatusBar } from '../../../components/status-bar';
import { atLeast, useRole } from '../../auth';
import { useProject } from '../../projects';
import { useRuns } from '../api/get-runs';
import { CreateRunForm } from './create-run-form';
import '../runs.css';

const PAGE_SIZE = 25;

/** The project's runs, newest first, with their progress; Users and Admins create runs here. */
export function RunsPage() {
  const projectId = Number(useParams().projectId);
  const project = useProject(projectId);
  const canCreate = atLeast(useRole(project.data?.orgId), 'User');
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
      {runs.data && total === 0 && <p className="muted">No runs yet.</p>}
      <ul className="run-list" aria-label="Runs">
        {runs.data?.runs.map((run) => (
          <li key={run.runId} className="run-card" data-run-id={run.runId}>
            <div className="run-card-head">
              <h2>
                <Link to={`/projects/${projectId}/runs/${run.runId}`} dir="auto">
                  {run.runName}
                </Link>
              </h2>
              {run.locked && <span className="badge locked">Locked</span>}
              <span className="muted">
                #{run.runId} · created {new Date(run.createdAt).toLocaleDateString()}
              </span>
            </div>
            {run.runDescription && <p className="run-description">{run.runDescription}</p>}
            <StatusBar counts={run.statusCounts} />
            <p className="run-links">
              <Link to={`/projects/${projectId}/runs/${run.runId}`} aria-label={`${run.locked ? 'View' : 'Execute'} ${run.runName}`}>
                {run.locked ? 'View' : 'Execute'}
              </Link>
              <Link to={`/projects/${projectId}/runs/${run.runId}/report`} aria-label={`Report of ${run.runName}`}>
                Report
              </Link>
            </p>
          </li>
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
