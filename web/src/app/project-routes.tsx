import { Navigate, type RouteObject } from 'react-router';
import { CsvImportPage } from '../features/csv-import';
import { DashboardPage } from '../features/dashboard';
import { MetadataPage } from '../features/project-metadata';
import { MilestoneName, MilestonePage, MilestonesPage } from '../features/milestones';
import { CustomFieldsPage } from '../features/custom-fields';
import { ConfigurationsPage } from '../features/configurations';
import { NewPlanPage, PlanName, PlanPage, PlansPage } from '../features/plans';
import { RunReportPage } from '../features/reports';
import { RunComparePage } from '../features/run-compare';
import { RunExecutePage, RunName, RunsPage } from '../features/runs';
import { SharedStepsPage } from '../features/shared-steps';
import { StabilityPage } from '../features/stability';
import { CatalogPage, TestCasePage, TestTitle } from '../features/test-cases';
import { projectPath, type PageCrumb, type ProjectPageHandle } from './project-pages';
import { ProjectLayout } from './project-layout';

const dashboard: PageCrumb = { label: () => 'Dashboard', to: (p) => projectPath(p.projectId, 'dashboard') };
const catalog: PageCrumb = { label: () => 'Catalog', to: (p) => projectPath(p.projectId, 'catalog') };
const csvImport: PageCrumb = { label: () => 'Import CSV', to: (p) => projectPath(p.projectId, 'import') };
const test: PageCrumb = {
  label: (p) => <TestTitle projectId={p.projectId} testId={p.testId} />,
  to: (p) => projectPath(p.projectId, 'tests', p.testId),
};
const runs: PageCrumb = { label: () => 'Runs', to: (p) => projectPath(p.projectId, 'runs') };
const run: PageCrumb = {
  label: (p) => <RunName projectId={p.projectId} runId={p.runId} />,
  to: (p) => projectPath(p.projectId, 'runs', p.runId),
};
const plans: PageCrumb = { label: () => 'Plans', to: (p) => projectPath(p.projectId, 'plans') };
const newPlan: PageCrumb = { label: () => 'New plan', to: (p) => projectPath(p.projectId, 'plans', 'new') };
const plan: PageCrumb = {
  label: (p) => <PlanName projectId={p.projectId} planId={p.planId} />,
  to: (p) => projectPath(p.projectId, 'plans', p.planId),
};
const milestones: PageCrumb = { label: () => 'Milestones', to: (p) => projectPath(p.projectId, 'milestones') };
const milestone: PageCrumb = {
  label: (p) => <MilestoneName projectId={p.projectId} milestoneId={p.milestoneId} />,
  to: (p) => projectPath(p.projectId, 'milestones', p.milestoneId),
};
const stability: PageCrumb = { label: () => 'Stability', to: (p) => projectPath(p.projectId, 'stability') };
const metadata: PageCrumb = { label: () => 'Metadata', to: (p) => projectPath(p.projectId, 'metadata') };
const sharedSteps: PageCrumb = { label: () => 'Shared steps', to: (p) => projectPath(p.projectId, 'shared-steps') };
const fields: PageCrumb = { label: () => 'Custom fields', to: (p) => projectPath(p.projectId, 'fields') };
const configurations: PageCrumb = { label: () => 'Configurations', to: (p) => projectPath(p.projectId, 'configurations') };
const report: PageCrumb = { label: () => 'Report', to: (p) => projectPath(p.projectId, 'runs', p.runId, 'report') };
const compare: PageCrumb = { label: () => 'Compare', to: (p) => projectPath(p.projectId, 'runs', p.runId, 'compare') };

const handle = (h: ProjectPageHandle) => h;

/** Every page of a project, under one layout: the project's navigation and breadcrumbs. */
export const projectRoute: RouteObject = {
  path: 'projects/:projectId',
  element: <ProjectLayout />,
  children: [
    { index: true, element: <Navigate to="dashboard" replace /> },
    { path: 'dashboard', element: <DashboardPage />, handle: handle({ section: 'dashboard', crumbs: [dashboard] }) },
    { path: 'catalog', element: <CatalogPage />, handle: handle({ section: 'catalog', crumbs: [catalog] }) },
    { path: 'import', element: <CsvImportPage />, handle: handle({ section: 'catalog', crumbs: [catalog, csvImport] }) },
    { path: 'tests/:testId', element: <TestCasePage />, handle: handle({ section: 'catalog', crumbs: [catalog, test] }) },
    {
      path: 'runs',
      handle: handle({ section: 'runs', crumbs: [runs] }),
      children: [
        { index: true, element: <RunsPage /> },
        {
          path: ':runId',
          handle: handle({ crumbs: [run] }),
          children: [
            { index: true, element: <RunExecutePage /> },
            { path: 'report', element: <RunReportPage />, handle: handle({ crumbs: [report] }) },
            { path: 'compare', element: <RunComparePage />, handle: handle({ crumbs: [compare] }) },
          ],
        },
      ],
    },
    {
      path: 'plans',
      handle: handle({ section: 'plans', crumbs: [plans] }),
      children: [
        { index: true, element: <PlansPage /> },
        { path: 'new', element: <NewPlanPage />, handle: handle({ crumbs: [newPlan] }) },
        { path: ':planId', element: <PlanPage />, handle: handle({ crumbs: [plan] }) },
      ],
    },
    {
      path: 'milestones',
      handle: handle({ section: 'milestones', crumbs: [milestones] }),
      children: [
        { index: true, element: <MilestonesPage /> },
        { path: ':milestoneId', element: <MilestonePage />, handle: handle({ crumbs: [milestone] }) },
      ],
    },
    { path: 'stability', element: <StabilityPage />, handle: handle({ section: 'stability', crumbs: [stability] }) },
    { path: 'metadata', element: <MetadataPage />, handle: handle({ section: 'metadata', crumbs: [metadata] }) },
    { path: 'shared-steps', element: <SharedStepsPage />, handle: handle({ section: 'metadata', crumbs: [metadata, sharedSteps] }) },
    { path: 'fields', element: <CustomFieldsPage />, handle: handle({ section: 'metadata', crumbs: [metadata, fields] }) },
    {
      path: 'configurations',
      element: <ConfigurationsPage />,
      handle: handle({ section: 'metadata', crumbs: [metadata, configurations] }),
    },
  ],
};
