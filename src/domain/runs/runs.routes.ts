import { route } from '../../core/route';
import { z } from '../../core/schemas';
import { openRunReport } from '../../reports/run-report';
import { RUN_REPORT_CONTENT_TYPES, runReportDownload } from '../../reports/run-report-download';
import {
  addedCount, addTestsBody, createRunBody, editRunBody, historyEntry, listRunsQuery, removedCount, removeTestsBody, resetCount, runDeleted, runIdBody,
  runPage, runQuery, runRecord, runReport, runReportQuery, runTestHistoryQuery, runTestPage,
  runTestsQuery, sectionCounts, stateDetail, updatedCount, updateStatusBody,
} from './runs.schemas';
import { createRun, deleteRun, editRun, getRun, getStateDetail, listRuns } from './runs.service';
import { lockRun, unlockRun } from './run-lock.service';
import { addTests, removeTests, resetRun, updateTestStatuses } from './run-results.service';
import { getRunSectionCounts } from './run-sections.service';
import { getRunTestHistory, listRunTests } from './run-tests.service';

const tag = 'Runs';

export const runRoutes = [
  route({
    method: 'get', path: '/runs', resource: 'run', action: 'read', tag,
    summary: 'List the runs of a project, newest first, each with its status counts',
    query: listRunsQuery, response: runPage, errors: [404],
    handler: (ctx, { query }) => listRuns(ctx, query),
  }),
  route({
    method: 'get', path: '/run/detail', resource: 'run', action: 'read', tag,
    summary: 'One run with its status counts and lock state',
    query: runQuery, response: runRecord, errors: [404],
    handler: (ctx, { query }) => getRun(ctx, query.runId, query.projectId),
  }),
  route({
    method: 'post', path: '/run/create', resource: 'run', action: 'create', tag,
    summary: 'Create a run of up to 50,000 tests, listed (testIds) or selected (sectionIds, labelIds, priorityIds or allTests); every test starts untested',
    body: createRunBody, response: runRecord, successStatus: 201, errors: [404, 409], idempotent: true,
    handler: (ctx, { body }) => createRun(ctx, body),
  }),
  route({
    method: 'put', path: '/run/edit', resource: 'run', action: 'update', tag,
    summary: 'Rename a run or change its description (423 when locked)',
    body: editRunBody, response: runRecord, errors: [404, 409, 423],
    handler: (ctx, { body }) => editRun(ctx, body),
  }),
  route({
    method: 'delete', path: '/run/delete', resource: 'run', action: 'delete', tag,
    summary: 'Delete a run with its results and history (locked runs too)',
    body: runIdBody, response: runDeleted, errors: [404, 409],
    handler: (ctx, { body }) => deleteRun(ctx, body.runId, body.projectId),
  }),
  route({
    method: 'get', path: '/run/tests', resource: 'run', action: 'read', tag,
    summary: 'The tests of a run by test id, each with its status and comment; optionally only one status',
    query: runTestsQuery, response: runTestPage, errors: [404],
    handler: (ctx, { query }) => listRunTests(ctx, query),
  }),
  route({
    method: 'get', path: '/run/test-status', resource: 'run', action: 'read', tag,
    summary: 'The tests of a run with the given status (all when absent), by test id, paged like GET /run/tests',
    query: runTestsQuery, response: runTestPage, errors: [404],
    handler: (ctx, { query }) => listRunTests(ctx, query),
  }),
  route({
    method: 'get', path: '/run/state-detail', resource: 'run', action: 'read', tag,
    summary: 'Counts of the five statuses, the total and the lock state of a run',
    query: runQuery, response: stateDetail, errors: [404],
    handler: (ctx, { query }) => getStateDetail(ctx, query.runId, query.projectId),
  }),
  route({
    method: 'get', path: '/run/section-counts', resource: 'run', action: 'read', tag,
    summary: 'Counts of the five statuses per section of a run (sections holding tests of it, in tree order; tests without a section first)',
    query: runQuery, response: z.array(sectionCounts), errors: [404],
    handler: (ctx, { query }) => getRunSectionCounts(ctx, query.runId, query.projectId),
  }),
  route({
    method: 'get', path: '/run/test-status-history', resource: 'run', action: 'read', tag,
    summary: 'History of one test in one run, newest first (kept after the test leaves the run)',
    query: runTestHistoryQuery, response: z.array(historyEntry), errors: [404],
    handler: (ctx, { query }) => getRunTestHistory(ctx, query.runId, query.testId),
  }),
  route({
    method: 'put', path: '/run/update-test-status', resource: 'run', action: 'update-status', tag,
    summary: 'Set statuses and comments of tests in a run (up to 5000, all or nothing); each change is kept in the history',
    body: updateStatusBody, response: updatedCount, errors: [404, 409, 423], idempotent: true,
    handler: (ctx, { body }) => updateTestStatuses(ctx, body),
  }),
  route({
    method: 'put', path: '/run/lock', resource: 'run', action: 'lock', tag,
    summary: 'Lock a run, recording who and when, and freeze what its tests show (title, section path, priority, squad, labels) '
      + 'as they are now; locking a locked run is 423',
    body: runIdBody, response: runRecord, errors: [404, 409, 423],
    handler: (ctx, { body }) => lockRun(ctx, body.runId, body.projectId),
  }),
  route({
    method: 'put', path: '/run/unlock', resource: 'run', action: 'unlock', tag,
    summary: 'Reopen a locked run (Admin): lockedBy and lockedAt cleared, its tests show the live catalog again; '
      + 'unlocking an open run is 409 Run is not locked',
    body: runIdBody, response: runRecord, errors: [404, 409],
    handler: (ctx, { body }) => unlockRun(ctx, body.runId, body.projectId),
  }),
  route({
    method: 'put', path: '/run/reset', resource: 'run', action: 'reset', tag,
    summary: 'Set every test of a run to retest (comments cleared), with a history entry each',
    body: runIdBody, response: resetCount, errors: [404, 409, 423],
    handler: (ctx, { body }) => resetRun(ctx, body.runId, body.projectId),
  }),
  route({
    method: 'put', path: '/run/add-tests', resource: 'run', action: 'add-tests', tag,
    summary: 'Add live tests of the project to an open run as untested (up to 50,000 in the run); tests already in it keep their status and comment',
    body: addTestsBody, response: addedCount, errors: [404, 409, 423], idempotent: true,
    handler: (ctx, { body }) => addTests(ctx, body),
  }),
  route({
    method: 'put', path: '/run/remove-tests', resource: 'run', action: 'remove-tests', tag,
    summary: 'Remove tests from a run (each must be in it); their history in the run stays',
    body: removeTestsBody, response: removedCount, errors: [404, 409, 423],
    handler: (ctx, { body }) => removeTests(ctx, body),
  }),
  route({
    method: 'get', path: '/run/report', resource: 'run', action: 'read', tag,
    summary: 'Report of a run as a file: json (default; { run, project, summary, tests }), html or pdf',
    query: runReportQuery, download: RUN_REPORT_CONTENT_TYPES, response: runReport, errors: [404, 503],
    handler: async (ctx, { query }) => runReportDownload(await openRunReport(ctx, query.runId, query.projectId), query.format),
  }),
];
