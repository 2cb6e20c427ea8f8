import { buildQueryFields } from '../runs/run-build';
import { nonBlank, queryBoolean, queryId, z } from '../../core/schemas';
import type { JUnitOutcome } from './junit-case';
import type { TestStatusName } from '../runs/runs.schemas';

// Query and answer of POST /run/import-junit; the body is the report itself (a raw body).

/** The largest report accepted, once decoded (gzip is counted inflated). */
export const MAX_JUNIT_BYTES = 50 * 2 ** 20;
export const JUNIT_CONTENT_TYPES = ['application/xml', 'text/xml'];

/**
 * Testcases one import reads at most (attempts, so reruns count): four times a
 * run's size leaves room for reruns and unmatched cases, and bounds what a
 * 50 MiB file of tiny testcases would hold in memory.
 */
export const MAX_JUNIT_CASES = 200_000;

export const JUNIT_OUTCOMES = [
  'passed',
  'failure',
  'error',
  'skipped',
  'todo',
  'pending',
  'xfail',
] as const satisfies readonly JUnitOutcome[];
/** What a testcase may be recorded as: any of the five statuses (untested: recorded in history with its reason). */
export const IMPORT_STATUSES = ['passed', 'failed', 'blocked', 'retest', 'untested'] as const satisfies readonly TestStatusName[];
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export type StatusMap = Record<JUnitOutcome, ImportStatus>;

/** A test that did not run is not re-test work: skipped, todo and pending stay untested (the reason as the comment). */
export const DEFAULT_STATUS_MAP: StatusMap = {
  passed: 'passed',
  failure: 'failed',
  error: 'failed',
  skipped: 'untested',
  todo: 'untested',
  pending: 'untested',
  xfail: 'passed',
};
const DEFAULT_MAP_TEXT = Object.entries(DEFAULT_STATUS_MAP)
  .map(([o, s]) => `${o}:${s}`)
  .join(',');

/** How testcases name the tests they are (trcli's case matcher). */
export const CASE_MATCHERS = ['auto', 'name', 'property'] as const;
export type CaseMatcher = (typeof CASE_MATCHERS)[number];

/** `skipped:retest,error:blocked` → the default map with those outcomes overridden; every fault is an issue. */
function parseStatusMap(text: string, ctx: z.RefinementCtx): StatusMap {
  const map = { ...DEFAULT_STATUS_MAP };
  const seen = new Set<string>();
  for (const raw of text.split(',')) {
    const pair = raw.trim();
    if (pair === '') continue;
    const [outcome, status, ...rest] = pair.split(':').map((s) => s.trim());
    const fault =
      status === undefined || rest.length > 0
        ? `"${pair}" is not outcome:status`
        : !(JUNIT_OUTCOMES as readonly string[]).includes(outcome)
          ? `"${outcome}" is not an outcome (${JUNIT_OUTCOMES.join(', ')})`
          : !(IMPORT_STATUSES as readonly string[]).includes(status)
            ? `"${status}" is not a status (${IMPORT_STATUSES.join(', ')})`
            : seen.has(outcome)
              ? `"${outcome}" is mapped twice`
              : null;
    if (fault) ctx.addIssue({ code: 'custom', message: fault });
    else {
      seen.add(outcome);
      map[outcome as JUnitOutcome] = status as ImportStatus;
    }
  }
  return map;
}

