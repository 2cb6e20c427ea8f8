import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorMessage } from '../../../components/error-message';
import { atLeast, type Role } from '../../auth';
import { useDeleteMilestone } from '../api/delete-milestone';
import type { MilestoneDetail } from '../api/get-milestone';
import { useSetMilestoneStatus } from '../api/set-milestone-status';
import { MilestoneForm } from './milestone-form';

/** A failed delete shows through the mutation's `error`; its rejected promise needs no handling. */
const ignore = () => undefined;

/** Edit, Complete or Reopen (a User), Delete (an Admin, asked first), and the report's files. */
export function MilestoneActions({
  projectId,
  milestone: m,
  role,
  onDone,
}: {
  projectId: number;
  milestone: MilestoneDetail;
  role: Role | undefined;
  onDone: (message: string) => void;
}) {
  const navigate = useNavigate();
  const [mode, setMode] = useState<'view' | 'edit' | 'delete'>('view');
  const status = useSetMilestoneStatus(projectId);
  const remove = useDeleteMilestone(projectId);
  const complete = m.status === 'open';
  const report = (format: string) => `/api/v1/milestone/report?projectId=${projectId}&milestoneId=${m.milestoneId}&format=${format}`;
  return (
    <>
      <div className="button-row milestone-actions">
        {atLeast(role, 'User') && mode !== 'edit' && (
          <>
            <button type="button" className="button secondary" onClick={() => setMode('edit')}>
              Edit
            </button>
            <button
              type="button"
              className="button secondary"
              disabled={status.isPending}
              onClick={() =>
                status.mutate(
                  { milestoneId: m.milestoneId, complete },
                  { onSuccess: () => onDone(complete ? `${m.name} completed` : `${m.name} reopened`) },
                )
              }
            >
              {complete ? 'Mark completed' : 'Reopen'}
            </button>
          </>
        )}
        {atLeast(role, 'Admin') && (
          <button type="button" className="button danger" onClick={() => setMode('delete')}>
            Delete
          </button>
        )}
        <a href={report('html')}>HTML report</a>
        <a href={report('pdf')}>PDF report</a>
      </div>
      <ErrorMessage error={status.error ?? remove.error} />
      {mode === 'edit' && (
        <MilestoneForm
          projectId={projectId}
          milestone={{ ...m, hasChildren: m.subMilestones.length > 0 }}
          onDone={(message) => (onDone(message), setMode('view'))}
          onCancel={() => setMode('view')}
        />
      )}
      <ConfirmDialog
        open={mode === 'delete'}
        title={`Delete ${m.name}?`}
        confirmLabel="Delete milestone"
        pending={remove.isPending}
        onConfirm={() => remove.mutateAsync(m.milestoneId).then(() => navigate(`/projects/${projectId}/milestones`), ignore)}
        onClose={() => setMode('view')}
      >
        <p>
          Its {m.progress.runCount} runs stay, without a milestone
          {m.subMilestones.length > 0 ? '; its sub-milestones become milestones of their own' : ''}.
        </p>
      </ConfirmDialog>
    </>
  );
}
