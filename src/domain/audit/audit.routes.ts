import { route } from '../../core/route';
import { auditPage, auditQuery } from './audit.schemas';
import { auditVersion } from './audit-version';
import { listAudit } from './audit.service';

export const auditRoutes = [
  route({
    method: 'get',
    path: '/audit',
    resource: 'audit',
    action: 'read',
    tag: 'Audit',
    summary: "An organization's audit log, newest first (Admin of that organization)",
    query: auditQuery,
    response: auditPage,
    caching: { etag: auditVersion },
    handler: (ctx, { query }) => listAudit(ctx, query),
  }),
];