export const importJUnitQuery = z
  .object({
    projectId: queryId,
    runId: queryId.optional().describe('An open run of the project to record the results in (423 when locked); not with runName'),
    runName: nonBlank(200).optional().describe('Name of the new run to create (default `JUnit import <ISO time>`); not with runId'),
    createMissing: queryBoolean
      .prefault('false')
      .describe(
        'Create a test for each testcase that matches none (in sections named after its testsuites; ' +
          'needs the permission to create tests too); otherwise it is reported as unmatched',
      ),
    caseMatcher: z
      .enum(CASE_MATCHERS, { error: () => `Expected one of: ${CASE_MATCHERS.join(', ')}` })
      .prefault('auto')
      .describe(
        'How a testcase names its test. `auto` (default): a casebook_id / test_id property, else its key (the full path in the ' +
          'report: suites or file, classname, name and Playwright project); names are never read as ids, so `test_x[C4]` is a ' +
          'parameter. `name`: also `[C123]` / `C123_` tokens in the name are ids (stripped from created titles); others match by key. ' +
          '`property`: only the properties; a testcase without one is unmatched (never created)',
      ),
    dryRun: queryBoolean.prefault('false').describe('Match and count only: nothing is written, and the answer carries the mapping'),
    // The run's CI build: set on the new run, or on the given run (fields not given are kept).
    ...buildQueryFields,
    statusMap: z
      .string()
      .max(500, 'At most 500 characters')
      .transform(parseStatusMap)
      .optional()
      .describe(
        `Overrides of outcome → status as \`outcome:status\` pairs, comma-separated, e.g. \`skipped:blocked,error:retest\`. ` +
          `Outcomes: ${JUNIT_OUTCOMES.join(', ')}; statuses: ${IMPORT_STATUSES.join(', ')}. ` +
          `Default: ${DEFAULT_MAP_TEXT}. todo, pending and xfail are <skipped> elements by type (node/jest todo, mocha pending, ` +
          `pytest xfail); a skipped element wins over a failure in the same testcase`,
      ),
  })
  .superRefine((q, ctx) => {
    if (q.runId !== undefined && q.runName !== undefined) {
      ctx.addIssue({ code: 'custom', path: ['runName'], message: 'Give runId or runName, not both' });
    }
  })
  .meta({
    example: {
      projectId: 1,
      runName: 'Nightly build 1234',
      createMissing: 'true',
      dryRun: 'false',
      statusMap: 'skipped:blocked,error:failed',
    },
  });
export type ImportJUnitQuery = z.output<typeof importJUnitQuery>;

const count = (description: string) => z.number().int().min(0).describe(description);

export const IMPORT_ACTIONS = ['matched', 'created', 'unmatched', 'unknown'] as const;
export type ImportAction = (typeof IMPORT_ACTIONS)[number];

export const importMappingEntry = z.object({
  name: z.string().describe('testcase@name of its first testcase'),
  classname: z.string().nullable(),
  key: z
    .string()
    .nullable()
    .describe("The test's key (full path in the report: suites or file, classname.name, [project]); null when matched by id"),
  testId: z
    .number()
    .int()
    .nullable()
    .describe('matched: the test; unknown: the id the report names; created (a dry run creates nothing) and unmatched: null'),
  action: z.enum(IMPORT_ACTIONS),
  status: z
    .enum(IMPORT_STATUSES)
    .describe('Its result: the worst of its repetitions, each the last attempt (for unmatched and unknown: what it would have been)'),
});

/** Files one multipart import may send beside its report. */
export const MAX_IMPORT_FILES = 1000;
/** The part names of a multipart import: the report, and the files it names. */
export const REPORT_PART = 'report';
export const FILE_PART = 'file';
/** Missing files listed in an answer at most. */
export const MISSING_LISTED = 1000;

export const importAttachments = z
  .object({
    attached: count(
      'Files attached to the results of the tests whose testcases name them (a file named by several tests counts for each; in a dry run: would be)',
    ),
    missing: z
      .array(
        z.object({ testcase: z.string().describe('classname.name of the testcase'), path: z.string().describe('As the report names it') }),
      )
      .describe(`Paths a recorded testcase names that no file sent matches (at most ${MISSING_LISTED} listed): not an error`),
    unused: z.array(z.string()).describe('Paths of files sent that no recorded testcase names: not stored'),
  })
  .describe('A multipart import only: what became of the files its testcases name');

