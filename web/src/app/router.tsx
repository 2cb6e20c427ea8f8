import { createBrowserRouter, Navigate } from 'react-router';
import { AppLayout } from './app-layout';
import { Placeholder } from '../components/page';
import { CatalogPage } from '../features/catalog';
import { ProjectsPage } from '../features/projects';
import { RunReportPage } from '../features/reports';
import { RunExecutePage, RunsPage } from '../features/runs';
import { TestCasePage } from '../features/test-cases';
import { TokensPage } from '../features/tokens';
import { UsersPage } from '../features/users';

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
