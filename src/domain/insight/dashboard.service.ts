import type { RequestContext } from '../../core/context';
import { requireProject } from '../access';
import { FLAKY_BIT, liveTestFacts, readDigests, runsSince, runsWithResultsSince, STATUS_CODE, testNames, type RunDigest } from './data';
import type { DashboardQuery } from './insight.schemas';
import { order } from './stability.service';
import { firstBy, positionsIn, StabilityCounter } from './stability';

// GET /project/dashboard: a project's last days at a glance, from its runs' counters and digests.

const DAY_MS = 86_400_000;
const MAX_RUNS = 200;
const TOP = 10;
const MIN_FLIPS = 3;
const round = (x: number) => Math.round(x * 10000) / 10000;

// In STATUS_CODE's order from 1; module constants rather than imported bindings in the loop.
const TALLIED = ['passed', 'failed', 'blocked', 'retest'] as const;
const FLAKY = FLAKY_BIT;
const UNTESTED = STATUS_CODE.untested;

/** Current results per day of the period (UTC days, oldest first), tallied from digests of runs with results in it. */
class DailyResults {
  private readonly firstDay: number;
  private readonly counts: Uint32Array;
  constructor(private readonly days: number) {
    this.firstDay = Math.floor(Date.now() / DAY_MS) - (days - 1);
    this.counts = new Uint32Array(days * TALLIED.length);
  }

  /** Adds the digest's executions at or after `cutoff` (seconds), and marks their tests (`at`: positionsIn) in `fresh`. */
  add(d: RunDigest, at: Int32Array, cutoff: number, fresh: Uint8Array): void {
    for (let i = 0; i < d.size; i++) {
      const code = d.statuses[i] & ~FLAKY;
      const when = d.executedAt[i];
      if (code === UNTESTED || when < cutoff) continue;
      const day = Math.floor(when / 86_400) - this.firstDay;
      if (day >= 0 && day < this.days) this.counts[day * TALLIED.length + code - 1] += 1;
      if (at[i] >= 0) fresh[at[i]] = 1;
    }
  }

  rows() {
    return Array.from({ length: this.days }, (_, day) => ({
      date: new Date((this.firstDay + day) * DAY_MS).toISOString().slice(0, 10),
      ...Object.fromEntries(TALLIED.map((name, k) => [name, this.counts[day * TALLIED.length + k]])),
    })) as ({ date: string } & Record<(typeof TALLIED)[number], number>)[];
  }
}

export async function projectDashboard(ctx: RequestContext, q: DashboardQuery) {
  await requireProject(ctx, q.projectId);
  const since = new Date(Date.now() - q.days * DAY_MS);
  const [runs, facts, recent] = await Promise.all([
    runsSince(ctx.db, q.projectId, since, MAX_RUNS),
    liveTestFacts(ctx.db, q.projectId),
    runsWithResultsSince(ctx.db, q.projectId, since),
  ]);
  // One read of each digest: the period's runs (oldest first) feed the counters, the runs with
  // results in the period (mostly the same runs) the results per day and the stale tests.
  const counter = new StabilityCounter(facts.testIds, runs.length);
  const inWindow = new Map(runs.map((run, i) => [run.runId, i]));
  const withRecent = new Set(recent.map((r) => r.runId));
  const daily = new DailyResults(q.days);
  const fresh = new Uint8Array(counter.size);
  const cutoff = Math.floor(since.getTime() / 1000);
  for await (const d of readDigests(ctx.db, [
    ...runs.map((r) => r.runId),
    ...recent.map((r) => r.runId).filter((id) => !inWindow.has(id)),
  ])) {
    const at = positionsIn(counter.ids, d);
    const w = inWindow.get(d.runId);
    if (w !== undefined) counter.add(runs[w], d, at);
    if (withRecent.has(d.runId)) daily.add(d, at, cutoff, fresh);
  }
  const resultsPerDay = daily.rows();

  const all = Array.from(facts.testIds, (_, t) => t);
  const flaky = all.filter((t) => counter.isFlakyAt(t, MIN_FLIPS));
  const flakiest = firstBy(
    all.filter((t) => counter.flipsAt(t) > 0 || counter.isFlakyAt(t, MIN_FLIPS)),
    order(counter, 'flakiness'),
    TOP,
  );
  const slowest = firstBy(
    all.filter((t) => counter.medianAt(t) !== null),
    order(counter, 'duration'),
    TOP,
  );
  const titles = await testNames(
    ctx.db,
    [...flakiest, ...slowest].map((t) => facts.testIds[t]),
  );
  const short = (t: number) => {
    const row = counter.row(t, MIN_FLIPS);
    return {
      testId: row.testId,
      title: titles.get(row.testId)?.title ?? '',
      flips: row.flips,
      failureRate: row.failureRate,
      medianElapsedMs: row.medianElapsedMs,
      flakyReasons: row.flakyReasons,
    };
  };

  const sections = new Map<number | null, { sectionId: number | null; sectionName: string | null; tests: number; executed: number }>();
  for (let t = 0; t < facts.testIds.length; t++) {
    const rootId = facts.roots[t] || null;
    const name = rootId === null ? null : (facts.rootNames.get(rootId) ?? null);
    const s = sections.get(rootId) ?? { sectionId: rootId, sectionName: name, tests: 0, executed: 0 };
    s.tests += 1;
    if (counter.executionsAt(t) > 0) s.executed += 1;
    sections.set(rootId, s);
  }
  const automated = facts.automated.reduce((n, a) => n + a, 0);
  const testCount = facts.testIds.length;
  return {
    days: q.days,
    runs: runs.map(({ passed, failed, blocked, retest, untested, ...run }) => {
      const total = passed + failed + blocked + retest + untested;
      return { ...run, total, passed, failed, blocked, retest, untested, passRate: total ? round(passed / total) : 0 };
    }),
    resultsPerDay,
    counts: {
      tests: testCount,
      flaky: flaky.length,
      failing: all.filter((t) => {
        const last = counter.lastStatusAt(t);
        return last === 'failed' || last === 'blocked';
      }).length,
      neverRun: all.filter((t) => counter.executionsAt(t) === 0).length,
      stale: all.filter((t) => !fresh[t]).length,
    },
    flakiest: flakiest.map(short),
    slowest: slowest.map(short),
    coverage: [...sections.values()]
      .sort((a, b) => (a.sectionName === null ? -1 : b.sectionName === null ? 1 : a.sectionName.localeCompare(b.sectionName)))
      .map((s) => ({ ...s, share: s.tests ? round(s.executed / s.tests) : 0 })),
    automation: { automated, manual: testCount - automated, automatedShare: testCount ? round(automated / testCount) : 0 },
  };
}
