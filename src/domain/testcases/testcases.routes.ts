import { route } from '../../core/route';
import { z } from '../../core/schemas';
import { exportTests } from '../../reports/test-export';
import {
  bulkAddBody, bulkDeleteBody, bulkUpdateBody, countTestsQuery, createTestBody, exportTestsQuery, listTestsQuery,
  statusHistoryEntry, testCount, testDeleted, testIdBody, testIdsResult, testInProjectQuery, testPage, testRecord,
  updateTestBody,
} from './testcases.schemas';
import { bulkAddTests, bulkDeleteTests, bulkUpdateTests } from './testcases.bulk';
import { testStatusHistory } from './testcases.history';
import { countTests, createTest, deleteTest, getTest, listTests, updateTest } from './testcases.service';

const tag = 'Tests';

export const testRoutes = [
  route({
    method: 'get', path: '/project/tests', resource: 'test', action: 'read', tag,
    summary: 'The tests of a project, filtered, in testId order, paged by limit/offset',
    query: listTestsQuery, response: testPage, errors: [404],
    handler: (ctx, { query }) => listTests(ctx, query),
  }),
  route({
    method: 'get', path: '/project/tests-count', resource: 'test', action: 'read', tag,
    summary: 'How many tests of a project match the filters',
    query: countTestsQuery, response: testCount, errors: [404],
    handler: (ctx, { query }) => countTests(ctx, query),
  }),
  route({
    method: 'get', path: '/test/details', resource: 'test', action: 'read', tag,
    summary: 'One test of a project',
    query: testInProjectQuery, response: testRecord, errors: [404],
    handler: (ctx, { query }) => getTest(ctx, query.projectId, query.testId),
  }),
  route({
    method: 'post', path: '/test/create', resource: 'test', action: 'create', tag,
    summary: 'Create a test; every referenced id must belong to the same project',
    body: createTestBody, response: testRecord, successStatus: 201, errors: [404, 409], idempotent: true,
    handler: (ctx, { body }) => createTest(ctx, body),
  }),
  route({
    method: 'put', path: '/test/update', resource: 'test', action: 'update', tag,
    summary: 'Change some fields of a test; labels, when given, replace its labels',
    body: updateTestBody, response: testRecord, errors: [404, 409],
    handler: (ctx, { body }) => updateTest(ctx, body),
  }),
  route({
    method: 'delete', path: '/test/delete', resource: 'test', action: 'delete', tag,
    summary: 'Remove a test from the catalog; runs and their history keep it',
    body: testIdBody, response: testDeleted, errors: [404, 409],
    handler: (ctx, { body }) => deleteTest(ctx, body.projectId, body.testId),
  }),
  route({
    method: 'post', path: '/test/bulk-add', resource: 'test', action: 'create', tag,
    summary: 'Create up to 5000 tests at once, all or none',
    body: bulkAddBody, response: testIdsResult, successStatus: 201, errors: [404, 409], idempotent: true,
    handler: (ctx, { body }) => bulkAddTests(ctx, body),
  }),
  route({
    method: 'put', path: '/test/bulk-update', resource: 'test', action: 'update', tag,
    summary: 'Change up to 5000 tests at once, all or none',
    body: bulkUpdateBody, response: testIdsResult, errors: [404, 409],
    handler: (ctx, { body }) => bulkUpdateTests(ctx, body),
  }),
  route({
    method: 'delete', path: '/test/bulk-delete', resource: 'test', action: 'delete', tag,
    summary: 'Remove up to 5000 tests from the catalog at once, all or none',
    body: bulkDeleteBody, response: testIdsResult, errors: [404, 409],
    handler: (ctx, { body }) => bulkDeleteTests(ctx, body),
  }),
  route({
    method: 'get', path: '/tests/download', resource: 'test', action: 'read', tag,
    summary: 'Export the (filtered) tests of a project as a JSON array or a CSV file with names instead of ids',
    query: exportTestsQuery, download: ['application/json', 'text/csv'], response: z.array(testRecord), errors: [404, 503],
    handler: (ctx, { query }) => exportTests(ctx, query),
  }),
  route({
    method: 'get', path: '/test/status-history', resource: 'test', action: 'read', tag,
    summary: 'Status changes of a test across all runs of its project, newest first',
    query: testInProjectQuery, response: z.array(statusHistoryEntry), errors: [404],
    handler: (ctx, { query }) => testStatusHistory(ctx, query.projectId, query.testId),
  }),
];
