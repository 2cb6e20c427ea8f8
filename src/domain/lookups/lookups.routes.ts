import { projectVersion } from '../projects/project-version';
import type { LookupKind } from '../../generated/prisma/client';
import { route } from '../../core/route';
import { z } from '../../core/schemas';
import { projectIdQuery } from '../projects/projects.schemas';
import { metadataProjectSql } from '../projects/data';
import { addLookupBody, deleteLookupBody, editLookupBody, lookupDeleted, lookupEntry, lookupRecord } from './lookups.schemas';
import { addLookup, deleteLookup, editLookup, listLookup } from './lookups.service';

const tag = 'Metadata';

const lists: { path: string; kind: LookupKind; summary: string }[] = [
  { path: '/priority', kind: 'priority', summary: 'The priorities of a project' },
  { path: '/platforms', kind: 'platform', summary: 'The platforms of a project' },
  { path: '/automation-status', kind: 'automation_status', summary: 'The automation statuses of a project' },
  { path: '/type', kind: 'type', summary: 'The test types of a project' },
  { path: '/test-covered-by', kind: 'test_covered_by', summary: 'The "covered by" kinds of a project' },
];

const listRoutes = lists.map(({ path, kind, summary }) =>
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

// One set of writes for the five lists: an entry's id names its list, and an add names it by `kind`.
export const lookupRoutes = [
  ...listRoutes,
  route({
    method: 'post',
    path: '/project/add-lookup',
    resource: 'lookup',
    action: 'create',
    tag,
    summary: 'Add an entry at the end of one lookup list (kind: priority, platform, automationStatus, type, testCoveredBy)',
    body: addLookupBody,
    response: lookupRecord,
    successStatus: 201,
    errors: ['duplicate_name', 'project_inactive'],
    changes: { project: ({ body }) => body.projectId },
    handler: (ctx, { body }) => addLookup(ctx, body),
  }),
  route({
    method: 'put',
    path: '/project/edit-lookup',
    resource: 'lookup',
    action: 'update',
    tag,
    summary: 'Rename a lookup entry; tests that hold it show the new name (a locked run keeps the priority name it froze)',
    body: editLookupBody,
    response: lookupRecord,
    errors: ['lookup_not_found', 'duplicate_name', 'project_inactive'],
    changes: { project: ({ body }) => metadataProjectSql('lookup_entries', body.lookupId) },
    handler: (ctx, { body }) => editLookup(ctx, body.lookupId, body.name),
  }),
  route({
    method: 'delete',
    path: '/project/delete-lookup',
    resource: 'lookup',
    action: 'delete',
    tag,
    summary:
      'Delete a lookup entry when nothing uses it: no live test holds it, and no run shows it (an open run its tests, deleted ones too; a locked run its copy from lock time); else 409 in_use, counting them',
    body: deleteLookupBody,
    response: lookupDeleted,
    errors: ['lookup_not_found', 'in_use', 'project_inactive'],
    changes: { project: ({ body }) => metadataProjectSql('lookup_entries', body.lookupId), audit: true },
    handler: (ctx, { body }) => deleteLookup(ctx, body.lookupId),
  }),
];
