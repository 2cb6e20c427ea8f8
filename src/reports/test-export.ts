import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Db } from '../db/client';
import type { RequestContext } from '../core/context';
import type { FileDownload } from '../core/download';
import { requireProject } from '../domain/access';
import { fieldFiltersOf } from '../domain/custom-fields/field-filters';
import { requireFilterSection } from '../domain/test-cases/missing';
import type { TestFilters } from '../domain/test-cases/test-cases.schemas';
import { catalogJsonBatch, catalogWhere, type CatalogBatch, type CatalogWhere, type TestRecord } from '../domain/test-cases/data';
import { csvRow, csvStream, loadCatalogNames, type CatalogNames } from './test-export-csv';
import { coalesce, drained, writtenBy } from './stream-writes';

// GET /tests/download: the catalog as a file, streamed. The database is read in
// keyset-paged batches (by testId), so memory stays flat however large the project.

const BATCH = 1000;

/** Up to BATCH test records after `afterId`, as JSON texts joined by commas. */
type Batch = CatalogBatch;
const fetchBatch = (db: Db, where: CatalogWhere, afterId: number): Promise<Batch> => catalogJsonBatch(db, where, afterId, BATCH);

/** Batches in testId order; the next one is read while the current one is written. */
async function* batches(db: Db, where: CatalogWhere, first: Batch): AsyncGenerator<Batch> {
  let batch = first;
  while (batch.count > 0) {
    const next = batch.count === BATCH ? fetchBatch(db, where, batch.lastId) : Promise.resolve({ count: 0, lastId: 0, json: '' });
    next.catch(() => {}); // awaited below; this only keeps an abandoned read from being "unhandled"
    yield batch;
    batch = await next;
  }
}

/** The JSON export is the records as PostgreSQL wrote them, in one array. */
async function* jsonArray(source: AsyncGenerator<Batch>): AsyncGenerator<string> {
  let separator = '[';
  for await (const batch of source) {
    yield separator + batch.json;
    separator = ',';
  }
  yield separator === '[' ? '[]' : ']';
}

/**
 * The CSV text, in blocks of about 64 KB. A batch's rows go into the CSV stream
 * at once, and it is waited on to drain between batches: memory stays bounded
 * by one batch, without a round through the event loop for every row.
 */
const csvBody = (source: AsyncGenerator<Batch>, names: CatalogNames): Readable =>
  writtenBy(async (out) => {
    const csv = csvStream(names);
    const written = pipeline(csv, coalesce(), out);
    written.catch(() => {}); // awaited below; keeps an early rejection (the reader left) from being "unhandled"
    try {
      for await (const batch of source) {
        if (csv.destroyed) break; // the client went away while the batch was read
        let flowing = true;
        for (const test of JSON.parse(`[${batch.json}]`) as TestRecord[]) flowing = csv.write(csvRow(test, names));
        if (!flowing) await drained(csv);
      }
      if (!csv.destroyed) csv.end();
    } catch (err) {
      csv.destroy(err as Error);
    }
    await written;
  });

export async function exportTests(
  ctx: RequestContext,
  q: TestFilters & { projectId: number; format: 'json' | 'csv' },
): Promise<FileDownload> {
  await requireProject(ctx, q.projectId);
  await requireFilterSection(ctx, q.projectId, q.sectionId);
  const where = catalogWhere(q.projectId, { ...q, fieldFilters: await fieldFiltersOf(ctx, q.projectId, q) });
  // Everything that can fail with a proper error envelope happens before the first byte.
  const [first, names] = await Promise.all([
    fetchBatch(ctx.db, where, 0),
    q.format === 'csv' ? loadCatalogNames(ctx.db, q.projectId) : undefined,
  ]);
  const source = batches(ctx.db, where, first);
  return {
    contentType: q.format === 'csv' ? 'text/csv; charset=utf-8' : 'application/json; charset=utf-8',
    filename: `project-${q.projectId}-tests.${q.format}`,
    body: names ? csvBody(source, names) : jsonArray(source),
  };
}
