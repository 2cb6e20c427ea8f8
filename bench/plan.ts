/**
 * Test plans of real size: `npx tsx bench/plan.ts` (npm run bench:plan).
 *
 * Starts the real server on a bench database, seeds a project of 50,000 tests (5 areas of 4
 * features each, no ANALYZE afterwards, as right after an import) and 10 configurations (Browser:
 * 5 options × OS: 2), and times on loopback, three rounds each:
 *   - POST /run/create of the 50,000 tests: one run, the reference a plan's cost reads against
 *   - POST /plan/create: allTests on all 10 combinations (500,000 results; target < 10 s)
 *   - the same with the tests split between 4 testers (assignTo)
 *   - GET /plan/detail (runs, assignees, a matrix page), GET /plan/report (json)
 *   - PUT /plan/lock (10 snapshots of 50,000 tests), DELETE /plan/delete
 * Every figure is printed; nothing is asserted. Everything started is stopped.
 */
import type { Database } from '../src/db/client';
import { recountLiveTests } from '../src/domain/test-cases/data';
import { benchSettings, runBench, seedMember, seedProject, timedCall } from './support';

const bench = benchSettings('casebook_bench_plan', 3933);
const { base } = bench;
const SIZE = 50_000;
const TESTERS = 4;

async function seed(db: Database) {
  const p = db.prisma;
  const member = await seedMember(p, 'Plan bench', 'Admin');
  const { projectId, features } = await seedProject(p, member, 'Plan bench');
  await p.$executeRaw`
    INSERT INTO tests (project_id, title, section_id, updated_at)
    SELECT ${projectId}, 'Checkout flow ' || i || ': pay with a saved card and get a receipt', (${features}::int[])[1 + i / ${SIZE / features.length + 1}], now()
    FROM generate_series(1, ${SIZE}::int) AS i`;
  await recountLiveTests(p, projectId);
  const group = (name: string, options: string[]) =>
    p.configurationGroup.create({
      data: { projectId, name, options: { create: options.map((o, position) => ({ name: o, position })) } },
      include: { options: true },
    });
  const browsers = await group('Browser', ['Chrome', 'Firefox', 'Safari', 'Edge', 'Opera']);
  const os = await group('OS', ['Linux', 'Windows']);
  const combos = browsers.options.flatMap((b) => os.options.map((o) => [b.optionId, o.optionId]));
  const testers: number[] = [member.userId];
  for (let i = 1; i < TESTERS; i++) {
    const u = await p.user.create({
      data: { email: `plan-tester-${i}@example.test`, name: `Tester ${i}`, memberships: { create: { orgId: member.orgId, role: 'User' } } },
    });
    testers.push(u.userId);
  }
  return { token: member.token, projectId, combos, testers };
}

const call = (label: string, method: string, path: string, token: string, body?: unknown) =>
  timedCall(base, label, method, path, token, body);

async function measure(s: Awaited<ReturnType<typeof seed>>) {
  const { token, projectId, combos, testers } = s;
  for (let round = 1; round <= 3; round++) {
    console.log(`\nround ${round}`);
    // The reference: one run of the same tests, as POST /run/create makes it.
    const single = await call(`POST /run/create, ${SIZE} tests (reference: one run)`, 'POST', '/run/create', token, {
      projectId,
      runName: `Reference ${round}`,
      allTests: true,
    });
    const entry = { allTests: true, configurations: combos };
    const plan = await call(`POST /plan/create, ${SIZE} tests × ${combos.length} configurations`, 'POST', '/plan/create', token, {
      projectId,
      name: `Release ${round}`,
      entries: [entry],
    });
    const split = await call(`POST /plan/create, the same, split between ${testers.length}`, 'POST', '/plan/create', token, {
      projectId,
      name: `Release ${round} assigned`,
      entries: [{ ...entry, assignTo: testers }],
    });
    const q = `projectId=${projectId}&planId=${split.planId}`;
    await call('GET /plan/detail (matrix page of 100)', 'GET', `/plan/detail?${q}`, token);
    await call('GET /plan/detail, matrix offset 25,000', 'GET', `/plan/detail?${q}&offset=25000`, token);
    await call('GET /plan/report (json)', 'GET', `/plan/report?${q}`, token);
    await call(`PUT /plan/lock, ${combos.length} runs`, 'PUT', '/plan/lock', token, { projectId, planId: split.planId });
    await call('DELETE /plan/delete (locked)', 'DELETE', '/plan/delete', token, { projectId, planId: split.planId });
    await call('DELETE /plan/delete', 'DELETE', '/plan/delete', token, { projectId, planId: plan.planId });
    await call('DELETE /run/delete (reference)', 'DELETE', '/run/delete', token, { projectId, runId: single.runId });
  }
}

// No VACUUM ANALYZE after seeding: plans are made right after an import.
runBench({ settings: bench, seed, measure });
