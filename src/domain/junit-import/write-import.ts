import type { buildColumns } from '../runs/run-build';
import type { Tx } from '../../db/client';
import { insertRunRow } from '../runs/data';
import { recordAttempts, type AttemptRows } from '../runs/data/import';
import { tooManyTests } from '../runs/run-test-sources';
import { MAX_RUN_TESTS } from '../runs/runs.schemas';
import { ensureSectionPaths } from '../sections/data/import';
import { insertImportedTests, moveAutomationKeys } from '../test-cases/data/import';
import { titleOf, type Report } from './collect-report';
import { settle, type Matching, type Outcome } from './match-report';

// Step 3, inside the import's one transaction: keys to move, sections and tests to
// create, the run when it is new, then the results of the matched and created tests:
// per test its earlier attempts (history only), then its result (settle()).
// Set-based statements: one per section depth, and one per CHUNK tests created
// and attempts recorded. CHUNK bounds what the statements' parameters hold in
// memory: Prisma's debug histories keep, logged or not, the JSON text of the last
// 25 or so raw queries' parameters (@prisma/client) and the parsed parameters of
// about as many (the pg adapter); at 10,000 rows a 100,000-test import held over
// 60 MB there, at 500 a few MB, for about 400 statements (bench:junit: 13-16 s
// either way). Every column is one array parameter, so no statement comes near
// PostgreSQL's 65,535 bind parameters.

const CHUNK = 500;

export interface WriteTarget {
  projectId: number;
  userId: number;
  /** The existing run (locked for the transaction by the caller), or the name of the one to create. */
  run: { runId: number } | { runName: string };
  /** The run's build columns to set (run-build.ts); none when the import gives no build. */
  build: ReturnType<typeof buildColumns>;
}

/** Creates the `created` outcomes' tests, in sections made of their first attempt's suites; their ids, in that order. */
async function createTests(tx: Tx, target: WriteTarget, report: Report, created: Outcome[], stripIds: boolean): Promise<number[]> {
  if (created.length === 0) return [];
  const usedPaths = [...new Set(created.map((o) => report.attempts[o.attempts[0]].path))];
  const sectionIds = await ensureSectionPaths(
    tx,
    target.projectId,
    usedPaths.map((p) => report.paths[p]),
  );
  const sectionOf = new Map(usedPaths.map((p, i) => [p, sectionIds[i]]));
  const ids: number[] = [];
  for (let i = 0; i < created.length; i += CHUNK) {
    const chunk = created.slice(i, i + CHUNK).map((o) => {
      const first = report.attempts[o.attempts[0]];
      return { title: titleOf(first, stripIds), sectionId: sectionOf.get(first.path) ?? null, automationKey: o.key! };
    });
    for (const id of await insertImportedTests(tx, target.projectId, target.userId, chunk)) ids.push(id);
  }
  return ids;
}

/**
 * Each recorded test's rows: its earlier attempts, then its result; tests in order of first
 * appearance, in chunks of at most CHUNK rows, each with the number of tests written once it is.
 */
function* attemptRows(report: Report, recorded: { testId: number; outcome: Outcome }[]): Generator<[AttemptRows, number]> {
  const empty = (): AttemptRows => ({ testIds: [], statuses: [], comments: [], elapsedMs: [], defects: [] });
  let rows = empty();
  const push = (testId: number, status: string, comment: string | null, elapsedMs: number | null, defects: readonly string[]) => {
    rows.testIds.push(testId);
    rows.statuses.push(status);
    rows.comments.push(comment);
    rows.elapsedMs.push(elapsedMs);
    rows.defects.push(defects);
  };
  let tests = 0;
  for (const { testId, outcome } of recorded) {
    tests += 1;
    const result = settle(report, outcome);
    for (const i of result.earlier) {
      const a = report.attempts[i];
      push(testId, a.status, a.comment, a.elapsedMs, a.defects);
    }
    push(testId, result.status, result.comment, result.elapsedMs, result.defects);
    if (rows.testIds.length >= CHUNK) {
      yield [rows, tests];
      rows = empty();
    }
  }
  if (rows.testIds.length > 0) yield [rows, tests];
}

const isRecorded = (o: Outcome) => o.action === 'matched' || o.action === 'created';

/** A new run of these results would hold no more than a run may (400 otherwise). */
export function requireRunSize(matching: Matching): void {
  if (matching.outcomes.filter(isRecorded).length > MAX_RUN_TESTS) throw tooManyTests();
}

/**
 * Writes the import (a new run's size checked by the caller with requireRunSize); returns the run's id
 * and the recorded tests (matched and created) with their ids.
 * `written` hears how many of the recorded tests' results are written, after each chunk.
 */
export async function writeImport(
  tx: Tx,
  target: WriteTarget,
  report: Report,
  matching: Matching,
  written: (done: number, total: number) => Promise<void> = async () => {},
): Promise<{ runId: number; recorded: { testId: number; outcome: Outcome }[] }> {
  const recordedOutcomes = matching.outcomes.filter(isRecorded);
  const created = matching.outcomes.filter((o) => o.action === 'created');
  const moves = matching.outcomes.filter((o) => o.moved);
  await moveAutomationKeys(
    tx,
    target.projectId,
    moves.map((o) => ({ testId: o.testId!, key: o.key! })),
  );
  const ids = await createTests(tx, target, report, created, matching.matcher === 'name');
  const createdIds = new Map(created.map((o, i) => [o, ids[i]]));
  const runId =
    'runId' in target.run
      ? target.run.runId
      : (
          await insertRunRow(tx, {
            projectId: target.projectId,
            runName: target.run.runName,
            runDescription: null,
            createdBy: target.userId,
            ...target.build,
          })
        ).runId;
  const recorded = recordedOutcomes.map((o) => ({ testId: o.testId ?? createdIds.get(o)!, outcome: o }));
  // Chunks in order: each sees the results of the ones before, so a test's result (its last row) ends current.
  let total = 0;
  await written(0, recorded.length);
  for (const [rows, tests] of attemptRows(report, recorded)) {
    total = (await recordAttempts(tx, runId, target.userId, rows)).total;
    await written(tests, recorded.length);
  }
  if (total > MAX_RUN_TESTS) throw tooManyTests();
  return { runId, recorded };
}
