import type { RequestContext } from '../../core/context';
import { forbidden } from '../../core/errors';
import { requireProject } from '../access';
import { lockRunForWrite } from '../runs/run-access';
import { notifyRunChange, updateRunRow } from '../runs/data';
import { buildColumns, buildFromQuery } from '../runs/run-build';
import { lockSections } from '../sections/data';
import { BULK_TRANSACTION } from '../test-cases/bulk.service';
import { deleteStaleImportProgress, findImportProgress, recordImportProgress } from './data';
import { attachFiles, planAttachments } from './attach-files';
import type { ImportBody } from './import-files';
import type { Report } from './collect-report';
import { matchReport, settle, type Matching, type Outcome } from './match-report';
import type { ImportJUnitQuery, ImportJUnitResult, ImportPhase, ImportProgressQuery, ImportStatus } from './junit-import.schemas';
import { requireRunSize, writeImport } from './write-import';
import { emitImportEvents, watchImport } from './webhook-events';
import { notFound } from '../../core/errors';

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
  // Settled one test at a time: a list of them all held 10 MB for 100,000 tests; a dry run's mapping keeps its statuses.
  const statuses: ImportStatus[] = [];
  for (const o of matching.outcomes) {
    result[o.action] += 1;
    if (o.moved) result.keysMoved += 1;
    if (o.action !== 'matched' && o.action !== 'created') {
      if (dryRun) statuses.push(settle(report, o).status);
      continue;
    }
    const { status, flaky, elapsedMs } = settle(report, o);
    if (dryRun) statuses.push(status);
    result[status] += 1;
    if (flaky) result.passedOnRetry += 1;
    result.elapsedMs += elapsedMs ?? 0;
  }
  if (dryRun) {
    result.mapping = matching.outcomes.map((o, i) => {
      const first = report.attempts[o.attempts[0]];
      return { name: first.name, classname: first.classname, key: o.key, testId: o.testId, action: o.action, status: statuses[i] };
    });
  }
  return result;
}

/** Records an import's phase under its progress id; a write while writing results at most every PROGRESS_EVERY_MS. */
type NoteProgress = (phase: ImportPhase, done: number, total: number) => Promise<void>;

const PROGRESS_EVERY_MS = 250;

/**
 * The progress notes of one import: each its own short statement on the pool, outside
 * the import's transaction (a poller sees it at once). Without an id they are no-ops;
 * a failed note is dropped, as progress is never worth failing the import for. A note is
 * queued, not waited for: on the embedded database (one connection, held by the import's
 * transaction) a statement outside the transaction waits for it to end, so a transaction
 * waiting for its note would wait forever. The notes go out in order; `flushed` waits for them.
 */
function progressNotes(
  ctx: RequestContext,
  projectId: number,
  progressId: string | undefined,
): NoteProgress & { flushed(): Promise<void> } {
  let queue = Promise.resolve();
  let last = 0;
  const note = (phase: ImportPhase, done: number, total: number): Promise<void> => {
    if (progressId === undefined) return Promise.resolve();
    const now = Date.now();
    if (phase === 'writing' && done > 0 && done < total && now - last < PROGRESS_EVERY_MS) return Promise.resolve();
    last = now;
    const row = { progressId, userId: ctx.userId, projectId, phase, done, total };
    queue = queue.then(() => recordImportProgress(ctx.db, row).catch(() => undefined));
    return Promise.resolve();
  };
  return Object.assign(note, { flushed: () => queue });
}

const isRecorded = (o: Outcome) => o.action === 'matched' || o.action === 'created';

export async function importJUnit(
  ctx: RequestContext,
  query: ImportJUnitQuery,
  { report, files }: ImportBody,
  progressId?: string,
): Promise<ImportJUnitResult> {
  const { projectId, runId, createMissing, dryRun, caseMatcher } = query;
  const project = await requireProject(ctx, projectId, { active: true });
  // Creating tests is the catalog's permission, on top of the route's.
  if (createMissing && !ctx.can('test', 'create', project.orgId)) throw forbidden();
  const note = progressNotes(ctx, projectId, progressId);
  if (progressId !== undefined) await deleteStaleImportProgress(ctx.db).catch(() => undefined);
  await note('matching', 0, report.counts.tests);
  // Copies of files named by several tests: removed with the rest if the import fails (the staged ones by the router).
  const copies: string[] = [];
  let unused = new Set<string>();
  try {
    const result = await ctx.db.$transaction(async (tx) => {
      // 404 / 409 / 423 for the run; its row lock serializes this import with every other write to it.
      const existing = runId !== undefined ? await lockRunForWrite(tx, ctx, runId, projectId) : undefined;
      // Serializes imports that create sections and tests in this project, so they see each other's.
      if (createMissing && !dryRun) await lockSections(tx, projectId);
      const matching = await matchReport(tx, projectId, report, createMissing, caseMatcher);
      if (runId === undefined) requireRunSize(matching);
      if (dryRun) {
        const dry = summary(report, matching, runId ?? null, projectId, true);
        if (files)
          dry.attachments = planAttachments(
            report,
            matching.outcomes.filter(isRecorded).map((o) => ({ testId: o.testId, outcome: o })),
            files,
          ).answer;
        return dry;
      }
      const run = runId !== undefined ? { runId } : { runName: query.runName ?? `JUnit import ${new Date().toISOString()}` };
      const build = buildColumns(buildFromQuery(query));
      // An existing run takes the build now, under its row lock; a new one at its insert.
      if (runId !== undefined && Object.keys(build).length) await updateRunRow(tx, runId, build);
      const target = { projectId, userId: ctx.userId, run, build };
      const watch = await watchImport(tx, ctx, { orgId: project.orgId, projectId }, existing, matching);
      const { runId: writtenRunId, recorded } = await writeImport(tx, target, report, matching, (done, total) =>
        note('writing', done, total),
      );
      const written = summary(report, matching, writtenRunId, projectId, false);
      if (files) {
        const plan = planAttachments(report, recorded, files);
        const into = { orgId: project.orgId, projectId, runId: writtenRunId, userId: ctx.userId };
        await attachFiles(tx, ctx.attachments, into, plan, copies);
        written.attachments = plan.answer;
        unused = new Set(plan.answer.unused);
      }
      // Testers on the run see the import land (GET /run/events).
      if (runId !== undefined)
        await notifyRunChange(tx, { runId, projectId, userId: ctx.userId, kind: 'run', count: written.matched + written.created });
      await emitImportEvents(tx, ctx, watch, { runId: writtenRunId, recorded }, report, matching, written);
      return written;
    }, BULK_TRANSACTION);
    // The files no recorded test names are not kept.
    const unusedKeys = (files ?? []).filter((f) => f.stored && unused.has(f.path)).map((f) => f.stored!.storageKey);
    await Promise.allSettled(unusedKeys.map((key) => ctx.attachments.blobs.delete(key)));
    const handled = dryRun ? result.total : result.matched + result.created;
    await note('done', handled, handled);
    await note.flushed();
    return result;
  } catch (err) {
    await Promise.allSettled(copies.map((key) => ctx.attachments.blobs.delete(key)));
    await note('failed', 0, 0);
    await note.flushed();
    throw err;
  }
}

/** GET /run/import-progress: the caller's own import progress under that id (404 for an unknown id or another user's). */
export async function importProgress(ctx: RequestContext, query: ImportProgressQuery) {
  await requireProject(ctx, query.projectId);
  const row = await findImportProgress(ctx.db, ctx.userId, query.projectId, query.progressId);
  if (!row) throw notFound('Import progress');
  return { ...row, phase: row.phase as ImportPhase };
}
