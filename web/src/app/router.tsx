import { createBrowserRouter, Navigate } from 'react-router';
import { AppLayout } from '../components/app-layout';
import { Placeholder } from '../components/page';
import { CatalogPage } from '../features/catalog/components/catalog-page';
import { ProjectsPage } from '../features/projects/components/projects-page';
import { RunReportPage } from '../features/reports/components/run-report-page';
import { RunExecutePage } from '../features/runs/components/run-execute-page';
import { RunsPage } from '../features/runs/components/runs-page';
import { TestCasePage } from '../features/test-cases/components/test-case-page';
import { TokensPage } from '../features/tokens/components/tokens-page';
import { UsersPage } from '../features/users/components/users-page';

// Every path here is also served index.html by the server (any HTML GET outside /api, /auth,
// /login, /logout, /healthz, /readyz), so deep links survive a reload.
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <Navigate to="/projects" replace /> },
      { path: 'projects', element: <ProjectsPage /> },
      { path: 'projects/:projectId/catalog', element: <CatalogPage /> },
      { path: 'projects/:projectId/tests/:testId', element: <TestCasePage /> },
      { path: 'projects/:projectId/runs', element: <RunsPage /> },
      { path: 'projects/:projectId/runs/:runId', element: <RunExecutePage /> },
      { path: 'projects/:projectId/runs/:runId/report', element: <RunReportPage /> },
      { path: 'tokens', element: <TokensPage /> },
      { path: 'users', element: <UsersPage /> },
      { path: '*', element: <Placeholder title="Page not found">{null}</Placeholder> },
    ],
  },
]);
