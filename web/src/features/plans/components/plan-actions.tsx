import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorMessage } from '../../../components/error-message';
import { atLeast, type Role } from '../../auth';
import type { PlanDetail } from '../api/get-plan';
import { useDeletePlan, useSetPlanLock } from '../api/write-plan';
import { PlanEditForm } from './plan-edit-form';

/** A failed write shows through the mutation's `error`; its rejected promise needs no handling. */
const ignore = () => undefined;
const plural = (n: number, one: string) => `${n} ${n === 1 ? one : `${one}s`}`;

/** Edit and Lock (a User, while open), Unlock (an Admin), Delete (an Admin, asked first), and the report's files. */
export function PlanActions({
  projectId,
  plan: p,
  role,
  onDone,
}: {
  projectId: number;
  plan: PlanDetail;
  role: Role | undefined;
  onDone: (message: string) => void;
}) {
  const navigate = useNavigate();
  const [mode, setMode] = useState<'view' | 'edit' | 'lock' | 'delete'>('view');
  const lock = useSetPlanLock(projectId, p.planId);
  const remove = useDeletePlan(projectId, p.planId);
  const report = (format: string) => `/api/v1/plan/report?projectId=${projectId}&planId=${p.planId}&format=${format}`;
  const unlock = () => lock.mutate(false, { onSuccess: () => onDone(`${p.name} unlocked`) });
  return (
    <>
      <div className="button-row plan-actions">
        {atLeast(role, 'User') && !p.locked && mode !== 'edit' && (
          <>
            <button type="button" className="button secondary" onClick={() => setMode('edit')}>
              Edit
            </button>
            <button type="button" className="button secondary" onClick={() => setMode('lock')}>
              Lock
            </button>
          </>
        )}
        {atLeast(role, 'Admin') && p.locked && (
          <button type="button" className="button secondary" disabled={lock.isPending} onClick={unlock}>
            Unlock
          </button>
        )}
        {atLeast(role, 'Admin') && (
          <button type="button" className="button danger" onClick={() => setMode('delete')}>
            Delete
          </button>
        )}
        <a href={report('html')}>HTML report</a>
        <a href={report('pdf')}>PDF report</a>
        <a href={report('json')}>JSON report</a>
      </div>
      <ErrorMessage error={lock.error ?? remove.error} />
      {mode === 'edit' && <PlanEditForm projectId={projectId} plan={p} onDone={(m) => (m && onDone(m), setMode('view'))} />}
      <ConfirmDialog
        open={mode === 'lock'}
        title={`Lock ${p.name}?`}
        confirmLabel="Lock plan"
        danger={false}
        pending={lock.isPending}
        onConfirm={() =>
          lock.mutateAsync(true).then(
            () => (onDone(`${p.name} locked`), setMode('view')),
            () => setMode('view'),
          )
        }
        onClose={() => setMode('view')}
      >
        <p>
          Its {plural(p.runCount, 'run')} are locked: their results no longer change, and the plan takes no new entries. An Admin can unlock
          it.
        </p>
      </ConfirmDialog>
      <ConfirmDialog
        open={mode === 'delete'}
        title={`Delete ${p.name}?`}
        confirmLabel="Delete plan"
        pending={remove.isPending}
        onConfirm={() => remove.mutateAsync().then(() => navigate(`/projects/${projectId}/plans`), ignore)}
        onClose={() => setMode('view')}
      >
        <p>
          Its {plural(p.runCount, 'run')} and their {plural(p.statusCounts.total, 'result')} are deleted with it, with their history. This
          cannot be undone.
        </p>
      </ConfirmDialog>
    </>
  );
}
