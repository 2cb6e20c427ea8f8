import type { RequestContext } from '../../core/context';
import { requireProject } from '../access';
import { liveTestIdsOf, readDigests, runsWithResultsSince, testNames, windowRuns } from './data';
import type { StabilitySort, TestStabilityQuery } from './insight.schemas';
import { markExecuted, positionsIn, StabilityCounter, type WindowRun } from './stability';

// GET /project/test-stability: every live test's stability over the project's last runs, from
// the runs' digests (data/digests.ts), filtered, sorted and paged in memory (50,000 tests fit).

const DAY_MS = 86_400_000;

/** Per test index: executed at or after `since` in any run whose results changed since then. */
async function executedSince(ctx: RequestContext, counter: StabilityCounter, projectId: number, since: Date): Promise<Uint8Array> {
  const fresh = new Uint8Array(counter.size);
  const runs = await runsWithResultsSince(ctx.db, projectId, since);
  for await (const d of readDigests(
    ctx.db,
    runs.map((r) => r.runId),
  ))
    markExecuted(fresh, d, positionsIn(counter.ids, d), Math.floor(since.getTime() / 1000));
  return fresh;
}

export function order(counter: StabilityCounter, sort: StabilitySort): (a: number, b: number) => number {
  const byId = (a: number, b: number) => a - b;
  switch (sort) {
    case 'flakiness':
      return (a, b) => counter.flipsAt(b) - counter.flipsAt(a) || counter.failureRateAt(b) - counter.failureRateAt(a) || byId(a, b);
    case 'failureRate':
      return (a, b) =>
        counter.failureRateAt(b) - counter.failureRateAt(a) || counter.executionsAt(b) - counter.executionsAt(a) || byId(a, b);
    case 'duration': {
      const median = (t: number) => counter.medianAt(t) ?? -1;
      return (a, b) => median(b) - median(a) || byId(a, b);
    }
    case 'lastExecuted':
      return (a, b) => counter.lastExecutedAt(a) - counter.lastExecutedAt(b) || byId(a, b);
  }
}

/** The tests' counters over these runs (oldest first), read from the runs' digests. */
export async function countRuns(ctx: RequestContext, tests: Int32Array, runs: WindowRun[]): Promise<StabilityCounter> {
  const counter = new StabilityCounter(tests, runs.length);
  let r = 0;
  for await (const d of readDigests(
    ctx.db,
    runs.map((run) => run.runId),
  )) {
    while (runs[r].runId !== d.runId) r++;
    counter.add(runs[r], d);
  }
  return counter;
}

export async function testStability(ctx: RequestContext, q: TestStabilityQuery) {
  await requireProject(ctx, q.projectId);
  const [tests, runs] = await Promise.all([
    liveTestIdsOf(ctx.db, q.projectId, { sectionId: q.sectionId, labelId: q.labelId }),
    windowRuns(ctx.db, q.projectId, q.window),
  ]);
  const counter = await countRuns(ctx, tests, runs);
  const fresh =
    q.staleDays === undefined ? undefined : await executedSince(ctx, counter, q.projectId, new Date(Date.now() - q.staleDays * DAY_MS));

  const shown: number[] = [];
  for (let t = 0; t < counter.size; t++) {
    if (q.flakyOnly && !counter.isFlakyAt(t, q.minFlips)) continue;
    if (q.neverRun && counter.executionsAt(t) > 0) continue;
    if (fresh && fresh[t]) continue;
    shown.push(t);
  }
  shown.sort(order(counter, q.sort));
  const page = shown.slice(q.offset, q.offset + q.limit).map((t) => counter.row(t, q.minFlips));
  const names = await testNames(
    ctx.db,
    page.map((row) => row.testId),
  );
  return {
    tests: page.map(({ testId, ...row }) => {
      const name = names.get(testId);
      return { testId, title: name?.title ?? '', sectionId: name?.sectionId ?? null, ...row };
    }),
    total: shown.length,
    limit: q.limit,
    offset: q.offset,
    window: { runs: runs.length, firstRunId: runs[0]?.runId ?? null, lastRunId: runs.at(-1)?.runId ?? null },
  };
}
