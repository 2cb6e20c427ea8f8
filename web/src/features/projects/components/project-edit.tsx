import { useQueryClient } from '@tanstack/react-query';
import { NameEdit } from '../../../components/name-edit';
import { etagOf } from '../../../lib/record-versions';
import { useEditProject } from '../api/edit-project';
import { projectQueryOptions } from '../api/get-project';
import type { Project } from '../api/get-projects';

/** Editing a project's name and description from the version read when the form opened. */
export function ProjectEdit({ project, onSaved, onCancel }: { project: Project; onSaved: (name: string) => void; onCancel: () => void }) {
  const queryClient = useQueryClient();
  const edit = useEditProject();
  const { projectId } = project;
  const options = projectQueryOptions(projectId);
  return (
    <NameEdit
      what="project"
      label={`Edit ${project.projectName}`}
      read={async () => {
        const now = await queryClient.fetchQuery({ ...options, staleTime: 0 });
        return { values: { name: now.projectName, description: now.projectDescription ?? null }, etag: etagOf(options.queryKey) };
      }}
      write={(values, etag) =>
        edit.mutateAsync({ body: { projectId, projectName: values.name, projectDescription: values.description }, etag })
      }
      onSaved={(saved) => onSaved(`${saved.projectName} saved`)}
      onTheirs={() => (
        void queryClient.invalidateQueries({ queryKey: options.queryKey }),
        onSaved(`${project.projectName}: kept the other version`)
      )}
      onCancel={onCancel}
    />
  );
}
