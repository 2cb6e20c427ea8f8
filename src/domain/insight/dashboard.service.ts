import type { RequestContext } from '../../core/context';
import { requireProject } from '../access';
import { FLAKY_BIT, liveTestFacts, readDigests, runsSince, runsWithResultsSince, STATUS_CODE, testNames } from './data';
import type { DashboardQuery } from './insight.schemas';
import { countRuns, order } from './stability.service';
import type { StabilityCounter } from './stability';

// GET /project/dashboard: a project's last days at a glance, from its runs' counters and digests.

const DAY_MS = 86_400_000;
const MAX_RUNS = 200;
const TOP = 10;
const MIN_FLIPS = 3;
const round = (x: number) => Math.round(x * 10000) / 10000;
const dayOf = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

/** Current results per day of the period, and which tests were executed in it, from the digests of runs changed in it. */
async function recentResults(ctx: RequestContext, counter: StabilityCounter, projectId: number, since: Date, days: number) {
  const perDay = new Map<string, { passed: number; failed: number; blocked: number; retest: number }>();
  for (let i = days - 1; i >= 0; i--)
    perDay.set(new Date(Date.now() - i * DAY_MS).toISOString().slice(0, 10), { passed: 0, failed: 0, blocked: 0, retest: 0 });
  const fresh = new Uint8Array(counter.size);
  const cutoff = Math.floor(since.getTime() / 1000);
  const runs = await runsWithResultsSince(ctx.db, projectId, since);
  const names = {
    [STATUS_CODE.passed]: 'passed',
    [STATUS_CODE.failed]: 'failed',
    [STATUS_CODE.blocked]: 'blocked',
    [STATUS_CODE.retest]: 'retest',
  } as const;
  for await (const d of readDigests(
    ctx.db,
    runs.map((r) => r.runId),
  )) {
    for (let i = 0; i < d.size; i++) {
      const code = d.status(i) & ~FLAKY_BIT;
      const at = d.executedAt(i);
      if (code === STATUS_CODE.untested || at < cutoff) continue;
      const day = perDay.get(dayOf(at));
      if (day) day[names[code as keyof typeof names]] += 1;
      const t = counter.indexOf(d.testId(i));
      if (t >= 0) fresh[t] = 1;
    }
  }
  return { resultsPerDay: [...perDay].map(([date, counts]) => ({ date, ...counts })), fresh };
}

export async function projectDashboard(ctx: RequestContext, q: DashboardQuery) {
  await requireProject(ctx, q.projectId);
  const since = new Date(Date.now() - q.days * DAY_MS);
  const [runs, facts] = await Promise.all([runsSince(ctx.db, q.projectId, since, MAX_RUNS), liveTestFacts(ctx.db, q.projectId)]);
  const counter = await countRuns(ctx, facts.testIds, runs);
  const { resultsPerDay, fresh } = await recentResults(ctx, counter, q.projectId, since, q.days);

  const all = Array.from(facts.testIds, (_, t) => t);
  const flaky = all.filter((t) => counter.flakyReasonsAt(t, MIN_FLIPS).length > 0);
  const flakiest = all
    .filter((t) => counter.flipsAt(t) > 0 || counter.flakyReasonsAt(t, MIN_FLIPS).length > 0)
    .sort(order(counter, 'flakiness'))
    .slice(0, TOP);
  const slowest = all
    .filter((t) => counter.medianAt(t) !== null)
    .sort(order(counter, 'duration'))
    .slice(0, TOP);
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
