import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorMessage } from '../../../components/error-message';
import { StatusBar } from '../../../components/status-bar';
import { atLeast, type Role } from '../../auth';
import { MilestoneLink } from '../../milestones';
import { useDeleteRun } from '../api/delete-run';
import type { useRuns } from '../api/get-runs';
import { RunEditForm } from './run-edit-form';

/** A failed delete shows through the mutation's `error`; its rejected promise needs no handling. */
const ignore = () => undefined;

type Run = NonNullable<ReturnType<typeof useRuns>['data']>['runs'][number];

/**
 * One run of the list: its progress and links; Edit (a User, while the run is open) and Delete
 * (an Admin, asked first), as the API allows them.
 */
export function RunCard({
  projectId,
  run,
  role,
  onDone,
}: {
  projectId: number;
  run: Run;
  role: Role | undefined;
  onDone: (message: string) => void;
}) {
  const [mode, setMode] = useState<'view' | 'edit' | 'delete'>('view');
  const remove = useDeleteRun(projectId);
  const name = run.runName;
  return (
    <li className="card" data-run-id={run.runId}>
      <div className="card-head">
        <h2>
          <Link to={`/projects/${projectId}/runs/${run.runId}`} dir="auto">
            {name}
          </Link>
        </h2>
        {run.locked && <span className="badge locked">Locked</span>}
        <span className="muted">
          #{run.runId} · created {new Date(run.createdAt).toLocaleDateString()}
        </span>
        <MilestoneLink projectId={projectId} milestoneId={run.milestoneId} />
      </div>
      {mode === 'edit' ? (
        <RunEditForm
          projectId={projectId}
          runId={run.runId}
          onDone={(m) => (onDone(m), setMode('view'))}
          onCancel={() => setMode('view')}
        />
      ) : (
        run.runDescription && <p className="run-description">{run.runDescription}</p>
      )}
      <StatusBar counts={run.statusCounts} />
      <div className="run-links">
        <Link to={`/projects/${projectId}/runs/${run.runId}`} aria-label={`${run.locked ? 'View' : 'Execute'} ${name}`}>
          {run.locked ? 'View' : 'Execute'}
        </Link>
        <Link to={`/projects/${projectId}/runs/${run.runId}/report`} aria-label={`Report of ${name}`}>
          Report
        </Link>
        {mode !== 'edit' && atLeast(role, 'User') && !run.locked && (
          <button type="button" className="button secondary small" onClick={() => setMode('edit')}>
            Edit<span className="sr-only"> {name}</span>
          </button>
        )}
        {atLeast(role, 'Admin') && (
          <button type="button" className="button danger small" onClick={() => setMode('delete')}>
            Delete<span className="sr-only"> {name}</span>
          </button>
        )}
      </div>
      <ErrorMessage error={remove.error} />
      <ConfirmDialog
        open={mode === 'delete'}
        title={`Delete ${name}?`}
        confirmLabel="Delete run"
        pending={remove.isPending}
        onConfirm={() => remove.mutateAsync(run.runId).then(() => onDone(`${name} deleted`), ignore)}
        onClose={() => setMode('view')}
      >
        {/* mutateAsync: the refetch that drops the deleted run unmounts this card before mutate's callbacks would run. */}
        <p>The run and all its results and history are deleted{run.locked ? ', although it is locked' : ''}. This cannot be undone.</p>
      </ConfirmDialog>
    </li>
  );
}
