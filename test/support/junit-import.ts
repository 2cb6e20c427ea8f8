import fs from 'node:fs';
import path from 'node:path';
import type { Db } from '../../src/db/client';
import type { TestApp } from './app';

// POST /run/import-junit as a CI job sends it: the report as the body, options in the query.

export type ImportQuery = Record<string, string | number | boolean>;

/** Posts `xml` (a string or bytes) with its Content-Type (application/xml unless told) and optional encoding. */
export function importJUnit(t: TestApp, token: string, query: ImportQuery, xml: string | Buffer, headers: Record<string, string> = {}) {
  return t.http
    .post('/api/v1/run/import-junit')
    .query(query)
    .set('Authorization', `Bearer ${token}`)
    .set({ 'Content-Type': 'application/xml', ...headers })
    .send(typeof xml === 'string' ? Buffer.from(xml) : xml);
}

export const fixture = (name: string) => fs.readFileSync(path.join(__dirname, '../fixtures/junit', name));

/** A report of one suite holding these testcase elements (XML text). */
export const suite = (name: string, ...cases: string[]) =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<testsuites>\n<testsuite name="${name}">\n${cases.join('\n')}\n</testsuite>\n</testsuites>\n`;

/** Row counts of every table an import writes: equal before and after means nothing was written. */
export async function tableCounts(db: Db) {
  const [row] = await db.$queryRaw<Record<string, number>[]>`
    SELECT (SELECT count(*)::int FROM tests) AS tests, (SELECT count(*)::int FROM sections) AS sections,
           (SELECT count(*)::int FROM runs) AS runs, (SELECT count(*)::int FROM run_tests) AS run_tests,
           (SELECT count(*)::int FROM status_history) AS history,
           (SELECT coalesce(sum(passed_count + failed_count + blocked_count + retest_count + untested_count), 0)::int FROM runs) AS counters,
           (SELECT count(*)::int FROM run_tests WHERE status <> 'untested') AS results`;
  return row;
}

/** A run's tests as (testId, status, comment, elapsedMs), by test id. */
export function runResults(db: Db, runId: number) {
  return db.runTest.findMany({
    where: { runId },
    orderBy: { testId: 'asc' },
    select: { testId: true, status: true, comment: true, elapsedMs: true, updatedBy: true },
  });
}

/** A run's history rows in id order as [testId, status]. */
export async function historyOf(db: Db, runId: number) {
  const rows = await db.statusHistory.findMany({
    where: { runId },
    orderBy: { id: 'asc' },
    select: { testId: true, status: true, userId: true, elapsedMs: true },
  });
  return rows;
}

/** One part of a multipart import: the report (`report`) or a file (`file`), its file name sent as given (paths kept). */
export interface FormFile {
  field: 'report' | 'file';
  filename: string;
  content: Buffer | string;
  type?: string;
}

/** A multipart/form-data body of these parts, built by hand so file names keep their directories. */
export function multipartForm(parts: FormFile[]): { body: Buffer; contentType: string } {
  const boundary = `----casebook-test-${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const head =
      `--${boundary}\r\nContent-Disposition: form-data; name="${p.field}"; filename="${p.filename.replace(/"/g, '%22')}"\r\n` +
      `Content-Type: ${p.type ?? 'application/octet-stream'}\r\n\r\n`;
    chunks.push(Buffer.from(head), typeof p.content === 'string' ? Buffer.from(p.content) : p.content, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: Buffer.concat(chunks), contentType: `multipart/form-data; boundary=${boundary}` };
}

/** Posts a multipart import of these parts. */
export function importMultipart(t: TestApp, token: string, query: ImportQuery, parts: FormFile[], headers: Record<string, string> = {}) {
  const { body, contentType } = multipartForm(parts);
  return t.http
    .post('/api/v1/run/import-junit')
    .query(query)
    .set('Authorization', `Bearer ${token}`)
    .set({ ...headers, 'Content-Type': contentType })
    .send(body);
}
