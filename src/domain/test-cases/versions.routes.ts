import { route } from '../../core/route';
import { getTestVersion, listTestVersions, restoreTestVersion, testVersionsVersion } from './versions.service';
import { restoreVersionBody, restoredTest, testVersion, testVersionQuery, testVersionsPage, testVersionsQuery } from './versions.schemas';

const tag = 'Tests';

/** A test's versions: every change to it records one (data/versions.ts). */
export const testVersionRoutes = [
  route({
    method: 'get',
    path: '/test/versions',
    resource: 'test',
    action: 'read',
    tag,
    summary:
      'The versions of a test, newest first, paged by limit/offset: who changed it, when, which fields (no content; with version=, that version alone with its content)',
    query: testVersionsQuery,
    response: testVersionsPage,
    errors: ['version_not_found'],
    caching: { etag: testVersionsVersion },
    handler: (ctx, { query }) => listTestVersions(ctx, query),
  }),
  route({
    method: 'get',
    path: '/test/version',
    resource: 'test',
    action: 'read',
    tag,
    summary: "One version of a test with its content: the test's writable fields as they were",
    query: testVersionQuery,
    response: testVersion,
    errors: ['version_not_found'],
    caching: { etag: testVersionsVersion },
    handler: (ctx, { query }) => getTestVersion(ctx, query),
  }),
  route({
    method: 'put',
    path: '/test/restore-version',
    resource: 'test',
    action: 'update',
    tag,
    summary:
      'Make a test as it was at an old version, recorded as a new version; what no longer exists in the project (a label, a section...) keeps its current value and is named in notRestored',
    body: restoreVersionBody,
    response: restoredTest,
    errors: ['version_not_found', 'project_inactive', 'invalid_reference', 'duplicate_automation_key'],
    changes: { project: ({ body }) => body.projectId },
    handler: (ctx, { body }) => restoreTestVersion(ctx, body),
  }),
];
