import type { RefObject } from 'react';
import { ErrorMessage } from '../../../components/error-message';
import { STATUSES, STATUS_LABELS } from '../../../lib/status-counts';
import type { RunTest } from '../api/get-run-tests';
import { AttachmentsSection, DropHint } from '../../attachments';
import { useTest } from '../../test-cases';
import { STATUS_KEY, type TestStatus } from '../run-execution';
import { StatusBadge } from '../../../components/status-badge';
import { DefectLinks } from '../../../components/defect-links';
import type { useExecution } from '../use-execution';
import { useResultFiles } from '../use-result-files';
import { DefectBox } from './defect-box';
import { RunTestHistory } from './run-test-history';
import { RunTestSteps } from './run-test-steps';
import type { RunSteps } from '../use-run-steps';

interface Props {
  projectId: number;
  runId: number;
  test: RunTest;
  sectionPath: string | null;
  /** Status buttons and the comment box show only when results may be set. */
  editable: boolean;
  checkedCount: number;
  draft: string;
  onDraft: (text: string) => void;
  onStatus: (status: TestStatus) => void;
  onLeaveComment: () => void;
  commentRef: RefObject<HTMLTextAreaElement | null>;
  /** The `d` box: whether it is open, saving a defect, closing it. */
  defect: ReturnType<typeof useExecution>['defect'];
  /** Its steps with their results in this run (GET /run/test-detail), and the one picked. */
  steps: RunSteps;
}

function Field({ label, text }: { label: string; text: string | null | undefined }) {
  if (!text) return null;
  return (
    <>
      <h3>{label}</h3>
      <p className="run-panel-text">{text}</p>
    </>
  );
}

/** The current test: what to do and expect, its result, files and history in this run, and the controls. */
// Props are taken apart: the compiler counts every read of an object holding a ref
// (commentRef) as a read of the ref during render.
export function RunTestPanel({
  projectId,
  runId,
  test,
  sectionPath,
  editable,
  checkedCount,
  draft,
  onDraft,
  onStatus,
  onLeaveComment,
  commentRef,
  defect,
  steps,
}: Props) {
  const details = useTest(projectId, test.deleted ? undefined : test.testId);
  // Files dropped on the panel or pasted on the page go to this result.
  const files = useResultFiles(projectId, runId, test.testId, editable);
  return (
    <aside
      className="run-panel"
      aria-labelledby="run-panel-title"
      data-dragging={files.drop.dragging || undefined}
      {...files.drop.handlers}
    >
      {files.drop.dragging && <DropHint text={`Drop files to attach them to the result of ${test.title}`} />}
      <h2 id="run-panel-title" dir="auto">
        {test.title}
      </h2>
      <p className="muted run-panel-meta">
        #{test.testId}
        {sectionPath && (
          <>
            {' · '}
            <bdi>{sectionPath}</bdi>
          </>
        )}
        {test.snapshot?.priority && (
          <>
            {' · '}
            <bdi>{test.snapshot.priority}</bdi>
          </>
        )}
      </p>
      <div className="run-panel-result">
        <StatusBadge status={test.status} />
        {test.comment && (
          <span className="run-panel-comment" dir="auto">
            {test.comment}
          </span>
        )}
        <DefectLinks defects={test.defects} onRemove={editable ? defect.unlink : undefined} />
      </div>
      {editable && defect.open && <DefectBox onSave={defect.link} onClose={defect.close} />}

      {editable && (
        <div className="run-panel-controls">
          <div
            className="status-buttons"
            role="group"
            aria-label={checkedCount ? `Set status of ${checkedCount} checked tests` : 'Set status'}
          >
            {STATUSES.map((s) => (
              <button
                key={s}
                type="button"
                className="button secondary status-button"
                data-status={s}
                aria-keyshortcuts={STATUS_KEY[s]}
                onClick={() => onStatus(s)}
              >
                {STATUS_LABELS[s]} <kbd aria-hidden="true">{STATUS_KEY[s]}</kbd>
              </button>
            ))}
          </div>
          <label htmlFor="run-comment">Comment</label>
          <textarea
            id="run-comment"
            ref={commentRef}
            rows={3}
            value={draft}
            aria-describedby="run-comment-hint"
            onChange={(e) => onDraft(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Escape') {
                e.preventDefault();
                onLeaveComment();
              }
            }}
          />
          <p id="run-comment-hint" className="muted run-hint">
            Saved with the next status you set{checkedCount ? ` (on each of the ${checkedCount} checked tests)` : ''}; kept until then, also
            when you move to another test. Esc returns to the list.
          </p>
        </div>
      )}

      {test.deleted && <p className="muted">This test has left the catalog; its result stays in the run.</p>}
      <ErrorMessage error={details.error} />
      {details.data && (
        <>
          <Field label="Description" text={details.data.testDescription} />
          <Field label="Preconditions" text={details.data.preconditions} />
          <Field label="Steps" text={typeof details.data.steps === 'string' ? details.data.steps : null} />
          <RunTestSteps steps={steps} editable={editable} />
          <Field label="Expected result" text={details.data.expectedResult} />
          {!details.data.steps && !details.data.expectedResult && <p className="muted">No steps or expected result written.</p>}
        </>
      )}

      <AttachmentsSection
        target={files.target}
        heading="Files in this run"
        canEdit={editable}
        upload={files.upload}
        hint="Or drop files on this panel, or paste a screenshot (Ctrl+V or ⌘V): they go to the current result."
        onDeleted={files.onDeleted}
      />
      <RunTestHistory projectId={projectId} runId={runId} testId={test.testId} />
    </aside>
  );
}
