import { useState } from 'react';
import { useNavigate } from 'react-router';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { ErrorMessage } from '../../../components/error-message';
import { useDeleteTest } from '../api/delete-test';

/** Delete test (Admin), confirmed in a dialog first; then back to the catalog. */
export function DeleteTestButton({ projectId, testId, title }: { projectId: number; testId: number; title: string }) {
  const navigate = useNavigate();
  // navigate()'s promise only says when the next page has loaded; nothing waits for it.
  const remove = useDeleteTest(projectId, testId, () => void navigate(`/projects/${projectId}/catalog`));
  const [confirming, setConfirming] = useState(false);
  const confirmDelete = () => remove.mutate(undefined, { onSettled: () => setConfirming(false) });
  return (
    <>
      <button type="button" className="button danger" onClick={() => setConfirming(true)} disabled={remove.isPending}>
        Delete test
      </button>
      <ErrorMessage error={remove.error} />
      <ConfirmDialog
        open={confirming}
        title={`Delete the test “${title}”?`}
        pending={remove.isPending}
        onConfirm={confirmDelete}
        onClose={() => setConfirming(false)}
      >
        <p>It leaves the catalog; runs keep its results.</p>
      </ConfirmDialog>
    </>
  );
}
