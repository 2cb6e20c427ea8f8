import { Outlet, useMatches, useParams } from 'react-router';
import { Breadcrumbs } from '../components/breadcrumbs';
import { useOrgs } from '../features/auth';
import { useProject } from '../features/projects';
import { ProjectNav } from './project-nav';
import { projectPath, type ProjectPageHandle, type ProjectParams } from './project-pages';
import './project-layout.css';

/**
 * The frame of every project page: breadcrumbs (Organization / Project / the page's own trail) and
 * the project's navigation, the same on each page; the page itself below.
 */
export function ProjectLayout() {
  const raw = useParams();
  const params: ProjectParams = {
    projectId: Number(raw.projectId),
    runId: Number(raw.runId),
    testId: Number(raw.testId),
    milestoneId: Number(raw.milestoneId),
    planId: Number(raw.planId),
  };
  const project = useProject(params.projectId);
  const orgs = useOrgs();
  const handles = useMatches().flatMap((m) => (m.handle ? [m.handle as ProjectPageHandle] : []));
  const section = handles.findLast((h) => h.section)?.section;
  const orgName = orgs.data?.find((o) => o.orgId === project.data?.orgId)?.orgName;
  const crumbs = [
    // No page per organization: the projects list groups projects by organization.
    { label: orgName ?? 'Organization', to: '/projects' },
    { label: project.data?.projectName ?? `Project ${params.projectId}`, to: projectPath(params.projectId, 'dashboard') },
    ...handles.flatMap((h) => h.crumbs ?? []).map((c) => ({ label: c.label(params), to: c.to(params) })),
  ];
  return (
    <>
      <Breadcrumbs items={crumbs} />
      <ProjectNav projectId={params.projectId} current={section} />
      <Outlet />
    </>
  );
}
