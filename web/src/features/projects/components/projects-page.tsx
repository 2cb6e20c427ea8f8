import { ErrorMessage } from '../../../components/error-message';
import { Page } from '../../../components/page';
import { useOrgs } from '../../auth';
import '../projects.css';
import { OrgProjects } from './org-projects';

/** The organizations the user belongs to, each with its projects. */
export function ProjectsPage() {
  const orgs = useOrgs();
  return (
    <Page title="Projects">
      <div className="projects-page">
        <ErrorMessage error={orgs.error} />
        {orgs.isPending && <p className="muted">Loading…</p>}
        {orgs.data?.length === 0 && <p className="muted">You are not a member of any organization yet. An Admin can add you to one.</p>}
        {orgs.data?.map((org) => (
          <OrgProjects key={org.orgId} orgId={org.orgId} orgName={org.orgName} />
        ))}
      </div>
    </Page>
  );
}
