import type { RequestContext } from '../../core/context';
import type { DbOrTx } from '../../db/client';
import { matrixCells, optionNames, planAssigneeCounts, planRunRows, planTestCount, problemTestCount, type PlanRunRow } from './data';
import { planRunOf, toPlanRecord } from './plan-shape';
import { requirePlan } from './plans.service';
import type { PlanDetail } from './plans.schemas';
import type { TestStatusName } from '../runs/runs.schemas';

// A plan's detail: the plan, its runs with their counts, results per assignee, and a page of
// its matrix: one row per test, one column per configuration its runs are on.

/** The distinct configurations of the runs in the order they first come, named by their options (an option deleted since: "#id"). */
async function columnsOf(db: DbOrTx, runs: PlanRunRow[]) {
  const keys = [...new Map(runs.map((r) => [r.configuration.join(','), r.configuration])).values()];
  const names = new Map((await optionNames(db, [...new Set(keys.flat())])).map((o) => [o.optionId, o.name]));
  const columns = keys.map((optionIds) => ({ optionIds, label: optionIds.map((id) => names.get(id) ?? `#${id}`).join(', ') }));
  const columnOfRun = new Map(runs.map((r) => [r.runId, keys.findIndex((k) => k.join(',') === r.configuration.join(','))]));
  return { columns, columnOfRun };
}

/** A page of the matrix: each test's status per column, from the newest run of that column holding it. */
async function matrixPage(
  db: DbOrTx,
  runIds: number[],
  columnOfRun: Map<number, number>,
  width: number,
  page: { limit: number; offset: number; onlyProblems?: boolean },
) {
  if (!runIds.length) return { tests: [], total: 0, ...page };
  const [cells, total] = await Promise.all([
    matrixCells(db, runIds, page),
    page.onlyProblems ? problemTestCount(db, runIds) : planTestCount(db, runIds),
  ]);
  const rows = new Map<number, { testId: number; title: string; statuses: (TestStatusName | null)[] }>();
  for (const c of cells) {
    const row = rows.get(c.testId) ?? { testId: c.testId, title: c.title, statuses: Array<TestStatusName | null>(width).fill(null) };
    // Cells come by run id: a newer run of the same configuration overwrites an older one.
    row.statuses[columnOfRun.get(c.runId) ?? 0] = c.status;
    rows.set(c.testId, row);
  }
  return { tests: [...rows.values()], total, limit: page.limit, offset: page.offset };
}

export async function getPlanDetail(
  ctx: RequestContext,
  q: { projectId: number; planId: number; limit: number; offset: number; onlyProblems?: boolean },
): Promise<PlanDetail> {
  const plan = await requirePlan(ctx, q.projectId, q.planId);
  const runs = await planRunRows(ctx.db, plan.planId);
  const runIds = runs.map((r) => r.runId);
  const { columns, columnOfRun } = await columnsOf(ctx.db, runs);
  const [assignees, matrix] = await Promise.all([
    runIds.length ? planAssigneeCounts(ctx.db, runIds) : [],
    matrixPage(ctx.db, runIds, columnOfRun, columns.length, q),
  ]);
  return { ...toPlanRecord(plan), runs: runs.map(planRunOf), configurations: columns, assignees, matrix };
}
