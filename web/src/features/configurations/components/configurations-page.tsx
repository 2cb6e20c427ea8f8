import { useParams } from 'react-router';
import { ErrorMessage } from '../../../components/error-message';
import { Page } from '../../../components/page';
import { atLeast, useRole } from '../../auth';
import { useProject } from '../../projects';
import { useConfigurations } from '../api/get-configurations';
import '../configurations.css';
import { GroupCard } from './group-card';
import { NewGroupForm } from './new-group-form';

/** A project's configurations: groups and their options, listed for everyone, added and edited by a User, deleted by an Admin. */
export function ConfigurationsPage() {
  const projectId = Number(useParams().projectId);
  const project = useProject(projectId);
  const role = useRole(project.data?.orgId);
  const groups = useConfigurations(projectId);
  const active = project.data?.isActive === true;
  const access = { projectId, canWrite: atLeast(role, 'User') && active, canDelete: atLeast(role, 'Admin') && active };
  const title = project.data ? `Configurations of ${project.data.projectName}` : 'Configurations';
  return (
    <Page title={title}>
      <ErrorMessage error={project.error ?? groups.error} />
      {project.data && !active && <p className="muted">The project is inactive: its configurations cannot change.</p>}
      <p className="muted">
        What the same tests run across, such as browsers or operating systems. A test plan makes one run per combination of options; runs
        already made keep their names when an option changes or goes.
      </p>
      <div className="configurations">
        <section className="value-list" aria-labelledby="groups-heading">
          <h2 id="groups-heading">Groups</h2>
          {groups.data && groups.data.length === 0 && <p className="muted">None yet.</p>}
          {groups.data && groups.data.length > 0 && (
            <ul className="configuration-groups" aria-labelledby="groups-heading">
              {groups.data.map((g) => (
                <GroupCard key={g.groupId} group={g} {...access} />
              ))}
            </ul>
          )}
        </section>
        {access.canWrite && (
          <section className="value-list" aria-labelledby="new-group-heading">
            <h2 id="new-group-heading">New group</h2>
            <NewGroupForm projectId={projectId} />
          </section>
        )}
      </div>
    </Page>
  );
}
