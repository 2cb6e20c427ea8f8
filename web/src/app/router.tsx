import { createBrowserRouter, Navigate } from 'react-router';
import { AuditPage } from '../features/audit';
import { MyWorkPage } from '../features/my-work';
import { ProjectsPage } from '../features/projects';
import { TokensPage } from '../features/tokens';
import { UsersPage } from '../features/users';
import { WebhookDeliveriesPage, WebhooksPage } from '../features/webhooks';
import { AppLayout } from './app-layout';
import { NotFoundPage } from './not-found-page';
import { projectRoute } from './project-routes';

// Every path here is also served index.html by the server (any HTML GET outside /api, /auth,
// /login, /logout, /healthz, /readyz), so deep links survive a reload.
export const router = createBrowserRouter([
  {
    element: <AppLayout />,
    children: [
      { index: true, element: <Navigate to="/projects" replace /> },
      { path: 'projects', element: <ProjectsPage /> },
      projectRoute,
      { path: 'my-work', element: <MyWorkPage /> },
      { path: 'tokens', element: <TokensPage /> },
      { path: 'users', element: <UsersPage /> },
      { path: 'audit', element: <AuditPage /> },
      { path: 'webhooks', element: <WebhooksPage /> },
      { path: 'webhooks/:webhookId', element: <WebhookDeliveriesPage /> },
      { path: '*', element: <NotFoundPage /> },
    ],
  },
]);
