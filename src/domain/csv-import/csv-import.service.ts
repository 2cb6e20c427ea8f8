import type { RequestContext } from '../../core/context';
import { AppError } from '../../core/errors';
import { requireProject } from '../access';
import { insertNames, labelKind } from '../labels/data';
import { ensureSectionPaths, lockSections } from '../sections/data';
import { BULK_TRANSACTION } from '../test-cases/bulk.service';
import { requireFreeAutomationKeys } from '../test-cases/automation-keys';
import { requireReferencesInProject } from '../test-cases/references';
import { insertTests, testIdsByAutomationKey } from '../test-cases/data';
import type { TestFieldsInput } from '../test-cases/test-cases.schemas';
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
import { loadImportCatalog, nameKey } from './catalog';
import { checkTestFields } from './check-fields';
import { checkUserValues } from './check-users';
import { planImport, type ImportPlan, type PlannedTest } from './plan-import';
import type { CsvTable } from './read-csv';
import { resolveColumns, targetName } from './resolve-columns';

// POST /test/import-csv: the file read (read-csv.ts), its columns mapped (resolve-columns.ts), its
// rows planned into tests (plan-import.ts), then, unless a dry run or any row is bad, one
// transaction creates the missing sections and labels and inserts the tests through the catalog's
// write path (versions recorded, the project's test count moved). All or nothing.

/** What the route's body is read into, from a raw CSV body or a multipart form. */
export interface CsvBody {
  table: CsvTable;
  /** The mapping sent as a multipart part (else the query's). */
  mapping?: CsvMapping;
}

/** Tests inserted a statement: bounds the statements' parameters (see junit-import/write-import.ts on Prisma's kept parameters). */
const CHUNK = 500;
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

export async function importCsv(ctx: RequestContext, query: ImportCsvQuery, body: CsvBody): Promise<ImportCsvResult> {
  const { projectId } = query;
  await requireProject(ctx, projectId, { active: true });
  const { table } = body;
  const catalog = await loadImportCatalog(ctx.db, projectId);
  const columns = resolveColumns(table.headers, body.mapping ?? query.mapping, new Set(catalog.customFields.keys()));
  const keyColumn = columns.index.get('automationKey');
  const keys = keyColumn === undefined ? [] : [...new Set(table.rows.map((r) => (r[keyColumn] ?? '').trim()).filter(Boolean))];
  const held = new Set((await testIdsByAutomationKey(ctx.db, projectId, keys)).keys());
  const plan = planImport(table, columns, catalog, held);
  const header = (field: string) => {
    const i = columns.index.get(field);
    return i === undefined ? null : table.headers[i];
  };
  checkTestFields(plan, header);
  await checkUserValues(ctx.db, projectId, plan, catalog, (key) => header(`cf_${key}`));
  const good = plan.tests.filter((t) => !t.bad);

  const answer: ImportCsvResult = {
    projectId,
    dryRun: query.dryRun,
    rowsRead: plan.rowsRead,
    testsToCreate: plan.tests.length,
    created: 0,
    sectionsToCreate: { count: plan.newSections.length, names: plan.newSections.slice(0, LISTED_NAMES) },
    labelsToCreate: { count: plan.newLabels.length, names: plan.newLabels.slice(0, LISTED_NAMES) },
    delimiter: table.delimiter,
    columns: table.headers.map((header, i) => ({ header, field: targetName(columns.targets[i]) })),
    errorCount: plan.errors.length,
    errors: plan.errors.slice(0, LISTED_ERRORS),
    preview: query.dryRun ? good.slice(0, PREVIEW_TESTS).map(preview) : [],
  };
  if (query.dryRun) return answer;
  if (plan.errors.length > 0) throw invalidRows(plan.errors);
  await writePlan(ctx, projectId, plan);
  return { ...answer, created: plan.tests.length };
}

async function writePlan(ctx: RequestContext, projectId: number, plan: ImportPlan): Promise<void> {
  const { tests } = plan;
  await ctx.db.$transaction(async (tx) => {
    await lockSections(tx, projectId);
    const pathKeys = new Map<string, number>();
    const paths: string[][] = [];
    for (const t of tests) {
      const key = t.section && nameKey(t.section.join('\u0000'));
      if (key && !pathKeys.has(key)) pathKeys.set(key, paths.push(t.section!) - 1);
    }
    const sectionIds = await ensureSectionPaths(tx, projectId, paths);
    const labelNames = new Map<string, string>();
    for (const t of tests) for (const name of t.labels) if (!labelNames.has(nameKey(name))) labelNames.set(nameKey(name), name.trim());
    const labels = await insertNames(
      tx,
      labelKind,
      projectId,
      [...labelNames].map(([key, name]) => ({ name, key })),
    );
    const labelIds = new Map(labels.map((l) => [l.labelName.toLowerCase(), l.labelId]));
    const itemOf = (t: PlannedTest): TestFieldsInput & { title: string } => ({
      title: t.title,
      testDescription: t.testDescription,
      preconditions: t.preconditions,
      steps: t.steps,
      expectedResult: t.expectedResult,
      sectionId: t.section ? sectionIds[pathKeys.get(nameKey(t.section.join('\u0000')))!] : null,
      priorityId: t.lookups.priority?.id ?? null,
      typeId: t.lookups.type?.id ?? null,
      automationStatusId: t.lookups.automation_status?.id ?? null,
      platformId: t.lookups.platform?.id ?? null,
      testCoveredById: t.lookups.test_covered_by?.id ?? null,
      squadId: t.squad?.id ?? null,
      automationKey: t.automationKey,
      labels: t.labels.map((name) => labelIds.get(nameKey(name))!),
      customFields: t.customFields,
    });
    // CHUNK tests at a time, each chunk's items made as it is written, with the checks of POST /test/bulk-add:
    // ids of this project, keys no live test holds (taken since the plan was made: 409). A failure rolls all back.
    for (let i = 0; i < tests.length; i += CHUNK) {
      const chunk = tests.slice(i, i + CHUNK);
      const items = chunk.map(itemOf);
      await requireReferencesInProject(
        tx,
        items.map((fields, j) => ({ projectId, fields, at: `row ${chunk[j].row}: ` })),
      );
      await requireFreeAutomationKeys(
        tx,
        items.map((fields) => ({ projectId, automationKey: fields.automationKey })),
      );
      await insertTests(tx, projectId, ctx.userId, items);
    }
  }, BULK_TRANSACTION);
}
