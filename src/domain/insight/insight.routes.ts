import { route } from '../../core/route';
import { projectVersion } from '../projects/project-version';
import { stabilityPage, testStabilityQuery } from './insight.schemas';
import { testStability } from './stability.service';

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
];
