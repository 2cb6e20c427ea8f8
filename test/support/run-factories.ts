import type { Db } from '../../src/db/client';
import type supertest from 'supertest';
import type { TestApp } from './app';

// Runs made through the API (the code under test), and what the database
// really holds, to check the counters against.

export interface RunRecord {
  runId: number;
  projectId: number;
  runName: string;
  locked: boolean;
  statusCounts: { total: number; passed: number; failed: number; blocked: number; retest: number; untested: number };
}

/** Creates a run of the tests through POST /run/create (as the given token). */
export async function startRun(t: TestApp, token: string, projectId: number, testIds: number[], runName = 'Run'): Promise<RunRecord> {
  const res = await t.as(token).post('/run/create', { projectId, runName, testIds }).expect(201);
  return res.body.data;
}

/** Status counts of a run counted from run_tests, the ground truth behind the counters. */
export async function countedStatuses(db: Db, runId: number) {
  const groups = await db.runTest.groupBy({ by: ['status'], where: { runId }, _count: true });
  const counts = { passed: 0, failed: 0, blocked: 0, retest: 0, untested: 0 };
  for (const g of groups) counts[g.status] = g._count;
  return { total: Object.values(counts).reduce((a, b) => a + b, 0), ...counts };
}

/** Every row a run owns, to show that a refused write changed nothing. */
export async function runSnapshot(db: Db, runId: number) {
  const [run, tests, history] = await Promise.all([
    db.run.findUnique({ where: { runId } }),
    db.runTest.findMany({ where: { runId }, orderBy: { testId: 'asc' } }),
    db.statusHistory.findMany({ where: { runId }, orderBy: { id: 'asc' } }),
  ]);
  return { run, tests, history };
}

/** supertest parser that keeps a binary body (a PDF) as a Buffer. */
export const binaryBody: Parameters<supertest.Test['parse']>[0] = (res, done) => {
  const stream = res as unknown as NodeJS.ReadableStream;
  const chunks: Buffer[] = [];
  stream.on('data', (c: Buffer) => chunks.push(c));
  stream.on('end', () => done(null, Buffer.concat(chunks)));
};
