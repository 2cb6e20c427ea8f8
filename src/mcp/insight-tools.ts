import { limit, offset, projectId, testId, tool } from './tool-spec';

// Tools that answer questions across runs: which tests are flaky, which never ran.

export const insightTools = [
  tool({
    name: 'get-test-stability',
    description:
      'Answer "which tests are flaky?", "which fail most?", "which never ran?" for a project in one call: each live test\'s record over the project\'s last runs ' +
      '(window, default 30): executions, passed, failed, flips between passed and failed, failureRate, last status/run/execution/failure, median and p95 time, ' +
      'flaky with its reasons (flips >= minFlips, passed and failed on one build commit, or flaky within a run). ' +
      'flakyOnly: true for the flaky tests; neverRun: true for tests without a result in the window (window "all": ever); staleDays for tests not run in N days. ' +
      'Sorted by flakiness (default), failureRate, duration or lastExecuted; a page at a time (limit/offset, 25 rows unless limit says more).',
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
      limit: 'Rows of the page (default 25, at most 1000)',
      offset,
    },
    defaults: { limit: 25 },
    example: { projectId: 3, flakyOnly: true, limit: 20 },
  }),
  tool({
    name: 'get-run-comparison',
    description:
      'Answer "what failed in the latest run that passed before?" in one call: compares a run (default: the project\'s latest) with its base (default: the latest earlier run sharing tests, ' +
      'on the same build branch) and lists new_failure, fixed, still_failing, flaky_in_run, added and removed tests with both statuses and the time change, ' +
      "totals per category (the first 10 tests of each), and the run's 10 largest failure groups by normalized message (new groups marked). " +
      'category with offset pages through one category.',
    route: 'GET /run/compare',
    params: {
      projectId,
      runId: "Run id (default: the project's latest run; get-runs lists them)",
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
      'Answer "who changed what today?" in one call: who created, changed or deleted tests, created runs, recorded results, or locked, reset or ' +
      'deleted what in a project since a moment (until now, or until), by person (most active first) and kind, each with its latest records by ' +
      'title (tests, runs), how many acts, and the count of the rest. since/until: an ISO date or date-time, today, yesterday, or an age (24h, 7d).',
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
