import { limit, offset, projectId, testId, tool } from './tool-spec';

// Tools that answer questions across runs: which tests are flaky, which never ran.

export const insightTools = [
  tool({
    name: 'get-test-stability',
    description:
      'Which tests are flaky, fail most or never ran, in one call: per test over the latest runs (window) its executions, failures, flips, failureRate, ' +
      'last status and failure, times, and whether it is flaky and why. flakyOnly, neverRun and staleDays filter.',
    route: 'GET /project/test-stability',
    params: {
      projectId,
      window: 'Latest runs to count, 1 to 200 (default 30), or "all" with neverRun',
      flakyOnly: 'true: only the flaky tests',
      neverRun: 'true: only tests with no result in the window',
      staleDays: 'Only tests not executed in this many days (or never)',
      minFlips: 'Flips that make a test flaky (default 3)',
      sort: 'Order of the list',
      sectionId: 'Only this section and its subsections',
      labelId: 'Only tests with this label',
      limit: 'Rows a page (default 25)',
      offset,
    },
    defaults: { limit: 25 },
    example: { projectId: 3, flakyOnly: true, limit: 20 },
  }),
  tool({
    name: 'get-run-comparison',
    description:
      'What changed between two runs, in one call: a run (default: the latest) against the previous comparable one: new_failure, fixed, still_failing, ' +
      'flaky_in_run, added and removed tests (10 of each; category with offset pages one), and its largest failure groups by message.',
    route: 'GET /run/compare',
    params: {
      projectId,
      runId: 'Default: the latest run',
      baseRunId: 'The run to compare with (default: the previous comparable run)',
      category: 'Only this category, paged: new_failure, fixed, still_failing, flaky_in_run, added or removed',
      perCategory: 'Tests listed per category (1 to 1000, default 10)',
      offset: 'With category: tests to skip',
      groups: 'Failure groups listed (0 to 50, default 10)',
    },
    defaults: { perCategory: 10, groups: 10 },
    example: { projectId: 3, runId: 9 },
  }),
  tool({
    name: 'get-project-dashboard',
    description:
      "A project's last days at a glance in one call: each run's pass rate and build, results per day, how many tests are flaky, failing, never run " +
      'and stale, the 10 flakiest and 10 slowest tests, execution coverage per top-level section, and the automated share.',
    route: 'GET /project/dashboard',
    params: { projectId, days: 'The period in days (1 to 365, default 30)' },
    example: { projectId: 3, days: 14 },
  }),
  tool({
    name: 'get-project-activity',
    description:
      'Who created, changed, deleted or ran what in a project since a moment: by person and kind, with the latest titles and the counts. ' +
      'Answers "what changed today?" in one call.',
    route: 'GET /project/activity',
    params: {
      projectId,
      since: 'From when: "yesterday", "today", "24h", "7d", "2026-01-31" or an ISO date-time',
      until: 'Up to when (default: now), in the same forms',
      userId: "Only this person's activity (get-project-members)",
      perKind: 'Records listed per person and kind (1 to 100, default 5)',
      people: 'People listed, most active first (1 to 100, default 20)',
    },
    defaults: { perKind: 5 },
    example: { projectId: 3, since: 'yesterday' },
  }),
  tool({
    name: 'get-test-executions',
    description:
      'Answer "how did this test do lately?" in one call: its latest results, newest first (a page at a time), one per run of the project in which it ran, ' +
      'with the run, the status, when it was recorded, the time taken and whether it was flaky within the run.',
    route: 'GET /test/executions',
    params: { projectId, testId, limit, offset },
    example: { projectId: 3, testId: 42 },
  }),
];
