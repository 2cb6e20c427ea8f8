import type { Tx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import type { RunFill, ScopedRunRow } from '../runs/data';
import type { TestStatusName } from '../runs/runs.schemas';
import { emitTestsChanged } from '../webhooks/emitters/catalog-events';
import { eventRun, runFill } from '../webhooks/emitters/data';
import { emitEvent } from '../webhooks/emit';
import { watchResults, type ResultsWatch } from '../webhooks/emitters/results-events';
import { emitIfCompleted, emitRunsCreated, fillOf } from '../webhooks/emitters/run-events';
import type { JUnitImportData } from '../webhooks/event-data';
import type { Report } from './collect-report';
import type { ImportJUnitResult } from './junit-import.schemas';
import { settle, type Matching, type Outcome } from './match-report';

// The webhook events of a JUnit import, in its transaction: the run made (run.created), the
// results written (results.updated), the tests created or whose automation key moved
// (tests.changed), the run completed by it (run.completed), and import.completed.

export interface ImportWatch {
  place: { orgId: number; projectId: number };
  results: ResultsWatch;
  before: RunFill;
  /** The run imported into, if it existed. */
  runId: number | undefined;
}

/** Before the write: the matched tests' statuses in an existing run (when a webhook listens), and the run's fill. */
export async function watchImport(
  tx: Tx,
  ctx: RequestContext,
  place: ImportWatch['place'],
  run: ScopedRunRow | undefined,
  matching: Matching,
): Promise<ImportWatch> {
  const matched = matching.outcomes.flatMap((o) => (o.action === 'matched' && o.testId !== null ? [o.testId] : []));
  const results = await watchResults(tx, ctx, place, run?.runId ?? null, { ids: matched });
  return { place, results, before: run ? fillOf(run) : { total: 0, untested: 0 }, runId: run?.runId };
}

/** After the write: every event of the import. */
export async function emitImportEvents(
  tx: Tx,
  ctx: RequestContext,
  watch: ImportWatch,
  written: { runId: number; recorded: { testId: number; outcome: Outcome }[] },
  report: Report,
  matching: Matching,
  result: ImportJUnitResult,
): Promise<void> {
  const { place } = watch;
  const newRun = watch.runId === undefined;
  if (newRun) await emitRunsCreated(tx, ctx, place, [written.runId]);
  if (watch.results.active) {
    const statuses = new Map<number, TestStatusName>(written.recorded.map((r) => [r.testId, settle(report, r.outcome).status]));
    await watch.results.written(written.runId, statuses);
  }
  await emitTestsChanged(tx, ctx, place, {
    created: written.recorded.filter((r) => r.outcome.action === 'created').map((r) => r.testId),
    updated: matching.outcomes.flatMap((o) => (o.moved && o.testId !== null ? [o.testId] : [])),
  });
  await emitIfCompleted(tx, ctx, { ...place, runId: written.runId }, watch.before, await runFill(tx, written.runId));
  await emitEvent(tx, ctx, {
    type: 'import.completed',
    ...place,
    data: async () => {
      const { projectId: _p, ...run } = await eventRun(tx, written.runId);
      const data: JUnitImportData = {
        source: 'junit',
        projectName: run.projectName,
        run,
        newRun,
        tests: {
          total: result.total,
          matched: result.matched,
          created: result.created,
          unmatched: result.unmatched,
          unknown: result.unknown,
        },
        results: {
          passed: result.passed,
          failed: result.failed,
          blocked: result.blocked,
          retest: result.retest,
          untested: result.untested,
          passedOnRetry: result.passedOnRetry,
        },
        elapsedMs: result.elapsedMs,
      };
      return { ...data };
    },
  });
}
