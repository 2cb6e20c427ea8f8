import type { Prisma } from '../../generated/prisma/client';
import type { DbOrTx, Tx } from '../../db/client';
import type { RequestContext } from '../../core/context';
import { AppError, badRequest } from '../../core/errors';
import { fieldFiltersOf } from '../custom-fields/field-filters';
import { fieldFilterQuery, type fieldFilterObject } from '../custom-fields/field-filters.schemas';
import type { z } from '../../core/schemas';
import { countSource, idListSql, idsNotInProject, insertUntestedRows, selectionSql, type ProjectIdKind, type Selection } from './data';
import { MAX_RUN_TESTS } from './runs.schemas';

// Which tests go into a run (a list of ids, or a selection of the project's live
// tests resolved inside PostgreSQL: data/sources.ts), checked; and putting them
// in: run_tests rows, their first history entry, the counters (data/results.ts).

/** Error messages name at most this many entries, then say there are more. */
export const MAX_NAMED = 20;
export function entriesMessage(parts: string[]): string {
  return parts.length > MAX_NAMED ? `${parts.slice(0, MAX_NAMED).join('; ')}; and more` : parts.join('; ');
}

/**
 * Entries of `ids` that name no `kind` of the project, as
 * `<field>.<i>: <noun> <id> is not in the project`.
 */
async function missingEntries(db: DbOrTx, ids: number[], field: string, noun: string, kind: ProjectIdKind, projectId: number) {
  const rows = await idsNotInProject(db, kind, projectId, ids, MAX_NAMED + 1);
  return rows.map((r) => `${field}.${Number(r.n) - 1}: ${noun} ${r.id} is not in the project`);
}

/** Refuses (400) ids that are no live test of the project (another project's, a deleted one's, an unknown one). */
export async function requireLiveTests(db: DbOrTx, projectId: number, ids: number[]) {
  const outside = await missingEntries(db, ids, 'testIds', 'Test', 'liveTests', projectId);
  if (outside.length) throw badRequest(entriesMessage(outside), 'invalid_reference');
}

/** Refuses (400) selection ids that name no section, label or priority of the project. */
export async function requireSelectionIds(ctx: { db: DbOrTx }, projectId: number, s: Selection) {
  const checks: Promise<string[]>[] = [];
  if (s.sectionIds) checks.push(missingEntries(ctx.db, s.sectionIds, 'sectionIds', 'Section', 'sections', projectId));
  if (s.labelIds) checks.push(missingEntries(ctx.db, s.labelIds, 'labelIds', 'Label', 'labels', projectId));
  if (s.priorityIds) checks.push(missingEntries(ctx.db, s.priorityIds, 'priorityIds', 'Priority', 'priorities', projectId));
  const outside = (await Promise.all(checks)).flat();
  if (outside.length) throw badRequest(entriesMessage(outside), 'invalid_reference');
}

/**
 * A run's customFields selection as the catalog's filters, read against the project's test
 * fields; a 400 names the fields as the body gives them (customFields.<key>, not cf.<key>).
 */
export async function runFieldFilters(ctx: RequestContext, projectId: number, customFields: z.infer<typeof fieldFilterObject>) {
  try {
    return await fieldFiltersOf(ctx, projectId, fieldFilterQuery(customFields));
  } catch (err) {
    if (!(err instanceof AppError) || err.code !== 'validation_failed') throw err;
    throw new AppError(err.code, err.message.replace(/\bcf\.([a-z][a-z0-9_]*)(\.(?:gte|lte))?/g, 'customFields.$1$2'));
  }
}

/** An entry's path ("entries.0.") as the lead of a message about the whole entry ("entries.0: "); none for a request's top level. */
const lead = (path: string) => (path ? `${path.slice(0, -1)}: ` : '');

/**
 * The tests a new run starts with, as a SELECT of `test_id, n`, checked, and their
 * number: listed ids must be live tests of the project; a selection must name the
 * project's sections/labels/priorities and match between 1 and MAX_RUN_TESTS tests.
 * `path` names where the tests are in the request (a plan's entry: "entries.0.").
 */
export async function runTestSource(
  db: DbOrTx,
  projectId: number,
  input: Selection & { testIds?: number[] },
  path = '',
): Promise<{ source: Prisma.Sql; tests: number }> {
  if (input.testIds) {
    await requireLiveTests(db, projectId, input.testIds);
    return { source: idListSql(input.testIds), tests: input.testIds.length };
  }
  await requireSelectionIds({ db }, projectId, input);
  const source = selectionSql(projectId, input);
  const tests = await countSource(db, source, MAX_RUN_TESTS + 1);
  if (tests === 0) throw badRequest(`${lead(path)}no tests match the selection`, 'no_matching_tests');
  if (tests > MAX_RUN_TESTS) throw tooManyTests(path);
  return { source, tests };
}

export const tooManyTests = (path = '') =>
  badRequest(`${path ? lead(path) + 'a' : 'A'} run holds at most ${MAX_RUN_TESTS} tests`, 'run_too_large');

/**
 * Puts the source's tests into the run as `untested` (data/results.ts's
 * insertUntestedRows); a run that would pass MAX_RUN_TESTS is refused (400, and
 * the transaction rolls back). Returns how many were added and the run's size after.
 */
export async function insertUntested(tx: Tx, runId: number, userId: number, source: Prisma.Sql, opts: { newRun: boolean }) {
  const row = await insertUntestedRows(tx, runId, userId, source, opts);
  if (row.total > MAX_RUN_TESTS) throw tooManyTests();
  return row;
}
