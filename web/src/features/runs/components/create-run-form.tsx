import { useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ErrorMessage } from '../../../components/error-message';
import { useCreateRun } from '../api/create-run';
import { useLabels, useLookup, useSections } from '../../project-metadata';
import { coveredByAncestor, sectionRows, selectionFields, toggled, type SelectionState } from '../selection';
import { FormActions } from '../../../components/form-actions';
import { MilestoneSelect } from '../../milestones';

const none: ReadonlySet<number> = new Set();

/** New run: name, description and its tests (all, or by sections with subsections, labels, priorities); opens the run. */
export function CreateRunForm({ projectId, onCancel }: { projectId: number; onCancel: () => void }) {
  const navigate = useNavigate();
  const sections = useSections(projectId);
  const labels = useLabels(projectId);
  const priorities = useLookup('priority', projectId);
  const createRun = useCreateRun();
  const [runName, setRunName] = useState('');
  const [runDescription, setRunDescription] = useState('');
  const [milestoneId, setMilestoneId] = useState<number | null>(null);
  const [state, setState] = useState<SelectionState>({ allTests: false, sectionIds: none, labelIds: none, priorityIds: none });
  const [problem, setProblem] = useState<string | null>(null);
  const rows = useMemo(() => sectionRows(sections.data ?? []), [sections.data]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const selection = selectionFields(state, rows);
    if (!selection) return setProblem('Choose the tests: all tests, or at least one section, label or priority.');
    setProblem(null);
    // navigate()'s promise only says when the next page has loaded; nothing waits for it.
    createRun.mutate(
      {
        projectId,
        runName,
        ...(runDescription.trim() ? { runDescription } : {}),
        ...(milestoneId === null ? {} : { milestoneId }),
        ...selection,
      },
      { onSuccess: (run) => void navigate(`/projects/${projectId}/runs/${run.runId}`) },
    );
  };

  return (
    <form className="create-run" onSubmit={submit} aria-labelledby="create-run-heading">
      <h2 id="create-run-heading">New run</h2>
      <ErrorMessage error={sections.error ?? labels.error ?? priorities.error} />
      <label>
        Name
        <input value={runName} onChange={(e) => setRunName(e.target.value)} required maxLength={200} />
      </label>
      <label>
        Description
        <textarea value={runDescription} onChange={(e) => setRunDescription(e.target.value)} rows={2} />
      </label>
      <div className="create-run-milestone">
        <MilestoneSelect id="create-run-milestone" projectId={projectId} value={milestoneId} onChange={setMilestoneId} />
      </div>
      <fieldset>
        <legend>Tests</legend>
        <label className="choice">
          <input type="radio" name="scope" checked={state.allTests} onChange={() => setState({ ...state, allTests: true })} />
          All tests of the project
        </label>
        <label className="choice">
          <input type="radio" name="scope" checked={!state.allTests} onChange={() => setState({ ...state, allTests: false })} />
          Tests chosen by sections, labels and priorities (a test must match every group you use)
        </label>
      </fieldset>
      {!state.allTests && (
        <div className="create-run-choices">
          <fieldset>
            <legend>Sections (with their subsections)</legend>
            {rows.length === 0 && <p className="muted">{sections.isPending ? 'Loading…' : 'No sections.'}</p>}
            <ul className="section-choices">
              {rows.map((row) => {
                const covered = coveredByAncestor(row, state.sectionIds);
                return (
                  <li key={row.sectionId} style={{ paddingLeft: `${row.depth * 1.25}rem` }}>
                    <label className="choice">
                      <input
                        type="checkbox"
                        checked={covered || state.sectionIds.has(row.sectionId)}
                        disabled={covered}
                        onChange={(e) => setState({ ...state, sectionIds: toggled(state.sectionIds, row.sectionId, e.target.checked) })}
                      />
                      <bdi>{row.sectionName}</bdi>
                    </label>
                  </li>
                );
              })}
            </ul>
          </fieldset>
          <fieldset>
            <legend>Labels (any of)</legend>
            {labels.data?.length === 0 && <p className="muted">No labels.</p>}
            {labels.data?.map((l) => (
              <label key={l.labelId} className="choice">
                <input
                  type="checkbox"
                  checked={state.labelIds.has(l.labelId)}
                  onChange={(e) => setState({ ...state, labelIds: toggled(state.labelIds, l.labelId, e.target.checked) })}
                />
                {l.labelName}
              </label>
            ))}
          </fieldset>
          <fieldset>
            <legend>Priorities (any of)</legend>
            {priorities.data?.map((p) => (
              <label key={p.id} className="choice">
                <input
                  type="checkbox"
                  checked={state.priorityIds.has(p.id)}
                  onChange={(e) => setState({ ...state, priorityIds: toggled(state.priorityIds, p.id, e.target.checked) })}
                />
                {p.name}
              </label>
            ))}
          </fieldset>
        </div>
      )}
      <ErrorMessage error={problem ?? createRun.error} />
      <FormActions submitLabel="Create run" pendingLabel="Creating…" pending={createRun.isPending} onCancel={onCancel} />
    </form>
  );
}
