import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { ErrorMessage } from '../../../components/error-message';
import { MilestoneLink, MilestoneName, MilestoneSelect } from '../../milestones';
import { useEditRun } from '../api/edit-run';

/**
 * The milestone a run counts towards, and for a User a way to move the run to another one (or
 * to none). A locked run keeps its milestone (the API answers 423), so the control is disabled
 * there, saying why.
 */
export function RunMilestone({
  projectId,
  runId,
  milestoneId,
  canWrite,
  locked,
}: {
  projectId: number;
  runId: number;
  milestoneId: number | null;
  canWrite: boolean;
  locked: boolean;
}) {
  const [choice, setChoice] = useState<number | null | undefined>(undefined); // undefined: not editing
  // What the last move did: the milestone it went to (null: none), shown until the next change.
  const [moved, setMoved] = useState<{ to: number | null } | null>(null);
  const edit = useEditRun(projectId);
  const id = useId();
  const editing = choice !== undefined && !locked;
  // Focus follows the control: into the choice when it opens, back to its button when it closes.
  const button = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (editing) document.getElementById(`${id}-select`)?.focus();
    else if (wasEditing.current) button.current?.focus();
    wasEditing.current = editing;
  }, [editing, id]);
  if (!canWrite && milestoneId === null) return null;
  const save = (e: FormEvent) => {
    e.preventDefault();
    if (choice === undefined) return;
    if (choice === milestoneId) return setChoice(undefined);
    edit.mutate(
      { body: { runId, milestoneId: choice }, etag: undefined },
      {
        onSuccess: () => {
          setMoved({ to: choice });
          setChoice(undefined);
        },
      },
    );
  };
  return (
    <div className="run-milestone">
      {!editing && (
        <p className="run-milestone-line">
          {milestoneId === null ? (
            <span className="muted">No milestone</span>
          ) : (
            <MilestoneLink projectId={projectId} milestoneId={milestoneId} />
          )}
          {canWrite && (
            <button
              ref={button}
              type="button"
              className="button secondary small"
              onClick={() => (setMoved(null), edit.reset(), setChoice(milestoneId))}
              disabled={locked}
              aria-describedby={locked ? `${id}-locked` : undefined}
            >
              Change milestone
            </button>
          )}
          {canWrite && locked && (
            <span id={`${id}-locked`} className="muted">
              A locked run keeps its milestone: an Admin can unlock it to move it.
            </span>
          )}
        </p>
      )}
      {editing && (
        <form
          className="run-milestone-form"
          onSubmit={save}
          onKeyDown={(e) => e.key === 'Escape' && setChoice(undefined)}
          aria-label="Move the run to a milestone"
        >
          <MilestoneSelect
            id={`${id}-select`}
            projectId={projectId}
            value={choice}
            onChange={setChoice}
            withCompleted
            disabled={edit.isPending}
          />
          <button type="submit" className="button small" disabled={edit.isPending}>
            Move run
          </button>
          <button type="button" className="button secondary small" onClick={() => setChoice(undefined)}>
            Cancel
          </button>
        </form>
      )}
      <span role="status" className="run-milestone-notice">
        {moved?.to === null && 'Run taken out of its milestone'}
        {moved?.to != null && (
          <>
            Run moved to <MilestoneName projectId={projectId} milestoneId={moved.to} />
          </>
        )}
      </span>
      <ErrorMessage error={edit.error} />
    </div>
  );
}
