import { useState } from 'react';
import { Link } from 'react-router';
import { ErrorMessage } from '../../../components/error-message';
import { atLeast, type Role } from '../../auth';
import { useSetRunLock } from '../api/lock-run';
import { useResetRun } from '../api/reset-run';
import { ConfirmDialog } from '../../../components/confirm-dialog';

type Confirm = 'lock' | 'reset' | null;

/**
 * Lock and reset (User, open run) and unlock (Admin, locked run), each confirmed first: a User
 * cannot undo a lock, and a reset replaces every result.
 */
export function RunActions({
  projectId,
  runId,
  role,
  locked,
  onHelp,
  onDialog,
}: {
  projectId: number;
  runId: number;
  role: Role | undefined;
  locked: boolean;
  onHelp: () => void;
  /** Tells the page a dialog is open, so its keys stay quiet meanwhile. */
  onDialog: (open: boolean) => void;
}) {
  const [confirm, setConfirmState] = useState<Confirm>(null);
  const setLock = useSetRunLock(projectId, runId);
  const reset = useResetRun(projectId, runId);
  const setConfirm = (c: Confirm) => {
    setConfirmState(c);
    onDialog(c !== null);
  };
  const act = (c: Exclude<Confirm, null>) => {
    setConfirm(null);
    if (c === 'lock') setLock.mutate(true);
    else reset.mutate();
  };
  const isUser = atLeast(role, 'User');
  return (
    <div className="run-actions">
      <div className="run-actions-buttons">
        <button type="button" className="button secondary" onClick={onHelp} aria-keyshortcuts="?">
          Shortcuts <kbd aria-hidden="true">?</kbd>
        </button>
        <Link className="button secondary" to={`/projects/${projectId}/runs/${runId}/report`}>
          Report
        </Link>
        <Link className="button secondary" to={`/projects/${projectId}/runs/${runId}/compare`}>
          Compare with…
        </Link>
        {isUser && !locked && (
          <>
            <button type="button" className="button secondary" onClick={() => setConfirm('reset')} disabled={reset.isPending}>
              Reset run
            </button>
            <button type="button" className="button" onClick={() => setConfirm('lock')} disabled={setLock.isPending}>
              Lock run
            </button>
          </>
        )}
        {locked && atLeast(role, 'Admin') && (
          <button type="button" className="button secondary" onClick={() => setLock.mutate(false)} disabled={setLock.isPending}>
            Unlock run
          </button>
        )}
      </div>
      <ErrorMessage error={setLock.error ?? reset.error} />
      <ConfirmDialog
        open={confirm !== null}
        title={confirm === 'reset' ? 'Reset this run?' : 'Lock this run?'}
        confirmLabel={confirm === 'reset' ? 'Reset run' : 'Lock run'}
        danger={false}
        pending={setLock.isPending || reset.isPending}
        onConfirm={() => act(confirm ?? 'lock')}
        onClose={() => setConfirm(null)}
      >
        <p>
          {confirm === 'reset'
            ? 'Every test becomes Retest and its comment is cleared. The history keeps every earlier result.'
            : 'Results become read-only and the tests are frozen as they are now. Only an Admin can unlock it.'}
        </p>
      </ConfirmDialog>
    </div>
  );
}
