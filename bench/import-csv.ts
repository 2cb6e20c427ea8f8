/**
 * CSV import at a migration's size: `npx tsx bench/import-csv.ts` (npm run bench:import-csv).
 *
 * Starts the real server on a bench database with an empty project (default lookups), generates a
 * TestRail-style export of 50,000 test cases (about 20 MB: a section hierarchy of 3 levels and 300
 * sections, three numbered steps with expected results, preconditions, priority, type, two labels
 * of 50 and an automation key each), and times POST /test/import-csv with the testrail preset over
 * loopback: a dry run, then the import. Prints rows, seconds, rows/s and the server's RSS before
 * and at its peak during each. Targets: the import under 15 s, RSS peak under 250 MB. Nothing is
 * asserted but the counts; everything started is stopped.
 */
import type { Database } from '../src/db/client';
import { defaultLookupRows } from '../src/domain/lookups/lookup-defaults';
import { benchSettings, rssKb, runBench, seedMember, type BenchServer } from './support';

const bench = benchSettings('casebook_bench_import_csv', 3941);
const ROWS = 50_000;

async function seed(db: Database) {
  const p = db.prisma;
  const member = await seedMember(p, 'CSV import bench', 'User');
  const { projectId } = await p.project.create({ data: { orgId: member.orgId, projectName: 'CSV 50k', createdBy: member.userId } });
  await p.lookupEntry.createMany({ data: defaultLookupRows(projectId) });
  return { token: member.token, projectId };
}

const quote = (s: string) => `"${s.replace(/"/g, '""')}"`;
const priorities = ['Critical', 'High', 'Medium', 'Low'];
const types = ['Functional', 'Regression', 'Smoke'];

/** A TestRail export of `rows` cases. */
function testrailCsv(rows: number): Buffer {
  const lines = ['ID,Title,Section,Section Hierarchy,Type,Priority,References,Preconditions,Steps (Step),Steps (Expected Result),Labels'];
  for (let i = 0; i < rows; i++) {
    const area = `Area ${i % 5}`;
    const feature = `Feature ${i % 30}`;
    const part = `Part ${i % 300}`;
    const steps = [1, 2, 3].map((n) => `${n}. Do step ${n} of case ${i} with some words to read`).join('\n');
    const expected = [1, 2, 3].map((n) => `${n}. Step ${n} of case ${i} shows what it should`).join('\n');
    lines.push(
      [
        `C${i + 1}`,
        quote(`Case ${i}: the user does a thing, "quoted", and sees the result`),
        part,
        quote(`${area} > ${feature} > ${part}`),
        types[i % types.length],
        priorities[i % priorities.length],
        `JIRA-${i}`,
        quote(`Logged in as user ${i % 100}`),
        quote(steps),
        quote(expected),
        quote(`tag${i % 50}, suite${i % 7}`),
      ].join(','),
    );
  }
  return Buffer.from(`${lines.join('\r\n')}\r\n`);
}

const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`;

async function importCsv(label: string, server: BenchServer, token: string, projectId: number, csv: Buffer, dryRun: boolean) {
  await new Promise((resolve) => setTimeout(resolve, 1000));
  server.rss.peak();
  const before = rssKb(server.pid);
  const started = performance.now();
  const mapping = encodeURIComponent(JSON.stringify({ preset: 'testrail' }));
  const res = await fetch(`${bench.base}/api/v1/test/import-csv?projectId=${projectId}&dryRun=${dryRun}&mapping=${mapping}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' },
    body: csv,
  });
  const json = (await res.json()) as { data: Record<string, unknown> };
  const seconds = (performance.now() - started) / 1000;
  const peak = server.rss.peak() * 1024;
  if (res.status !== 201) throw new Error(`${label}: HTTP ${res.status} ${JSON.stringify(json).slice(0, 300)}`);
  const d = json.data as {
    rowsRead: number;
    testsToCreate: number;
    created: number;
    errorCount: number;
    sectionsToCreate: { count: number };
  };
  console.log(`\n${label}: ${(csv.length / 2 ** 20).toFixed(1)} MiB`);
  console.log(
    `  rows ${d.rowsRead}, tests ${d.testsToCreate}, created ${d.created}, sections ${d.sectionsToCreate.count}, errors ${d.errorCount}`,
  );
  console.log(`  ${seconds.toFixed(2)} s, ${Math.round(d.rowsRead / seconds)} rows/s (target: under 15 s)`);
  console.log(`  server RSS before ${mb(before)}, peak ${mb(peak)} (+${mb(peak - before)}) (target: peak under 250 MB)`);
}

async function measure(s: Awaited<ReturnType<typeof seed>>, server: BenchServer) {
  const csv = testrailCsv(ROWS);
  await importCsv(`${ROWS} rows, dry run`, server, s.token, s.projectId, csv, true);
  await importCsv(`${ROWS} rows, import`, server, s.token, s.projectId, csv, false);
}

runBench({ settings: bench, seed, measure, sampleRss: true });
