import type { RequestContext } from '../../core/context';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../core/errors';
import { requireProject } from '../access';
import { lockSections } from '../sections/data';
import { BULK_TRANSACTION } from '../test-cases/bulk.service';
import { testIdsByAutomationKey } from '../test-cases/data';
import {
  LISTED_ERRORS,
  LISTED_NAMES,
  PREVIEW_TESTS,
  type CsvMapping,
  type ImportCsvQuery,
  type ImportCsvResult,
  type PreviewTest,
  type RowError,
} from './csv-import.schemas';
import { loadImportCatalog, type ImportCatalog } from './catalog';
import { checkUserValues } from './check-users';
import { importPlanner, type ImportPlan, type PlannedTest } from './plan-import';
import { readCsv, type CsvRows, type StagedCsv } from './read-csv';
import { resolveColumns, targetName, type ResolvedColumns } from './resolve-columns';
import { collectSuitePaths } from './suite-paths';
import { batchWriter, type BatchWriter } from './write-batch';
import { emitCsvImported, emitTestsChanged } from '../webhooks/emitters/catalog-events';

// POST /test/import-csv: the file staged as it arrived (read-csv.ts), its columns mapped
// (resolve-columns.ts), then its rows read and planned into tests one at a time (plan-import.ts),
// checked against the database a batch at a time and, unless a dry run, written a batch at a time
// (write-batch.ts) in one transaction, so memory holds a batch of tests, not the file. The first
// bad row stops the writing (planning goes on, to list every error) and the transaction is rolled
// back: all or nothing.

/** What the route's body is read into, from a raw CSV body or a multipart form. */
export interface CsvBody {
  csv: StagedCsv;
  /** The mapping sent as a multipart part (else the query's). */
  mapping?: CsvMapping;
}

/** Tests checked and written a batch: bounds the statements' parameters (see junit-import/write-import.ts on Prisma's kept parameters). */
const BATCH = 500;
const LISTED_IN_MESSAGE = 50;

const preview = (t: PlannedTest): PreviewTest => ({
  row: t.row,
  title: t.title,
  section: t.section ? t.section.join(' > ') : null,
  testDescription: t.testDescription,
  preconditions: t.preconditions,
  steps: t.steps,
  expectedResult: t.expectedResult,
  priority: t.lookups.priority?.name ?? null,
  type: t.lookups.type?.name ?? null,
  platform: t.lookups.platform?.name ?? null,
  automationStatus: t.lookups.automation_status?.name ?? null,
  coveredBy: t.lookups.test_covered_by?.name ?? null,
  squad: t.squad?.name ?? null,
  labels: t.labels,
  automationKey: t.automationKey,
  customFields: t.customFields,
});

const where = (e: RowError) => `row ${e.row}${e.column === null ? '' : `, ${e.column}`}: ${e.reason}`;

/** 400 csv_invalid_rows listing the first errors (a dry run answers them all as data). */
function invalidRows(errors: RowError[]): AppError {
  const listed = errors.slice(0, LISTED_IN_MESSAGE).map(where).join('; ');
  const more = errors.length > LISTED_IN_MESSAGE ? `; and ${errors.length - LISTED_IN_MESSAGE} more (a dry run lists them)` : '';
  return new AppError('csv_invalid_rows', `Invalid request: nothing was imported: ${listed}${more}`);
}

/** Every row planned; each batch of tests checked (held keys, user values) and handed to `write` while no row is bad. */
async function planRows(
  db: DbOrTx,
  projectId: number,
  body: CsvBody,
  catalog: ImportCatalog,
  columns: ResolvedColumns,
  file: CsvRows,
  write?: BatchWriter,
): Promise<{ plan: ImportPlan; preview: PreviewTest[] }> {
  const { headers } = file;
  const suitePaths = columns.index.has('suiteId') ? await collectSuitePaths((await readCsv(body.csv)).rows, columns) : undefined;
  const errors: RowError[] = [];
  const planner = importPlanner(headers, columns, catalog, suitePaths, errors);
  const header = (key: string) => {
    const i = columns.index.get(`cf_${key}`);
    return i === undefined ? null : headers[i];
  };
  const previewed: PreviewTest[] = [];
  let batch: PlannedTest[] = [];
  const flush = async () => {
    const tests = batch;
    if (tests.length === 0) return;
    batch = [];
    const keyed = tests.filter((t) => t.automationKey !== null && !t.bad);
    const held = await testIdsByAutomationKey(
      db,
      projectId,
      keyed.map((t) => t.automationKey!),
    );
    for (const t of keyed)
      if (held.has(t.automationKey!)) {
        errors.push({
          row: t.row,
          column: headers[columns.index.get('automationKey')!],
          reason: `Automation key "${t.automationKey}" is held by a test of this project`,
        });
        t.bad = true;
      }
    await checkUserValues(db, projectId, tests, errors, catalog, header);
    const good = tests.filter((t) => !t.bad);
    for (const t of good.slice(0, PREVIEW_TESTS - previewed.length)) previewed.push(preview(t));
    if (write && errors.length === 0) await write(good);
  };
  for await (const { cells, row } of file.rows) {
    const test = planner.push(cells, row);
    if (test) batch.push(test);
    if (batch.length === BATCH) await flush();
  }
  const last = planner.end();
  if (last) batch.push(last);
  await flush();
  return { plan: planner.plan(), preview: previewed };
}

export async function importCsv(ctx: RequestContext, query: ImportCsvQuery, body: CsvBody): Promise<ImportCsvResult> {
  const { projectId } = query;
  const project = await requireProject(ctx, projectId, { active: true });
  const catalog = await loadImportCatalog(ctx.db, projectId);
  const file = await readCsv(body.csv);
  const { headers, delimiter } = file;
  const columns = resolveColumns(headers, body.mapping ?? query.mapping, new Set(catalog.customFields.keys()));
  const answer = ({ plan, preview }: { plan: ImportPlan; preview: PreviewTest[] }): ImportCsvResult => ({
    projectId,
    dryRun: query.dryRun,
    rowsRead: plan.rowsRead,
    testsToCreate: plan.testCount,
    created: query.dryRun ? 0 : plan.testCount,
    sectionsToCreate: { count: plan.newSections.length, names: plan.newSections.slice(0, LISTED_NAMES) },
    labelsToCreate: { count: plan.newLabels.length, names: plan.newLabels.slice(0, LISTED_NAMES) },
    delimiter,
    columns: headers.map((header, i) => ({ header, field: targetName(columns.targets[i]) })),
    errorCount: plan.errors.length,
    errors: plan.errors.slice(0, LISTED_ERRORS),
    preview: query.dryRun ? preview : [],
  });
  if (query.dryRun) return answer(await planRows(ctx.db, projectId, body, catalog, columns, file));
  return ctx.db.$transaction(async (tx) => {
    await lockSections(tx, projectId);
    const created: number[] = [];
    const read = await planRows(tx, projectId, body, catalog, columns, file, batchWriter(tx, projectId, ctx.userId, created));
    // Thrown inside the transaction: what was written before the first bad row is rolled back.
    if (read.plan.errors.length > 0) throw invalidRows(read.plan.errors);
    const result = answer(read);
    const place = { orgId: project.orgId, projectId };
    await emitTestsChanged(tx, ctx, place, { created });
    await emitCsvImported(tx, ctx, place, {
      rowsRead: result.rowsRead,
      testsCreated: result.created,
      sectionsCreated: result.sectionsToCreate.count,
      labelsCreated: result.labelsToCreate.count,
    });
    return result;
  }, BULK_TRANSACTION);
}
