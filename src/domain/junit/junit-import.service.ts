import type { RequestContext } from '../../core/context';
import { forbidden } from '../../core/errors';
import { requireProject } from '../access';
import { lockRunForWrite } from '../runs/run-access';
import { noteProjectChange } from '../projects/data';
import { lockSections } from '../sections/data';
import { BULK_TRANSACTION } from '../testcases/testcases.bulk';
import type { Report } from './junit-import.collect';
import { matchReport, settle, type Matching } from './junit-import.match';
import type { ImportJUnitQuery, ImportJUnitResult } from './junit-import.schemas';
import { requireRunSize, writeImport } from './junit-import.write';

// POST /run/import-junit: the router has read the whole report (collect, as the
// route's raw-body parse), then in one transaction this matches it (a few
// queries) and writes it (set-based statements). A failure anywhere rolls
// everything back; a dry run stops after matching.

function summary(report: Report, matching: Matching, runId: number | null, projectId: number, dryRun: boolean): ImportJUnitResult {
  const result: ImportJUnitResult = {
    runId,
    projectId,
    total: matching.outcomes.length,
    ...report.counts,
    keysMoved: 0,
    matched: 0,
    created: 0,
    unmatched: 0,
    unknown: 0,
    passed: 0,
    failed: 0,
    retest: 0,
    blocked: 0,
    untested: 0,
    passedOnRetry: 0,
    elapsedMs: 0,
  };
  const settled = matching.outcomes.map((o) => settle(report, o));
  matching.outcomes.forEach((o, i) => {
    result[o.action] += 1;
    if (o.moved) result.keysMoved += 1;
    if (o.action !== 'matched' && o.action !== 'created') return;
    const { status, flaky, elapsedMs } = settled[i];
    result[status] += 1;
    if (flaky) result.passedOnRetry += 1;
    result.elapsedMs += elapsedMs ?? 0;
  });
  if (dryRun) {
    result.mapping = matching.outcomes.map((o, i) => {
      const first = report.attempts[o.attempts[0]];
      return { name: first.name, classname: first.classname, key: o.key, testId: o.testId, action: o.action, status: settled[i].status };
    });
  }
  return result;
}

export async function importJUnit(ctx: RequestContext, query: ImportJUnitQuery, report: Report): Promise<ImportJUnitResult> {
  const { projectId, runId, createMissing, dryRun, caseMatcher } = query;
  const project = await requireProject(ctx, projectId, { active: true });
  // Creating tests is the catalog's permission, on top of the route's.
  if (createMissing && !ctx.can('test', 'create', project.orgId)) throw forbidden();
  return ctx.db.$transaction(async (tx) => {
    // 404 / 409 / 423 for the run; its row lock serializes this import with every other write to it.
    if (runId !== undefined) await lockRunForWrite(tx, ctx, runId, projectId);
    // Serializes imports that create sections and tests in this project, so they see each other's.
    if (createMissing && !dryRun) await lockSections(tx, projectId);
    const matching = await matchReport(tx, projectId, report, createMissing, caseMatcher);
    if (runId === undefined) requireRunSize(matching);
    if (dryRun) return summary(report, matching, runId ?? null, projectId, true);
    const run = runId !== undefined ? { runId } : { runName: query.runName ?? `JUnit import ${new Date().toISOString()}` };
    const writtenRunId = await writeImport(tx, { projectId, userId: ctx.userId, run }, report, matching);
    await noteProjectChange(tx, projectId);
    return summary(report, matching, writtenRunId, projectId, false);
  }, BULK_TRANSACTION);
}
