import { projectVersion } from '../projects/project-version';
import type { LookupKind } from '../../generated/prisma/client';
import { route } from '../../core/route';
import { z } from '../../core/schemas';
import { projectIdQuery } from '../projects/projects.schemas';
import { lookupEntry } from './lookups.schemas';
import { listLookup } from './lookups.service';

const tag = 'Metadata';

const lists: { path: string; kind: LookupKind; summary: string }[] = [
  { path: '/priority', kind: 'priority', summary: 'The priorities of a project' },
  { path: '/platforms', kind: 'platform', summary: 'The platforms of a project' },
  { path: '/automation-status', kind: 'automation_status', summary: 'The automation statuses of a project' },
  { path: '/type', kind: 'type', summary: 'The test types of a project' },
  { path: '/test-covered-by', kind: 'test_covered_by', summary: 'The "covered by" kinds of a project' },
];

export const lookupRoutes = lists.map(({ path, kind, summary }) =>
  route({
    method: 'get',
    path,
    resource: 'lookup',
    action: 'read',
    tag,
    summary,
    query: projectIdQuery,
    response: z.array(lookupEntry),
    caching: { etag: projectVersion },
    handler: (ctx, { query }) => listLookup(ctx, query.projectId, kind),
  }),
);
