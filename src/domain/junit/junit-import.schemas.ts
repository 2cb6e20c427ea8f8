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

export const JUNIT_OUTCOMES = ['passed', 'failure', 'error', 'skipped'] as const satisfies readonly JUnitOutcome[];
/** What a testcase may be recorded as: every status but untested (a result is never "not run yet"). */
export const IMPORT_STATUSES = ['passed', 'failed', 'blocked', 'retest'] as const satisfies readonly TestStatusName[];
export type ImportStatus = (typeof IMPORT_STATUSES)[number];
export type StatusMap = Record<JUnitOutcome, ImportStatus>;

export const DEFAULT_STATUS_MAP: StatusMap = { passed: 'passed', failure: 'failed', error: 'failed', skipped: 'retest' };

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
    dryRun: queryBoolean.prefault('false').describe('Match and count only: nothing is written, and the answer carries the mapping'),
    statusMap: z
      .string()
      .max(500, 'At most 500 characters')
      .transform(parseStatusMap)
      .optional()
      .describe(
        `Overrides of outcome → status as \`outcome:status\` pairs, comma-separated, e.g. \`skipped:blocked,error:retest\`. ` +
          `Outcomes: ${JUNIT_OUTCOMES.join(', ')}; statuses: ${IMPORT_STATUSES.join(', ')}. ` +
          `Default: passed:passed, failure:failed, error:failed, skipped:retest`,
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
  testId: z
    .number()
    .int()
    .nullable()
    .describe('matched: the test; unknown: the id the report names; created (a dry run creates nothing) and unmatched: null'),
  action: z.enum(IMPORT_ACTIONS),
  status: z.enum(IMPORT_STATUSES).describe('The status of its last attempt (for unmatched and unknown: what it would have been)'),
});

export const importJUnitResult = z.object({
  runId: z.number().int().nullable().describe('The run written to; null only in a dry run that would create one'),
  projectId: z.number().int(),
  total: count(
    'Distinct tests the report names: matched + created + unmatched + unknown. A test run several times ' +
      '(reruns) counts once; a testcase naming several ids counts once per id',
  ),
  matched: count('Existing tests matched by id or automationKey'),
  created: count('Tests created (createMissing; in a dry run: would be created)'),
  unmatched: count('Distinct automation keys (`classname.name`) matching no test, skipped without createMissing'),
  unknown: count("Distinct ids named that are no live test of the project (another project's, deleted, nonexistent): never created"),
  passed: count('Matched and created tests whose last attempt is passed'),
  failed: count('Matched and created tests whose last attempt is failed'),
  retest: count('Matched and created tests whose last attempt is retest'),
  blocked: count('Matched and created tests whose last attempt is blocked'),
  passedOnRetry: count('Tests whose last attempt passed after an earlier attempt that did not'),
  elapsedMs: count('Total `time` of the last attempts of the matched and created tests, in milliseconds'),
  mapping: z
    .array(importMappingEntry)
    .optional()
    .describe('Dry run only: one entry per distinct test, in order of first appearance in the report'),
});
export type ImportJUnitResult = z.infer<typeof importJUnitResult>;
