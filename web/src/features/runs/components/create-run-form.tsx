import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { ErrorMessage } from '../../../components/error-message';
import { useCreateRun } from '../api/create-run';
import { selectionFields, type SelectionState } from '../selection';
import { FormActions } from '../../../components/form-actions';
import { MilestoneSelect } from '../../milestones';
import { noSelection, TestSelection, useSectionRows } from './test-selection';

/** New run: name, description and its tests (all, or by sections with subsections, labels, priorities); opens the run. */
export function CreateRunForm({ projectId, onCancel }: { projectId: number; onCancel: () => void }) {
  const navigate = useNavigate();
  const createRun = useCreateRun();
  const [runName, setRunName] = useState('');
  const [runDescription, setRunDescription] = useState('');
  const [milestoneId, setMilestoneId] = useState<number | null>(null);
  const [state, setState] = useState<SelectionState>(noSelection);
  const [problem, setProblem] = useState<string | null>(null);
  const rows = useSectionRows(projectId);

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
      <TestSelection projectId={projectId} name="scope" state={state} onChange={setState} />
      <ErrorMessage error={problem ?? createRun.error} />
      <FormActions submitLabel="Create run" pendingLabel="Creating…" pending={createRun.isPending} onCancel={onCancel} />
    </form>
  );
}
