import { pageParams, queryBoolean, queryId, queryInt, z } from '../../core/schemas';
import { testStatus } from '../runs/runs.schemas';

const int = z.number().int();
const when = z.iso.datetime();

export const MAX_WINDOW = 200;
export const FLAKY_REASONS = ['flips', 'same_commit', 'flaky_in_run'] as const;
export type FlakyReason = (typeof FLAKY_REASONS)[number];
export const STABILITY_SORTS = ['flakiness', 'failureRate', 'duration', 'lastExecuted'] as const;
export type StabilitySort = (typeof STABILITY_SORTS)[number];

const windowParam = z
  .string()
  .regex(/^(all|[0-9]+)$/, `Expected a number of runs (1 to ${MAX_WINDOW}) or all`)
  .transform((v) => (v === 'all' ? ('all' as const) : Number(v)))
  .pipe(z.union([z.literal('all'), int.min(1, 'Must be at least 1').max(MAX_WINDOW, `Must be at most ${MAX_WINDOW}`)]))
  .meta({ example: '30' });

const { limit, offset } = pageParams(100);
export const testStabilityQuery = z
  .object({
    projectId: queryId,
    window: windowParam
      .prefault('30')
      .describe(`The project's last N runs (1 to ${MAX_WINDOW}, default 30) counted; all (with neverRun only): every run`),
    sectionId: queryId.optional().describe('Only the tests of this section and its subsections'),
    labelId: queryId.optional().describe('Only the tests carrying this label'),
    sort: z
      .enum(STABILITY_SORTS, `Expected ${STABILITY_SORTS.join(', ')}`)
      .prefault('flakiness')
      .describe(
        'flakiness (default): most flips first, then highest failure rate; failureRate: highest first; duration: slowest ' +
          'median first; lastExecuted: least recently executed first (never executed first). Ties by testId',
      ),
    flakyOnly: queryBoolean.prefault('false').describe('Only the tests found flaky'),
    minFlips: queryInt(1, MAX_WINDOW).default(3).describe('Flips within the window that make a test flaky (default 3)'),
    neverRun: queryBoolean.prefault('false').describe('Only the live tests without a result (other than untested) in the window'),
    staleDays: queryInt(1, 3650).optional().describe('Only the live tests not executed in this many days (or never)'),
    limit,
    offset,
  })
  .superRefine((q, ctx) => {
    if (q.window === 'all' && !q.neverRun) ctx.addIssue({ code: 'custom', path: ['window'], message: 'all is only for neverRun=true' });
  });
export type TestStabilityQuery = z.output<typeof testStabilityQuery>;

export const stabilityRecord = z.object({
  testId: int,
  title: z.string(),
  sectionId: int.nullable(),
  executions: int.describe('Results other than untested in the window'),
  passed: int,
  failed: int.describe('Failed and blocked results'),
  flips: int.describe('Changes between passed and failed (or blocked) from one such execution to the next'),
  possibleFlips: int.describe('executions − 1'),
  failureRate: z.number().describe('failed / executions (0 without executions), 4 decimals'),
  lastStatus: testStatus.nullable(),
  lastRunId: int.nullable(),
  lastExecutedAt: when.nullable(),
  lastFailedAt: when.nullable(),
  medianElapsedMs: int.nullable(),
  p95ElapsedMs: int.nullable(),
  flaky: z.boolean(),
  flakyReasons: z
    .array(z.enum(FLAKY_REASONS))
    .describe(
      'flips: at least minFlips; same_commit: passed and failed on one build commit; flaky_in_run: a rerun in one import passed and failed',
    ),
});

export const stabilityPage = z.object({
  tests: z.array(stabilityRecord),
  total: int,
  limit: int,
  offset: int,
  window: z
    .object({ runs: int, firstRunId: int.nullable(), lastRunId: int.nullable() })
    .describe('The runs counted: how many, the oldest and the newest'),
});

export const COMPARE_CATEGORIES = ['new_failure', 'fixed', 'still_failing', 'flaky_in_run', 'added', 'removed'] as const;
export type CompareCategory = (typeof COMPARE_CATEGORIES)[number];

export const MAX_GROUPS = 50;
export const compareRunsQuery = z.object({
  projectId: queryId,
  runId: queryId.optional().describe("The run to look at; default: the project's latest run"),
  baseRunId: queryId
    .optional()
    .describe(
      "The run to compare with; default: the project's latest earlier run sharing tests with this one (same build branch when it has one)",
    ),
  category: z
    .enum(COMPARE_CATEGORIES, `Expected ${COMPARE_CATEGORIES.join(', ')}`)
    .optional()
    .describe('Page through this category only; without it, the first perCategory tests of every category'),
  perCategory: queryInt(1, 1000).default(100).describe('Tests listed per category (default 100)'),
  offset: queryInt(0, Number.MAX_SAFE_INTEGER).default(0).describe('With category: the tests of it to skip'),
  groups: queryInt(0, MAX_GROUPS).default(MAX_GROUPS).describe(`Failure groups listed, most first (default and most ${MAX_GROUPS})`),
});
export type CompareRunsQuery = z.output<typeof compareRunsQuery>;

