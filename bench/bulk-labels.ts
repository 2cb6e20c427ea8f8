/**
 * Bulk writes with many labels: `npx tsx bench/bulk-labels.ts` (npm run bench:bulk-labels).
 *
 * Starts the real server on a bench database of the local PostgreSQL and measures
 * on loopback, with 5,000 tests of 100 labels each (500,000 test_labels rows):
 *   - POST /test/bulk-add (must answer 201 within the bulk transaction timeout)
 *   - PUT /test/bulk-update replacing every test's 100 labels, then repeating them
 * It prints the request body size against the 5 MiB body limit, each call's time
 * and the server's CPU time in it (the rest is PostgreSQL's), and the test_labels
 * rows counted afterwards. Nothing is asserted.
 */
import { Client } from 'pg';
import type { Database } from '../src/db/client';
import { benchSettings, cpuMs, runBench, seedMember, type BenchServer } from './support';

const bench = benchSettings('casebook_bench_bulk_labels', 3919);
const { databaseUrl, base } = bench;
const TESTS = 5000;
const LABELS = 100;

async function seed(db: Database) {
  const p = db.prisma;
  const { orgId, userId, token } = await seedMember(p, 'Bench', 'Admin');
  const project = await p.project.create({ data: { orgId, projectName: 'Labels bench', createdBy: userId } });
  const projectId = project.projectId;
  const labels = await p.label.createManyAndReturn({
    data: Array.from({ length: 2 * LABELS }, (_, i) => ({ projectId, labelName: `label-${i}`, nameKey: `label-${i}` })),
  });
  return { token, projectId, labels: labels.map((l) => l.labelId) };
}

async function call(pid: number, method: 'POST' | 'PUT', path: string, token: string, payload: unknown) {
  const body = JSON.stringify(payload);
  const cpuBefore = cpuMs(pid);
  const started = performance.now();
  const res = await fetch(`${base}/api/v1${path}`, {
    method,
    body,
    headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
  });
  const ms = performance.now() - started;
  const cpu = cpuMs(pid) - cpuBefore;
  const text = await res.text();
  const mib = (body.length / 1024 / 1024).toFixed(2);
  console.log(
    `${method} ${path}: ${res.status} in ${Math.round(ms)} ms (server CPU ${Math.round(cpu)} ms); body ${mib} MiB (limit 5 MiB)${res.ok ? '' : `: ${text.slice(0, 200)}`}`,
  );
  return res.ok ? (JSON.parse(text) as { data: { testIds: number[] } }).data : undefined;
}

async function countLabelLinks(projectId: number): Promise<number> {
  const c = new Client({ connectionString: databaseUrl });
  await c.connect();
  try {
    const { rows } = await c.query(
      'SELECT count(*)::int AS n FROM test_labels tl JOIN tests t ON t.id = tl.test_id WHERE t.project_id = $1',
      [projectId],
    );
    return rows[0].n;
  } finally {
    await c.end();
  }
}

async function measure({ token, projectId, labels }: Awaited<ReturnType<typeof seed>>, server: BenchServer) {
  const { pid } = server;
  // A small call first warms the server up (JIT, query compiler).
  await call(pid, 'POST', '/test/bulk-add', token, { projectId, tests: [{ title: 'warm-up', labels: labels.slice(0, LABELS) }] });
  const first = labels.slice(0, LABELS);
  const tests = Array.from({ length: TESTS }, (_, i) => ({ title: `Labelled ${i}`, labels: first }));
  const added = await call(pid, 'POST', '/test/bulk-add', token, { projectId, tests });
  // The body grows with the width of the label ids (ids come from one sequence for all projects).
  for (const digits of [8, 9]) {
    const wide = Array.from({ length: LABELS }, (_, k) => 10 ** (digits - 1) + k);
    const size = JSON.stringify({ projectId, tests: tests.map((x) => ({ ...x, labels: wide })) }).length;
    console.log(`the same bulk-add body with ${digits}-digit label ids: ${(size / 1024 / 1024).toFixed(2)} MiB`);
  }
  console.log(`test_labels rows of the project after bulk-add: ${await countLabelLinks(projectId)} (expected ${TESTS * LABELS + LABELS})`);
  if (!added) return;
  const second = labels.slice(LABELS);
  const relabel = { tests: added.testIds.map((testId) => ({ testId, labels: second })) };
  await call(pid, 'PUT', '/test/bulk-update', token, relabel);
  // The same labels once more: nothing to change in test_labels.
  await call(pid, 'PUT', '/test/bulk-update', token, relabel);
  console.log(
    `test_labels rows of the project after bulk-update: ${await countLabelLinks(projectId)} (expected ${TESTS * LABELS + LABELS})`,
  );
}

runBench({ settings: bench, seed, measure });