export const importJUnitResult = z.object({
  runId: z.number().int().nullable().describe('The run written to; null only in a dry run that would create one'),
  projectId: z.number().int(),
  total: count(
    'Distinct Casebook tests the report names: matched + created + unmatched + unknown. A test run several times ' +
      '(reruns, repetitions) counts once; a testcase naming several ids counts once per id',
  ),
  testcases: count('<testcase> elements in the report'),
  tests: count("Distinct tests in the report (distinct keys); compare with the producer's summary"),
  repetitions: count(
    'Testcases repeating the key of an earlier one without a rerun element: merged into its result, worst outcome wins. ' +
      "pytest's setup/teardown errors (a second testcase of the test) are merged too, but not counted here",
  ),
  reruns: count('Rerun attempts (flakyFailure, flakyError, rerunFailure, rerunError elements): each in history, the final outcome counts'),
  keysMoved: count('Tests found by their old automationKey (`classname.name`) whose key moves to the full key (in a dry run: would move)'),
  matched: count('Existing tests matched by id or automationKey'),
  created: count('Tests created (createMissing; in a dry run: would be created)'),
  unmatched: count('Distinct keys matching no test, skipped without createMissing'),
  unknown: count("Distinct ids named that are no live test of the project (another project's, deleted, nonexistent): never created"),
  passed: count('Matched and created tests whose result is passed'),
  failed: count('Matched and created tests whose result is failed'),
  retest: count('Matched and created tests whose result is retest'),
  blocked: count('Matched and created tests whose result is blocked'),
  untested: count('Matched and created tests whose result is untested (by default skipped, todo, pending)'),
  passedOnRetry: count('Flaky tests: passed in the end after an attempt that did not (the result says so)'),
  elapsedMs: count(
    "Sum of the matched and created tests' elapsed times in milliseconds; a test's is the sum of its attempts and repetitions",
  ),
  attachments: importAttachments.optional(),
  mapping: z
    .array(importMappingEntry)
    .optional()
    .describe('Dry run only: one entry per distinct test, in order of first appearance in the report'),
});
export type ImportJUnitResult = z.infer<typeof importJUnitResult>;

// The progress of an import, for the client waiting for its answer: it names an id
// of its own in the X-Import-Progress header and polls GET /run/import-progress.

export const IMPORT_PROGRESS_HEADER = 'x-import-progress';

/** What an import is doing: matching its testcases to tests, writing its results, done (answered) or failed. */
export const IMPORT_PHASES = ['matching', 'writing', 'done', 'failed'] as const;
export type ImportPhase = (typeof IMPORT_PHASES)[number];

export const importProgressHeaders = z.object({
  [IMPORT_PROGRESS_HEADER]: z
    .uuid({ error: () => `${IMPORT_PROGRESS_HEADER} must be a UUID` })
    .optional()
    .meta({
      param: {
        example: '0b7c9f3e-6f5d-4c1e-9a38-2f1d7c5e8a41',
        description:
          'A random UUID (crypto.randomUUID) the client names this import by: while it waits for the answer it may poll ' +
          'GET /run/import-progress with it to see the phase and counts. Not a UUID: 400, before the body is read',
      },
    }),
});

export const importProgressQuery = z.object({
  projectId: queryId,
  progressId: z.uuid({ error: () => 'progressId must be a UUID' }).describe('The X-Import-Progress id the import was sent with'),
});
export type ImportProgressQuery = z.infer<typeof importProgressQuery>;

export const importProgressResult = z
  .object({
    progressId: z.string(),
    phase: z
      .enum(IMPORT_PHASES)
      .describe(
        'matching: the report is read, its testcases are matched to tests; writing: results are written; done: answered; failed: refused or rolled back',
      ),
    done: z.number().int().describe('Testcases matched, or results written, so far'),
    total: z.number().int().describe('Testcases of the report (matching), results to write (writing and done)'),
    updatedAt: z.string().describe('When the phase or count last moved (ISO 8601)'),
  })
  .meta({
    example: {
      progressId: '0b7c9f3e-6f5d-4c1e-9a38-2f1d7c5e8a41',
      phase: 'writing',
      done: 60000,
      total: 100000,
      updatedAt: '2026-11-26T15:40:12.345Z',
    },
  });
export type ImportProgressResult = z.infer<typeof importProgressResult>;
