import { Link, useParams } from 'react-router';
import { ErrorMessage } from '../../../components/error-message';
import { Page } from '../../../components/page';
import { atLeast, useRole } from '../../auth';
import { useProject } from '../../projects';
import '../project-metadata.css';
import { LabelsList, LookupList, SquadsList } from './metadata-lists';
import { DefectTemplateForm } from './defect-template-form';

const LOOKUP_ORDER = ['priority', 'type', 'automationStatus', 'platform', 'testCoveredBy'] as const;

/** A project's labels, squads and lookup lists: add (User), rename in place (User), delete what nothing uses (Admin); where defect ids link to. */
export function MetadataPage() {
  const projectId = Number(useParams().projectId);
  const project = useProject(projectId);
  const role = useRole(project.data?.orgId);
  const access = {
    projectId,
    canWrite: atLeast(role, 'User') && project.data?.isActive === true,
    canDelete: atLeast(role, 'Admin') && project.data?.isActive === true,
  };
  const title = project.data ? `Metadata of ${project.data.projectName}` : 'Metadata';
  return (
    <Page title={title}>
      <ErrorMessage error={project.error} />
      {project.data && !project.data.isActive && <p className="muted">The project is inactive: its metadata cannot change.</p>}
      <p className="muted">
        What tests are labelled and sorted by. A value that a test holds or a run shows cannot be deleted; rename it instead.
      </p>
      <p>
        <Link to={`/projects/${projectId}/fields`}>Custom fields</Link>: fields of your own on tests and on results.
      </p>
      <p>
        <Link to={`/projects/${projectId}/shared-steps`}>Shared steps</Link>: steps several tests share, such as logging in.
      </p>
      <p>
        <Link to={`/projects/${projectId}/configurations`}>Configurations</Link>: what tests run across in a test plan, such as browsers.
      </p>
      <div className="value-lists">
        <LabelsList {...access} />
        <SquadsList {...access} />
        {LOOKUP_ORDER.map((kind) => (
          <LookupList key={kind} kind={kind} {...access} />
        ))}
        <DefectTemplateForm projectId={projectId} canWrite={access.canWrite} />
      </div>
    </Page>
  );
}
