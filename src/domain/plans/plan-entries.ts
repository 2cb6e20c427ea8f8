import type { Prisma } from '../../generated/prisma/client';
import type { Tx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { badRequest } from '../../core/errors';
import { requireMembers } from '../assignment/assignment.service';
import { distribute } from '../assignment/distribute';
import { entriesMessage, runTestSource } from '../runs/run-test-sources';
import { assignedListSql, fillPlanRuns, insertPlanRuns, projectOptions, sourceTestsInTreeOrder, type OptionRow } from './data';
import { MAX_PLAN_RESULTS, MAX_PLAN_RUNS, type PlanEntryInput } from './plans.schemas';

// A plan's entries, from request to runs: each entry's tests (listed or selected, checked and
// counted), its configuration combinations (options of the project, one per group), who is
// assigned, and then its runs, all made by one statement per entry (data/create.ts).

/** An entry checked and ready to write: its source of tests, their number, and its runs' configurations. */
export interface PreparedEntry {
  source: Prisma.Sql;
  tests: number;
  combos: { optionIds: number[]; label: string }[];
  assignee: { column: true } | { id: number | null };
}

const planTooLarge = (what: string) => badRequest(what, 'plan_too_large');

/** The options each combination names, checked: options of the project, at most one of each group. Ordered by group. */
async function checkCombinations(tx: Tx, projectId: number, entries: PlanEntryInput[], at: (i: number) => string) {
  const ids = [...new Set(entries.flatMap((e) => e.configurations?.flat() ?? []))];
  const options = new Map<number, OptionRow & { order: number }>();
  (await projectOptions(tx, projectId, ids)).forEach((o, order) => options.set(o.optionId, { ...o, order }));
  const errors: string[] = [];
  const combos = entries.map((e, i) =>
    (e.configurations ?? []).map((combo, j) => {
      const path = `${at(i)}configurations.${j}`;
      const missing = combo.filter((id) => !options.has(id));
      missing.forEach((id) => errors.push(`${path}: Option ${id} is not a configuration option of the project`));
      const rows = combo.flatMap((id) => options.get(id) ?? []).sort((a, b) => a.order - b.order);
      rows.forEach((o, k) => {
        if (k > 0 && rows[k - 1].groupId === o.groupId)
          errors.push(`${path}: ${rows[k - 1].name} and ${o.name} are both ${o.groupName} options; a combination takes one per group`);
      });
      return { optionIds: rows.map((o) => o.optionId), label: rows.map((o) => o.name).join(', ') };
    }),
  );
  if (errors.length) throw badRequest(entriesMessage(errors), errors[0].includes('both') ? 'validation_failed' : 'invalid_reference');
  return combos;
}

/** Who gets the entry's tests: one member (or nobody) for all, or a split of them in tree order (the same in every run). */
async function entryAssignee(tx: Tx, projectId: number, e: PlanEntryInput, source: Prisma.Sql, path: string) {
  if (e.assignTo === undefined) return { source, assignee: { id: null } };
  const users = Array.isArray(e.assignTo) ? e.assignTo : [e.assignTo];
  await requireMembers(tx, projectId, users, (i) => (Array.isArray(e.assignTo) ? `${path}assignTo.${i}` : `${path}assignTo`));
  if (!Array.isArray(e.assignTo)) return { source, assignee: { id: e.assignTo } };
  const tests = await sourceTestsInTreeOrder(tx, projectId, source);
  const split = distribute(
    tests.map((t) => ({ item: t.testId, block: t.sectionId })),
    e.assignTo,
  );
  const listed = assignedListSql(
    split.map((s) => s.item),
    split.map((s) => s.assigneeId),
  );
  return { source: listed, assignee: { column: true } as const };
}

/**
 * Checks the entries and reads what writing them needs, refusing (400) unknown ids, empty
 * selections, and a plan that would pass MAX_PLAN_RUNS runs or MAX_PLAN_RESULTS results with
 * `existing` (a plan's runs and results so far). `at(i)` is the path of entry i in the request.
 */
export async function prepareEntries(
  tx: Tx,
  projectId: number,
  entries: PlanEntryInput[],
  existing: { runs: number; results: number },
  at: (i: number) => string,
): Promise<PreparedEntry[]> {
  const combos = await checkCombinations(tx, projectId, entries, at);
  const runs = existing.runs + combos.reduce((n, c) => n + Math.max(1, c.length), 0);
  if (runs > MAX_PLAN_RUNS) throw planTooLarge(`a plan holds at most ${MAX_PLAN_RUNS} runs; this one would hold ${runs}`);
  const prepared: PreparedEntry[] = [];
  let results = existing.results;
  for (const [i, e] of entries.entries()) {
    const { source, tests } = await runTestSource(tx, projectId, e, at(i));
    results += tests * Math.max(1, combos[i].length);
    if (results > MAX_PLAN_RESULTS) throw planTooLarge(`a plan holds at most ${MAX_PLAN_RESULTS} results; this one would hold more`);
    const assigned = await entryAssignee(tx, projectId, e, source, at(i));
    prepared.push({ ...assigned, tests, combos: combos[i].length ? combos[i] : [{ optionIds: [], label: '' }] });
  }
  return prepared;
}

/** A run's name: the plan's, then its options; a name the plan already has gets " (2)", " (3)"… */
function runName(planName: string, label: string, taken: Set<string>): string {
  const base = (label ? `${planName} – ${label}` : planName).slice(0, 500);
  let name = base;
  for (let k = 2; taken.has(name); k++) name = `${base} (${k})`;
  taken.add(name);
  return name;
}

/** Makes the entries' runs with their tests; returns the ids of the runs made, in order. */
export async function writeEntries(
  tx: Tx,
  ctx: RequestContext,
  plan: { planId: number; projectId: number; name: string; milestoneId: number | null },
  entries: PreparedEntry[],
  takenNames: Set<string>,
): Promise<number[]> {
  const made: number[] = [];
  for (const e of entries) {
    const runs = e.combos.map((c) => ({ name: runName(plan.name, c.label, takenNames), configuration: c.optionIds }));
    const runIds = await insertPlanRuns(tx, { ...plan, userId: ctx.userId }, runs);
    const added = await fillPlanRuns(tx, runIds, ctx.userId, e.source, e.assignee);
    // The selection was counted before the transaction: a test deleted since may leave none.
    if (added === 0) throw badRequest('no tests match the selection', 'no_matching_tests');
    made.push(...runIds);
  }
  return made;
}
