import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { ErrorMessage } from '../../../components/error-message';
import { Page } from '../../../components/page';
import { Pager } from '../../../components/pager';
import { atLeast, useRole } from '../../auth';
import { useProject } from '../../projects';
import { usePlans } from '../api/get-plans';
import { PlanCard } from './plan-card';
import '../plans.css';

const PAGE_SIZE = 25;

/** The project's test plans, newest first, with their runs' progress; Users and Admins make new ones. */
export function PlansPage() {
  const projectId = Number(useParams().projectId);
  const project = useProject(projectId);
  const role = useRole(project.data?.orgId);
  const [offset, setOffset] = useState(0);
  const list = usePlans(projectId, { limit: PAGE_SIZE, offset });
  const total = list.data?.total ?? 0;
  const canWrite = atLeast(role, 'User') && project.data?.isActive !== false;

  return (
    <Page title={project.data ? `Plans of ${project.data.projectName}` : 'Plans'}>
      <ErrorMessage error={project.error ?? list.error} />
      <p className="muted">A plan runs a selection of tests on each combination of configurations, one run each, and adds them up.</p>
      {canWrite && (
        <p>
          <Link className="button" to={`/projects/${projectId}/plans/new`}>
            New plan
          </Link>
        </p>
      )}
      {list.data && total === 0 && <p className="muted">No plans yet.</p>}
      <ul className="card-list" aria-label="Plans">
        {list.data?.plans.map((p) => (
          <PlanCard key={p.planId} projectId={projectId} plan={p} />
        ))}
      </ul>
      {total > PAGE_SIZE && <Pager label="Plan pages" offset={offset} limit={PAGE_SIZE} total={total} onOffset={setOffset} />}
    </Page>
  );
}
