/**
 * Runs of real size: `npx tsx bench/run-size.ts` (npm run bench:run-size).
 *
 * Starts the real server on a bench database, seeds a project of 50,000 tests
 * (5 areas of 4 features each) with no ANALYZE afterwards, as right after an
 * import, and times on loopback, three rounds each:
 *   - POST /run/create of 50,000 testIds, of allTests, of one area (sectionIds, with subsections)
 *   - PUT /run/add-tests of 5,000 tests to a 45,000-test run
 *   - PUT /run/lock (snapshot of 50,000 tests), GET /run/tests of the locked run, PUT /run/unlock
 * Every figure is printed; nothing is asserted. Everything started is stopped.
 */
import type { Database } from '../src/db/client';
import { recountLiveTests } from '../src/domain/test-cases/data';
import { benchSettings, runBench, seedMember, seedProject, timedCall } from './support';

const bench = benchSettings('casebook_bench_run_size', 3931);
const { base } = bench;
const SIZE = 50_000;

async function seed(db: Database) {
  const p = db.prisma;
  const member = await seedMember(p, 'Run size bench', 'Admin');
  const { projectId, areas, features } = await seedProject(p, member, 'Run size bench');
  const rows = await p.$queryRaw<{ id: number }[]>`
    INSERT INTO tests (project_id, title, section_id, updated_at)
    SELECT ${projectId}, 'Checkout flow ' || i || ': pay with a saved card and get a receipt', (${features}::int[])[1 + i % ${features.length}], now()
    FROM generate_series(1, ${SIZE}::int) AS i RETURNING id`;
  // Written around the services: the project's catalog counter is set from the rows.
  await recountLiveTests(p, projectId);
  return { token: member.token, projectId, areaId: areas[0], ids: rows.map((r) => r.id).sort((a, b) => a - b) };
}

const call = (label: string, method: string, path: string, token: string, body?: unknown) =>
  timedCall(base, label, method, path, token, body);

async function measure(s: Awaited<ReturnType<typeof seed>>) {
  const { token, projectId } = s;
  for (let round = 1; round <= 3; round++) {
    console.log(`\nround ${round}`);
    await call(`POST /run/create, ${SIZE} testIds`, 'POST', '/run/create', token, { projectId, runName: 'ids', testIds: s.ids });
    await call('POST /run/create, allTests', 'POST', '/run/create', token, { projectId, runName: 'all', allTests: true });
    await call('POST /run/create, sectionIds: one area', 'POST', '/run/create', token, {
      projectId,
      runName: 'area',
      sectionIds: [s.areaId],
    });
    const part = await call(`POST /run/create, ${SIZE - 5000} testIds`, 'POST', '/run/create', token, {
      projectId,
      runName: 'part',
      testIds: s.ids.slice(5000),
    });
    await call('PUT /run/add-tests, 5000 more', 'PUT', '/run/add-tests', token, {
      runId: part.runId,
      projectId,
      testIds: s.ids.slice(0, 5000),
    });
    const q = { runId: part.runId, projectId };
    await call(`PUT /run/lock, ${SIZE} tests (snapshot)`, 'PUT', '/run/lock', token, q);
    await call(
      'GET /run/tests of the locked run, limit 100',
      'GET',
      `/run/tests?runId=${q.runId}&projectId=${projectId}&offset=25000`,
      token,
    );
    await call(`PUT /run/unlock, ${SIZE} tests`, 'PUT', '/run/unlock', token, q);
  }
}

// No VACUUM ANALYZE after seeding: the runs are made right after an import.
runBench({ settings: bench, seed, measure });
