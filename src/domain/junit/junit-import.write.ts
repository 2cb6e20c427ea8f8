import type { Tx } from '../../db/client';
import { insertRunRow } from '../runs/data';
import { recordAttempts, type AttemptRows } from '../runs/data/import';
import { tooManyTests } from '../runs/run-test-sources';
import { MAX_RUN_TESTS } from '../runs/runs.schemas';
import { ensureSectionPaths } from '../sections/data/import';
import { insertImportedTests } from '../testcases/data/import';
import type { Report } from './junit-import.collect';
import type { Matching, Outcome } from './junit-import.match';

// Step 3, inside the import's one transaction: sections and tests to create,
// the run when it is new, then every attempt of the matched and created tests.
// A fixed number of statements (one per section depth), whatever the report's size.

export interface WriteTarget {
  projectId: number;
  userId: number;
  /** The existing run (locked for the transaction by the caller), or the name of the one to create. */
  run: { runId: number } | { runName: string };
}

/** Creates the `created` outcomes' tests, in sections made of their first attempt's suites; their ids by automation key. */
async function createTests(tx: Tx, target: WriteTarget, report: Report, created: Outcome[]): Promise<Map<string, number>> {
  if (created.length === 0) return new Map();
  const usedPaths = [...new Set(created.map((o) => report.attempts[o.attempts[0]].path))];
  const sectionIds = await ensureSectionPaths(tx, target.projectId, usedPaths.map((p) => report.paths[p]));
  const sectionOf = new Map(usedPaths.map((p, i) => [p, sectionIds[i]]));
  return insertImportedTests(tx, target.projectId, target.userId, created.map((o) => {
    const first = report.attempts[o.attempts[0]];
    return { title: first.title, sectionId: sectionOf.get(first.path) ?? null, automationKey: o.key! };
  }));
}

/** Every attempt of the recorded tests as rows in file order (a testcase naming several tests: one row each). */
function attemptRows(report: Report, recorded: { testId: number; attempts: number[] }[]): AttemptRows {
  const order = recorded.flatMap((r) => r.attempts.map((attempt) => ({ attempt, testId: r.testId })));
  order.sort((x, y) => x.attempt - y.attempt || x.testId - y.testId);
  const rows: AttemptRows = { testIds: [], statuses: [], comments: [], elapsedMs: [] };
  for (const { attempt, testId } of order) {
    const a = report.attempts[attempt];
    rows.testIds.push(testId);
    rows.statuses.push(a.status);
    rows.comments.push(a.comment);
    rows.elapsedMs.push(a.elapsedMs);
  }
  return rows;
}

/** Writes the import; returns the run's id. */
export async function writeImport(tx: Tx, target: WriteTarget, report: Report, matching: Matching): Promise<number> {
  const recordedOutcomes = matching.outcomes.filter((o) => o.action === 'matched' || o.action === 'created');
  if ('runName' in target.run && recordedOutcomes.length > MAX_RUN_TESTS) throw tooManyTests();
  const createdIds = await createTests(tx, target, report, matching.outcomes.filter((o) => o.action === 'created'));
  const runId = 'runId' in target.run ? target.run.runId
    : (await insertRunRow(tx, { projectId: target.projectId, runName: target.run.runName, runDescription: null, createdBy: target.userId })).runId;
  const recorded = recordedOutcomes.map((o) => ({ testId: o.testId ?? createdIds.get(o.key!)!, attempts: o.attempts }));
  if (recorded.length > 0) {
    const { total } = await recordAttempts(tx, runId, target.userId, attemptRows(report, recorded));
    if (total > MAX_RUN_TESTS) throw tooManyTests();
  }
  return runId;
}
