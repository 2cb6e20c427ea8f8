import { useRef, useState, type RefObject } from 'react';
import { Link } from 'react-router';
import { ErrorMessage } from '../../../components/error-message';
import { atLeast, type Role } from '../../auth';
import { useDeleteProject } from '../api/delete-project';
import type { Project } from '../api/get-projects';
import { useUpdateProjectStatus } from '../api/update-project-status';
import { useFocusReturn } from '../use-focus-return';
import { ProjectEdit } from './project-edit';

/** A failed write shows through the mutation's `error`; its rejected promise needs no handling. */
const ignore = () => undefined;

interface Props {
  project: Project;
  role: Role | undefined;
  /** Tells the organization's status line what happened, e.g. "Checkout deactivated". */
  onDone: (message: string) => void;
}

/** One project: links to its catalog and runs, and the writes the role allows. */
export function ProjectItem({ project, role, onDone }: Props) {
  const [mode, setMode] = useState<'view' | 'edit' | 'confirm-delete'>('view');
  const editButton = useRef<HTMLButtonElement>(null);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const status = useUpdateProjectStatus();
  const remove = useDeleteProject();
  const name = project.projectName;

  // Back to the row with focus on the control that opened the form, so the keyboard keeps its place.
  const focusAfterRender = useFocusReturn(mode);
  const closeTo = (button: RefObject<HTMLButtonElement | null>) => {
    focusAfterRender(button);
    setMode('view');
  };

  if (mode === 'edit') {
    return (
      <li className="project-item editing">
        <ProjectEdit project={project} onSaved={(message) => (onDone(message), closeTo(editButton))} onCancel={() => closeTo(editButton)} />
      </li>
    );
  }

  // mutateAsync, not mutate's callbacks: the refetch that moves the project to the other list (or
  // removes it) unmounts this row first, and mutate's callbacks skip an unmounted caller.
  const toggle = () =>
    status
      .mutateAsync({ projectId: project.projectId, isActive: !project.isActive })
      .then((saved) => onDone(`${saved.projectName} ${saved.isActive ? 'activated' : 'deactivated'}`), ignore);

  return (
    <li className="project-item">
      <div className="project-summary">
        <Link to={`/projects/${project.projectId}/catalog`} className="project-name" dir="auto">
          {name}
        </Link>
        {project.projectDescription && <p className="project-description muted">{project.projectDescription}</p>}
      </div>
      <div className="project-links">
        <Link to={`/projects/${project.projectId}/catalog`}>Catalog</Link>
        <Link to={`/projects/${project.projectId}/runs`}>Runs</Link>
      </div>
      {atLeast(role, 'User') && (
        <div className="project-actions">
          <button type="button" className="button secondary small" ref={editButton} onClick={() => setMode('edit')}>
            Edit<span className="sr-only"> {name}</span>
          </button>
          <button type="button" className="button secondary small" onClick={toggle} disabled={status.isPending}>
            {project.isActive ? 'Deactivate' : 'Activate'}
            <span className="sr-only"> {name}</span>
          </button>
          {atLeast(role, 'Admin') && (
            <button type="button" className="button danger small" ref={deleteButton} onClick={() => setMode('confirm-delete')}>
              Delete<span className="sr-only"> {name}</span>
            </button>
          )}
        </div>
      )}
      <ErrorMessage error={status.error} />
      {mode === 'confirm-delete' && (
        <div className="confirm-delete" role="group" aria-label={`Confirm deleting ${name}`}>
          <p>
            Delete <strong dir="auto">{name}</strong> with all its tests, runs and results? This cannot be undone.
          </p>
          <ErrorMessage error={remove.error} />
          <div className="actions">
            <button
              type="button"
              className="button danger"
              disabled={remove.isPending}
              onClick={() => remove.mutateAsync(project.projectId).then(() => onDone(`${name} deleted`), ignore)}
            >
              Delete project
            </button>
            <button type="button" className="button secondary" autoFocus onClick={() => (remove.reset(), closeTo(deleteButton))}>
              Cancel
            </button>
          </div>
        </div>
      )}
    </li>
  );
}
