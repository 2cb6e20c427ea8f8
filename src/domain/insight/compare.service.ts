import type { RequestContext } from '../../core/context';
import { badRequest, notFound } from '../../core/errors';
import { requireProject } from '../access';
import {
  defaultBase,
  failureLines,
  latestRunId,
  FLAKY_BIT,
  NO_ELAPSED,
  readDigests,
  runHead,
  STATUS_CODE,
  testNames,
  type RunDigest,
} from './data';
import { failureSignature, firstLine } from './failure-signature';
import { COMPARE_CATEGORIES, type CompareCategory, type CompareRunsQuery } from './insight.schemas';
import type { TestStatusName } from '../runs/runs.schemas';

// GET /run/compare: what changed between a run and its base, from both runs' digests, and the
// run's failures grouped by message.

const NAMES: TestStatusName[] = ['untested', 'passed', 'failed', 'blocked', 'retest'];
const GROUP_TESTS = 20;

interface Side {
  status: number;
  elapsed: number;
}

/** The digest as test id → status and elapsed time. */
function sides(d: RunDigest | undefined): Map<number, Side> {
  const out = new Map<number, Side>();
  if (!d) return out;
  for (let i = 0; i < d.size; i++) out.set(d.testIds[i], { status: d.statuses[i], elapsed: d.elapsedMs[i] });
  return out;
}

const failing = (code: number) => code === STATUS_CODE.failed || code === STATUS_CODE.blocked;

/** The categories a test falls in, from its sides in the run (`now`) and the base. */
function categoriesOf(now: Side | undefined, base: Side | undefined, hasBase: boolean): CompareCategory[] {
  const out: CompareCategory[] = [];
  if (now && now.status & FLAKY_BIT) out.push('flaky_in_run');
  if (!hasBase) return out;
  if (!now) return ['removed'];
  if (!base) return [...out, 'added'];
  const n = now.status & ~FLAKY_BIT;
  const b = base.status & ~FLAKY_BIT;
  if (b === STATUS_CODE.passed && failing(n)) out.push('new_failure');
  else if (failing(b) && n === STATUS_CODE.passed) out.push('fixed');
  else if (failing(b) && failing(n)) out.push('still_failing');
  return out;
}

async function failureGroups(ctx: RequestContext, runId: number, baseRunId: number | null, limit: number) {
  const [lines, baseLines] = await Promise.all([failureLines(ctx.db, runId), baseRunId === null ? [] : failureLines(ctx.db, baseRunId)]);
  const known = new Set(baseLines.map((l) => failureSignature(l.line)));
  const groups = new Map<string, { signature: string; sample: string; count: number; testIds: number[] }>();
  for (const { testId, line } of lines) {
    const signature = failureSignature(line);
    if (!signature) continue;
    const g = groups.get(signature) ?? { signature, sample: firstLine(line), count: 0, testIds: [] };
    g.count += 1;
    g.testIds.push(testId);
    groups.set(signature, g);
  }
  return [...groups.values()]
    .sort((a, b) => b.count - a.count || a.signature.localeCompare(b.signature))
    .slice(0, limit)
    .map((g) => ({
      ...g,
      testIds: g.testIds.sort((a, b) => a - b).slice(0, GROUP_TESTS),
      new: baseRunId !== null && !known.has(g.signature),
    }));
}

export async function compareRuns(ctx: RequestContext, q: CompareRunsQuery) {
  await requireProject(ctx, q.projectId);
  const runId = q.runId ?? (await latestRunId(ctx.db, q.projectId));
  const run = runId === undefined ? undefined : await runHead(ctx.db, q.projectId, runId);
  if (!run) throw notFound('Run');
  let base = null;
  if (q.baseRunId !== undefined) {
    if (q.baseRunId === run.runId) throw badRequest('baseRunId: Must be another run than runId');
    base = (await runHead(ctx.db, q.projectId, q.baseRunId)) ?? null;
    if (!base) throw notFound('Run');
  } else base = (await defaultBase(ctx.db, { ...run, projectId: q.projectId })) ?? null;

  const digests = new Map<number, RunDigest>();
  for await (const d of readDigests(ctx.db, base ? [run.runId, base.runId] : [run.runId])) digests.set(d.runId, d);
  const now = sides(digests.get(run.runId));
  const then = sides(base ? digests.get(base.runId) : undefined);

  const members = new Map<CompareCategory, number[]>(COMPARE_CATEGORIES.map((c) => [c, []]));
  const ids = [...new Set([...now.keys(), ...then.keys()])].sort((a, b) => a - b);
  for (const id of ids) for (const c of categoriesOf(now.get(id), then.get(id), base !== null)) members.get(c)!.push(id);

  const shown = (q.category ? [q.category] : COMPARE_CATEGORIES).map(
    (c) => [c, members.get(c)!.slice(q.category ? q.offset : 0, (q.category ? q.offset : 0) + q.perCategory)] as const,
  );
  const names = await testNames(ctx.db, [...new Set(shown.flatMap(([, list]) => list))]);
  const row = (id: number) => {
    const a = now.get(id);
    const b = then.get(id);
    const ms = (s: Side | undefined) => (s && s.elapsed !== NO_ELAPSED ? s.elapsed : null);
    const elapsedMs = ms(a);
    const baseElapsedMs = ms(b);
    return {
      testId: id,
      title: names.get(id)?.title ?? '',
      status: a ? NAMES[a.status & ~FLAKY_BIT] : null,
      baseStatus: b ? NAMES[b.status & ~FLAKY_BIT] : null,
      elapsedMs,
      baseElapsedMs,
      elapsedChangeMs: elapsedMs !== null && baseElapsedMs !== null ? elapsedMs - baseElapsedMs : null,
    };
  };
  return {
    run,
    base,
    totals: Object.fromEntries(COMPARE_CATEGORIES.map((c) => [c, members.get(c)!.length])) as Record<CompareCategory, number>,
    tests: Object.fromEntries(shown.map(([c, list]) => [c, list.map(row)])),
    failureGroups: await failureGroups(ctx, run.runId, base?.runId ?? null, q.groups),
  };
}
