import type { Tx } from '../../../db/client';
import type { RequestContext } from '../../../core/context';
import type { TestStatusName } from '../../runs/runs.schemas';
import { emitEvent, subscribed } from '../emit';
import { EVENT_LIST_LIMIT, type ResultChange, type ResultsUpdatedData } from '../event-data';
import { eventRun, resultsBefore, runResults } from './data';

// results.updated: one event per request that writes results of a run (PUT /run/update-test-status,
// PUT /run/reset, POST /run/import-junit), listing the results written (each test once, its last
// status) with their status before, up to EVENT_LIST_LIMIT; past it, a count. The statuses
// before are read under the run's row lock, before the write, and only when a webhook listens:
// a write nobody listens to pays the one subscription read.

type Before = Map<number, { title: string; status: TestStatusName | null }>;

/** The statuses a write left, by test id; or one status every test of the run took (a reset). */
export type Written = Map<number, TestStatusName> | { all: TestStatusName };

export interface ResultsWatch {
  /** Whether a webhook listens (else `written` does nothing, and its statuses need not be gathered). */
  active: boolean;
  /** Emits the event for the results written in `runId`. */
  written(runId: number, statuses: Written): Promise<void>;
}

const idle: ResultsWatch = { active: false, written: async () => {} };

/** Each test once, at its last position in `ids`. */
function lastOfEach(ids: number[]): number[] {
  const last = new Map<number, number>();
  ids.forEach((id, i) => last.set(id, i));
  return [...last.entries()].sort((a, b) => a[1] - b[1]).map(([id]) => id);
}

/**
 * Call before writing results (under the run's row lock) with the run written to (null: a run
 * the write makes) and the tests about to be written: their ids (tests the write creates come
 * after), or all the run's `all` tests. Call `written` after the write.
 */
export async function watchResults(
  tx: Tx,
  ctx: RequestContext,
  place: { orgId: number; projectId: number },
  runId: number | null,
  tests: { ids: number[] } | { all: number },
): Promise<ResultsWatch> {
  const head = { type: 'results.updated' as const, orgId: place.orgId, projectId: place.projectId };
  if (!(await subscribed(tx, head))) return idle;
  let order = 'ids' in tests ? lastOfEach(tests.ids) : [];
  const size = 'ids' in tests ? order.length : tests.all;
  let before: Before = new Map();
  if (size <= EVENT_LIST_LIMIT && runId !== null) {
    if ('ids' in tests) before = await resultsBefore(tx, runId, order);
    else {
      const rows = await runResults(tx, runId);
      before = new Map(rows.map((r) => [r.testId, { title: r.title, status: r.status }]));
      order = rows.map((r) => r.testId);
    }
  }
  return {
    active: true,
    async written(writtenRunId, statuses) {
      const { runName, projectName } = await eventRun(tx, writtenRunId);
      const byId = statuses instanceof Map ? statuses : null;
      const total = Math.max(byId?.size ?? 0, size);
      const base = { runId: writtenRunId, runName, projectName, total };
      let data: ResultsUpdatedData = { ...base, truncated: true };
      if (total <= EVENT_LIST_LIMIT) {
        // The tests listed before the write, then those it created; a test with no status before
        // (created, or new to the run) gets its title now.
        const listed = new Set(order);
        const ids = [...order.filter((id) => !byId || byId.has(id)), ...(byId ? [...byId.keys()].filter((id) => !listed.has(id)) : [])];
        const untitled = ids.filter((id) => !before.has(id));
        const titles = untitled.length ? await resultsBefore(tx, null, untitled) : new Map<number, { title: string }>();
        const results: ResultChange[] = ids.map((testId) => ({
          testId,
          title: (before.get(testId) ?? titles.get(testId))?.title ?? '',
          status: byId ? byId.get(testId)! : (statuses as { all: TestStatusName }).all,
          previousStatus: before.get(testId)?.status ?? null,
        }));
        data = { ...base, truncated: false, results };
      }
      await emitEvent(tx, ctx, { ...head, data: { ...data } });
    },
  };
}