const comparedRun = z.object({ runId: int, runName: z.string(), branch: z.string().nullable() });
export const comparedTest = z.object({
  testId: int,
  title: z.string(),
  status: testStatus.nullable().describe('Its status in the run; null when removed'),
  baseStatus: testStatus.nullable().describe('Its status in the base run; null when added'),
  elapsedMs: int.nullable(),
  baseElapsedMs: int.nullable(),
  elapsedChangeMs: int.nullable().describe('elapsedMs − baseElapsedMs, when both are known'),
});
export const runComparison = z.object({
  run: comparedRun,
  base: comparedRun.nullable().describe('Null when the run has no earlier run to compare with'),
  totals: z.object(Object.fromEntries(COMPARE_CATEGORIES.map((c) => [c, int])) as Record<CompareCategory, typeof int>),
  tests: z
    .object(
      Object.fromEntries(COMPARE_CATEGORIES.map((c) => [c, z.array(comparedTest).optional()])) as Record<
        CompareCategory,
        z.ZodOptional<z.ZodArray<typeof comparedTest>>
      >,
    )
    .describe(
      'new_failure: passed in the base, failed or blocked now; fixed: failed or blocked in the base, passed now; still_failing: ' +
        'failed or blocked in both; flaky_in_run: passed and failed within this run; added: not in the base; removed: not in this run. ' +
        'A test may be in two (flaky_in_run and another). By test id; one category with `category`',
    ),
  failureGroups: z
    .array(
      z.object({
        signature: z
          .string()
          .describe('The first line of the failure message with its values replaced (<n>, <uuid>, <time>, <path>, <value>, <hex>)'),
        sample: z.string().describe('One message of the group, as written'),
        count: int,
        testIds: z.array(int).describe('The tests failing with it, the first 20 by id'),
        new: z.boolean().describe('No failure of the base run is in this group'),
      }),
    )
    .describe('The failed and blocked results of this run grouped by their message, most first (the first `groups`, default 50)'),
});

export const dashboardQuery = z.object({
  projectId: queryId,
  days: queryInt(1, 365).default(30).describe('The period: runs created and results recorded in the last N days (default 30)'),
});
export type DashboardQuery = z.output<typeof dashboardQuery>;

const statusCountsShape = { passed: int, failed: int, blocked: int, retest: int };
const shortTest = z.object({
  testId: int,
  title: z.string(),
  flips: int,
  failureRate: z.number(),
  medianElapsedMs: int.nullable(),
  flakyReasons: z.array(z.enum(FLAKY_REASONS)),
});
export const projectDashboard = z.object({
  days: int,
  runs: z
    .array(
      z.object({
        runId: int,
        runName: z.string(),
        createdAt: when,
        commit: z.string().nullable(),
        branch: z.string().nullable(),
        buildNumber: z.string().nullable(),
        total: int,
        ...statusCountsShape,
        untested: int,
        passRate: z.number().describe('passed / total, 4 decimals (0 for an empty run)'),
      }),
    )
    .describe('The runs created in the period (the latest 200), oldest first: the pass rate over time'),
  resultsPerDay: z
    .array(z.object({ date: z.string().describe('YYYY-MM-DD (UTC)'), ...statusCountsShape }))
    .describe('Current results by the day they were recorded (a result changed later counts on that later day), every day of the period'),
  counts: z.object({
    tests: int.describe('Live tests'),
    flaky: int,
    failing: int.describe('Tests whose last execution in the period failed or was blocked'),
    neverRun: int.describe('Live tests without an execution in the period’s runs'),
    stale: int.describe('Live tests not executed in the period'),
  }),
  flakiest: z.array(shortTest).describe('The 10 flakiest tests (most flips, then failure rate) among those with a flip or a flaky reason'),
  slowest: z.array(shortTest).describe('The 10 tests with the slowest median time'),
  coverage: z
    .array(z.object({ sectionId: int.nullable(), sectionName: z.string().nullable(), tests: int, executed: int, share: z.number() }))
    .describe(
      'Per top-level section (null: tests outside any section): its live tests, how many were executed in the period’s runs, and the share',
    ),
  automation: z.object({
    automated: int.describe('Live tests with an automation key (imported) or the automation status Automated'),
    manual: int,
    automatedShare: z.number(),
  }),
});

const executionsPaging = pageParams(30);
export const testExecutionsQuery = z.object({
  projectId: queryId,
  testId: queryId,
  limit: executionsPaging.limit.describe('Executions per page (default 30, the strip on the test case page)'),
  offset: executionsPaging.offset,
});
export type TestExecutionsQuery = z.output<typeof testExecutionsQuery>;

export const testExecution = z.object({
  runId: int,
  runName: z.string(),
  status: testStatus.describe('Its result in the run: never untested'),
  executedAt: when.describe('When the result was recorded'),
  elapsedMs: int.nullable(),
  flakyInRun: z.boolean().describe('It both failed and passed within the run’s import'),
});
export const executionsPage = z.object({ executions: z.array(testExecution), total: int, limit: int, offset: int });
