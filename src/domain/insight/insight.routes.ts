import { route } from '../../core/route';
import { projectVersion } from '../projects/project-version';
import {
  compareRunsQuery,
  dashboardQuery,
  projectDashboard as dashboardResult,
  runComparison,
  stabilityPage,
  executionsPage,
  testExecutionsQuery,
  testStabilityQuery,
} from './insight.schemas';
import { projectDashboard } from './dashboard.service';
import { compareRuns } from './compare.service';
import { testStability } from './stability.service';
import { testExecutions } from './executions.service';

export const insightRoutes = [
  route({
    method: 'get',
    path: '/project/test-stability',
    resource: 'run',
    action: 'read',
    tag: 'Insight',
    summary:
      "Each live test's stability over the project's last runs (window, default 30): executions, passes, failures, flips " +
      'between passed and failed, failure rate, last execution and failure, median and p95 time, and whether it is flaky ' +
      '(flips ≥ minFlips, passed and failed on one build commit, or flaky within a run). flakyOnly, neverRun and staleDays ' +
      'narrow the list; sorted by flakiness, failureRate, duration or lastExecuted; paged by limit/offset',
    query: testStabilityQuery,
    response: stabilityPage,
    caching: { etag: projectVersion, answerCache: true },
    handler: (ctx, { query }) => testStability(ctx, query),
  }),
  route({
    method: 'get',
    path: '/run/compare',
    resource: 'run',
    action: 'read',
    tag: 'Insight',
    summary:
      'What changed between a run and a base run (default: the latest earlier run sharing tests, on the same build branch): ' +
      'new failures, fixed, still failing, flaky within the run, added and removed tests with both statuses and the time ' +
      "change, totals per category, and the run's failures grouped by their normalized message (new groups marked)",
    query: compareRunsQuery,
    response: runComparison,
    caching: { etag: projectVersion, answerCache: true },
    handler: (ctx, { query }) => compareRuns(ctx, query),
  }),
  route({
    method: 'get',
    path: '/project/dashboard',
    resource: 'run',
    action: 'read',
    tag: 'Insight',
    summary:
      "A project's last days at a glance: the pass rate of each run (with its build), results per day, how many tests are flaky, " +
      'failing, never run and stale, the 10 flakiest and 10 slowest tests, execution coverage per top-level section, and the ' +
      'automated share',
    query: dashboardQuery,
    response: dashboardResult,
    // Not tagged: its days move with the clock, not only with the project's writes.
    handler: (ctx, { query }) => projectDashboard(ctx, query),
  }),
  route({
    method: 'get',
    path: '/test/executions',
    resource: 'test',
    action: 'read',
    tag: 'Insight',
    summary:
      "A test's executions, newest first (paged by limit/offset, default 30): one per run of the project in which it has a result other than " +
      'untested, with the run, the status, when it was recorded, the time taken and whether it was flaky within the run',
    query: testExecutionsQuery,
    response: executionsPage,
    caching: { etag: projectVersion },
    handler: (ctx, { query }) => testExecutions(ctx, query),
  }),
];
