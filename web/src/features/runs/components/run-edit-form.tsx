import { useQueryClient } from '@tanstack/react-query';
import { NameEdit } from '../../../components/name-edit';
import { etagOf } from '../../../lib/record-versions';
import { useEditRun } from '../api/edit-run';
import { runDetailQueryOptions } from '../api/get-run-detail';

/** A run's name and description, edited from the version read when the form opened. */
export function RunEditForm({
  projectId,
  runId,
  onDone,
  onCancel,
}: {
  projectId: number;
  runId: number;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const queryClient = useQueryClient();
  const edit = useEditRun(projectId);
  const options = runDetailQueryOptions(projectId, runId);
  return (
    <NameEdit
      what="run"
      label="Edit run"
      read={async () => {
        const run = await queryClient.fetchQuery({ ...options, staleTime: 0 });
        return { values: { name: run.runName, description: run.runDescription ?? null }, etag: etagOf(options.queryKey) };
      }}
      write={(values, etag) => edit.mutateAsync({ body: { runId, runName: values.name, runDescription: values.description }, etag })}
      onSaved={(saved) => onDone(`${saved.runName} saved`)}
      onTheirs={() => (void queryClient.invalidateQueries({ queryKey: options.queryKey }), onDone('Kept the other version'))}
      onCancel={onCancel}
    />
  );
}
