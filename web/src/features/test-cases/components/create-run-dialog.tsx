import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Dialog } from '../../../components/dialog';
import { ErrorMessage } from '../../../components/error-message';
import { useCreateRun } from '../../runs';

/** Names a run of the selected tests, creates it and opens it. */
export function CreateRunDialog({
  open,
  projectId,
  testIds,
  onClose,
}: {
  open: boolean;
  projectId: number;
  testIds: number[];
  onClose: () => void;
}) {
  return (
    <Dialog open={open} title="Create a run" onClose={onClose}>
      <CreateRunFields projectId={projectId} testIds={testIds} onClose={onClose} />
    </Dialog>
  );
}

function CreateRunFields({ projectId, testIds, onClose }: { projectId: number; testIds: number[]; onClose: () => void }) {
  const create = useCreateRun();
  const navigate = useNavigate();
  const [runName, setRunName] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    // navigate()'s promise only says when the next page has loaded; nothing waits for it.
    create.mutate({ projectId, runName, testIds }, { onSuccess: (run) => void navigate(`/projects/${projectId}/runs/${run.runId}`) });
  };
  return (
    <form className="stack-form" onSubmit={submit}>
      <p>
        A run of the {testIds.length} selected {testIds.length === 1 ? 'test' : 'tests'}, each starting untested.
      </p>
      <label htmlFor="run-name">Run name</label>
      <input id="run-name" value={runName} onChange={(e) => setRunName(e.target.value)} required maxLength={200} autoFocus />
      <ErrorMessage error={create.error} />
      <div className="button-row">
        <button type="submit" className="button" disabled={create.isPending}>
          Create run
        </button>
        <button type="button" className="button secondary" onClick={onClose}>
          Cancel
        </button>
      </div>
    </form>
  );
}
