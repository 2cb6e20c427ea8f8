import { limit, offset, projectId, tool } from './tool-spec';

// Tools that answer questions across runs: which tests are flaky, which never ran.

export const insightTools = [
  tool({
    name: 'get-test-stability',
    description:
      'Answer "which tests are flaky?", "which fail most?", "which never ran?" for a project in one call: each live test\'s record over the project\'s last runs ' +
      '(window, default 30): executions, passed, failed, flips between passed and failed, failureRate, last status/run/execution/failure, median and p95 time, ' +
      'flaky with its reasons (flips >= minFlips, passed and failed on one build commit, or flaky within a run). ' +
      'flakyOnly: true for the flaky tests; neverRun: true for tests without a result in the window (window "all": ever); staleDays for tests not run in N days. ' +
      'Sorted by flakiness (default), failureRate, duration or lastExecuted; a page at a time (limit/offset).',
    route: 'GET /project/test-stability',
    params: {
      projectId,
      window: 'How many of the project’s latest runs to count: 1 to 200 (default 30), or "all" with neverRun',
      flakyOnly: 'true: only the flaky tests',
      neverRun: 'true: only tests with no result in the window',
      staleDays: 'Only tests not executed in this many days (or never)',
      minFlips: 'Flips that make a test flaky (default 3)',
      sort: 'flakiness (default), failureRate, duration or lastExecuted',
      sectionId: 'Only this section and its subsections (get-sections)',
      labelId: 'Only tests with this label (get-labels)',
      limit,
      offset,
    },
    example: { projectId: 3, flakyOnly: true, limit: 20 },
  }),
];
