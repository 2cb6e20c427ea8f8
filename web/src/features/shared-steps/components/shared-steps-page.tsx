import { useState } from 'react';
import { useParams } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorMessage } from '../../../components/error-message';
import { Page } from '../../../components/page';
import { atLeast, useRole } from '../../auth';
import { useProject } from '../../projects';
import { useSharedSteps, type SharedSteps } from '../../test-cases';
import { useSharedStepsWrites } from '../api/shared-steps';
import '../shared-steps.css';
import { SharedStepsForm } from './shared-steps-form';

/** A project's shared steps: steps several tests take in as one (User adds and edits, Admin deletes what no test uses). */
export function SharedStepsPage() {
  const projectId = Number(useParams().projectId);
  const project = useProject(projectId);
  const role = useRole(project.data?.orgId);
  const canWrite = atLeast(role, 'User') && project.data?.isActive === true;
  const canDelete = atLeast(role, 'Admin') && project.data?.isActive === true;
  const list = useSharedSteps(projectId);
  const writes = useSharedStepsWrites(projectId);
  // 'new', the id being edited, or nothing open.
  const [open, setOpen] = useState<'new' | number | null>(null);
  const close = () => (writes.save.reset(), setOpen(null));
  const [deleting, setDeleting] = useState<SharedSteps | null>(null);
  return (
    <Page title="Shared steps">
      <p className="muted">
        Steps several tests share, such as logging in. A test takes them in as one step; editing them changes every test using them.
      </p>
      <ErrorMessage error={list.error ?? project.error} />
      {canWrite && open !== 'new' && (
        <button type="button" className="button" onClick={() => (writes.save.reset(), setOpen('new'))}>
          New shared steps
        </button>
      )}
      {open === 'new' && <SharedStepsForm projectId={projectId} save={writes.save} onDone={close} />}
      {list.data && list.data.length === 0 && <p>No shared steps yet.</p>}
      <ul className="shared-steps-list">
        {list.data?.map((s) => (
          <li key={s.sharedStepsId} className="shared-steps-item">
            {open === s.sharedStepsId ? (
              <SharedStepsForm projectId={projectId} editing={s} save={writes.save} onDone={close} />
            ) : (
              <>
                <h2>{s.name}</h2>
                <p className="muted">
                  {s.steps.length} step{s.steps.length === 1 ? '' : 's'} · used by {s.testCount} test{s.testCount === 1 ? '' : 's'}
                </p>
                <ol>
                  {s.steps.map((step, i) => (
                    <li key={i}>
                      {step.action}
                      {step.expected && <span className="muted"> · Expected: {step.expected}</span>}
                    </li>
                  ))}
                </ol>
                <div className="buttons">
                  {canWrite && (
                    <button type="button" className="button secondary" onClick={() => (writes.save.reset(), setOpen(s.sharedStepsId))}>
                      Edit <span className="sr-only">{s.name}</span>
                    </button>
                  )}
                  {canDelete && (
                    <button type="button" className="button secondary" onClick={() => (writes.remove.reset(), setDeleting(s))}>
                      Delete <span className="sr-only">{s.name}</span>
                    </button>
                  )}
                </div>
              </>
            )}
          </li>
        ))}
      </ul>
      <ConfirmDialog
        open={deleting !== null}
        title={`Delete the shared steps “${deleting?.name ?? ''}”?`}
        pending={writes.remove.isPending}
        onConfirm={() => deleting && writes.remove.mutate(deleting.sharedStepsId, { onSuccess: () => setDeleting(null) })}
        onClose={() => setDeleting(null)}
      >
        <p>Only shared steps no test uses can be deleted; the server names the tests that do.</p>
        <ErrorMessage error={writes.remove.error} />
      </ConfirmDialog>
    </Page>
  );
}
