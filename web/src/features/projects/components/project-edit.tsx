import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { EditConflict, textConflictRows } from '../../../components/edit-conflict';
import { ErrorMessage } from '../../../components/error-message';
import { etagOf } from '../../../lib/record-versions';
import { useGuardedSave } from '../../../lib/use-guarded-save';
import { useEditProject } from '../api/edit-project';
import { projectQueryOptions } from '../api/get-project';
import type { Project } from '../api/get-projects';
import { ProjectForm } from './project-form';

type Fields = { projectName: string; projectDescription: string | null };
const FIELDS = ['projectName', 'projectDescription'] as const;
const LABELS: Record<keyof Fields, string> = { projectName: 'Name', projectDescription: 'Description' };

/**
 * Editing a project's name and description from the version read when the form opened: a save
 * someone else's came before shows both versions to choose from.
 */
export function ProjectEdit({ project, onSaved, onCancel }: { project: Project; onSaved: (name: string) => void; onCancel: () => void }) {
  const queryClient = useQueryClient();
  const edit = useEditProject();
  const { projectId } = project;
  const guarded = useGuardedSave<Fields, { projectName: string }>({
    fields: FIELDS,
    read: async () => {
      const options = projectQueryOptions(projectId);
      const now = await queryClient.fetchQuery({ ...options, staleTime: 0 });
      return {
        values: { projectName: now.projectName, projectDescription: now.projectDescription ?? null },
        etag: etagOf(options.queryKey),
      };
    },
    write: (values, etag) => edit.mutateAsync({ body: { projectId, ...values }, etag }),
    onSaved: (saved) => onSaved(`${saved.projectName} saved`),
    onTheirs: () => (
      void queryClient.invalidateQueries({ queryKey: projectQueryOptions(projectId).queryKey }),
      onSaved(`${project.projectName}: kept the other version`)
    ),
  });
  // Once, on opening: the version the form starts from (the list's copy may be older).
  // eslint-disable-next-line react-hooks/exhaustive-deps
  useEffect(() => void guarded.open(), []);

  const base = guarded.base?.values;
  const conflict = guarded.conflict;
  return (
    <>
      {!base && <ErrorMessage error={guarded.error} />}
      {!base && !guarded.error && <p className="muted">Loading…</p>}
      {base && (
        <ProjectForm
          label={`Edit ${project.projectName}`}
          initialName={base.projectName}
          initialDescription={base.projectDescription}
          submitLabel="Save"
          pending={guarded.pending}
          error={guarded.error}
          onSubmit={(fields) => guarded.save(fields)}
          onCancel={onCancel}
        />
      )}
      {conflict && (
        <EditConflict
          open
          what="project"
          rows={textConflictRows(conflict, LABELS)}
          pending={guarded.pending}
          onResolve={guarded.resolve}
          onClose={guarded.closeConflict}
        />
      )}
    </>
  );
}
