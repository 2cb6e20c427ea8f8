/**
 * Catalog benchmark: `npx tsx bench/catalog.ts` (npm run bench:catalog).
 *
 * Starts the real server on a bench database of the local PostgreSQL, seeds a
 * project through Prisma and the API, and measures on loopback:
 *   - POST /test/bulk-add of 5,000 tests (target < 1 s per call)
 *   - GET /project/tests, page of 100 with filters, 20,000 tests, 50 connections
 *     (target >= 2,000 requests/s and p99 < 50 ms); then sorted by title, last change and
 *     priority (the catalog's column headers), reported alongside
 *   - the same list on a project whose 20,000 tests each hold 10 custom field values: unfiltered,
 *     filtered by a field (cf.<key>: test_field_values; a select, a multiselect option, a number range) and counted,
 *     beside a lookup filter of about as many tests (BENCH_ONLY_FIELDS=1 measures only these)
 *   - GET /tests/download of 100,000 tests, CSV and JSON (target >= 50,000 rows/s,
 *     server RSS < 200 MB, sampled from /proc/<pid>/status during the export)
 * Every figure is printed; nothing is asserted. Everything started is stopped.
 */
import { cpus } from 'node:os';
import type { Database, Db } from '../src/db/client';
import { admin, autocannon, benchSettings, cpuMs, rssKb, rssSampler, runBench, seedMember, seedProject, type BenchServer } from './support';

const bench = benchSettings('casebook_bench_catalog', 3917);
const { databaseUrl, poolSize, connections, duration, base } = bench;

/** A project with its lookups, 20 sections (5 areas of 3 features), 10 labels, 5 squads. */
async function seedCatalogProject(p: Db, member: { orgId: number; userId: number }, projectName: string) {
  const { projectId, sections } = await seedProject(p, member, projectName, { areas: 5, features: 3 });
  const lookups = await p.lookupEntry.findMany({ where: { projectId }, orderBy: { position: 'asc' } });
  const ofKind = (kind: string) => lookups.filter((l) => l.kind === kind).map((l) => l.id);
  const labels = await p.label.createManyAndReturn({
    data: Array.from({ length: 10 }, (_, i) => ({ projectId, labelName: `label-${i}`, nameKey: `label-${i}` })),
  });
  const squads = await p.squad.createManyAndReturn({
    data: Array.from({ length: 5 }, (_, i) => ({ projectId, squadName: `Squad ${i}`, nameKey: `squad ${i}` })),
  });
  return {
    projectId,
    sections,
    priority: ofKind('priority'),
    automation: ofKind('automation_status'),
    type: ofKind('type'),
    platform: ofKind('platform'),
    coveredBy: ofKind('test_covered_by'),
    labels: labels.map((l) => l.labelId),
    squads: squads.map((s) => s.squadId),
  };
}

// The custom fields of the fields project: 10 test fields of 7 types.
const FIELDS = [
  { fieldKey: 'area', type: 'select', options: ['area-0', 'area-1', 'area-2', 'area-3', 'area-4'] },
  { fieldKey: 'browsers', type: 'multiselect', options: ['chrome', 'firefox', 'safari', 'edge'] },
  { fieldKey: 'points', type: 'number' },
  { fieldKey: 'risk', type: 'number' },
  { fieldKey: 'smoke', type: 'checkbox' },
  { fieldKey: 'due', type: 'date' },
  { fieldKey: 'spec', type: 'url' },
  { fieldKey: 'owner_team', type: 'text' },
  { fieldKey: 'component', type: 'text' },
  { fieldKey: 'notes', type: 'textarea' },
] as const;

/** Test i's values of the 10 fields. */
const fieldValues = (i: number) => ({
  area: `area-${i % 5}`,
  browsers: ['chrome', 'firefox', 'safari', 'edge'].filter((_, k) => (i >> k) & 1 || k === i % 4),
  points: i % 13,
  risk: (i % 100) / 10,
  smoke: i % 3 === 0,
  due: `2027-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`,
  spec: `https://specs.example.com/checkout/${i}`,
  owner_team: `Team ${i % 7}`,
  component: `Component ${i % 40}`,
  notes: `Seen on build ${i}: the saved card form takes a moment to appear`,
});

/** An Admin with a token; the measured project, one with 10 custom fields, and one to warm the server up on. */
async function seed(db: Database) {
  const p = db.prisma;
  const member = await seedMember(p, 'Bench', 'Admin');
  const main = await seedCatalogProject(p, member, 'Catalog bench');
  const fields = await seedCatalogProject(p, member, 'Fields bench');
  await p.customField.createMany({
    data: FIELDS.map((f) => ({
      projectId: fields.projectId,
      fieldName: f.fieldKey,
      appliesTo: 'test' as const,
      ...f,
      options: [...(('options' in f && f.options) || [])],
    })),
  });
  const warmUp = await seedCatalogProject(p, member, 'Warm-up');
  return { token: member.token, main, fields, warmUp };
}
type Seed = Awaited<ReturnType<typeof seedCatalogProject>> & { token: string };

function testsFor(seed: Seed, from: number, count: number, withFields = false) {
  return Array.from({ length: count }, (_, k) => {
    const i = from + k;
    return {
      title: `Checkout flow ${i}: pay with a saved card`,
      steps: '1. Open the cart\n2. Choose the saved card\n3. Confirm the payment',
      expectedResult: 'The order is confirmed and a receipt is sent',
      sectionId: seed.sections[i % seed.sections.length],
      priorityId: seed.priority[i % seed.priority.length],
      automationStatusId: seed.automation[i % seed.automation.length],
      typeId: seed.type[i % seed.type.length],
      platformId: seed.platform[i % seed.platform.length],
      testCoveredById: seed.coveredBy[i % seed.coveredBy.length],
      squadId: seed.squads[i % seed.squads.length],
      labels: [seed.labels[i % seed.labels.length]],
      ...(withFields && { customFields: fieldValues(i) }),
    };
  });
}

async function bulkAdd(seed: Seed, from: number, withFields = false): Promise<number> {
  const body = JSON.stringify({ projectId: seed.projectId, tests: testsFor(seed, from, 5000, withFields) });
  const started = performance.now();
  const res = await fetch(`${base}/api/v1/test/bulk-add`, {
    method: 'POST',
    body,
    headers: { Authorization: `Bearer ${seed.token}`, 'Content-Type': 'application/json' },
  });
  const ms = performance.now() - started;
  if (res.status !== 201) throw new Error(`bulk-add answered ${res.status}: ${await res.text()}`);
  return ms;
}

/** Requests/s and latency of one URL under `connections` concurrent connections, and the server's CPU per request. */
async function throughput(pid: number, token: string, label: string, url: string) {
  const opts = { url, connections, headers: { Authorization: `Bearer ${token}` } };
  await autocannon({ ...opts, duration: 2 }); // warm-up, not reported
  const cpuBefore = cpuMs(pid);
  const r = await autocannon({ ...opts, duration });
  const cpuPerRequest = (cpuMs(pid) - cpuBefore) / Math.max(1, r.requests.total);
  console.log(
    `${label}: ${r.requests.average.toFixed(0)} requests/s, p50 ${r.latency.p50} ms, p99 ${r.latency.p99} ms, ` +
      `max ${r.latency.max} ms, non-2xx ${r.non2xx}, errors ${r.errors}; server CPU ${cpuPerRequest.toFixed(2)} ms/request`,
  );
}

async function listThroughput(pid: number, seed: Seed, label: string, query: string) {
  const url = `${base}/api/v1/project/tests?projectId=${seed.projectId}&${query}`;
  const check = await fetch(url, { headers: { Authorization: `Bearer ${seed.token}` } });
  const page = (await check.json()) as { data: { tests: unknown[]; total: number } };
  await throughput(
    pid,
    seed.token,
    `GET /project/tests ${label} (${query}; page of ${page.data.tests.length}, total ${page.data.total})`,
    url,
  );
}

async function exportRun(seed: Seed, pid: number, format: 'csv' | 'json') {
  const before = rssKb(pid);
  const rss = rssSampler(pid);
  try {
    const cpuBefore = cpuMs(pid);
    const started = performance.now();
    const res = await fetch(`${base}/api/v1/tests/download?projectId=${seed.projectId}&format=${format}`, {
      headers: { Authorization: `Bearer ${seed.token}` },
    });
    if (!res.ok || !res.body) throw new Error(`export answered ${res.status}`);
    // Rows are counted as they arrive by a marker each row holds once (steps span lines, so not by newlines).
    const marker = format === 'csv' ? 'Checkout flow ' : '"testId":';
    let rows = 0;
    let bytes = 0;
    let tail = '';
    const decoder = new TextDecoder();
    for await (const chunk of res.body) {
      bytes += chunk.byteLength;
      const text = tail + decoder.decode(chunk, { stream: true });
      rows += text.split(marker).length - 1;
      tail = text.slice(-marker.length + 1);
    }
    const seconds = (performance.now() - started) / 1000;
    const peakMb = rss.peak();
    console.log(
      `GET /tests/download format=${format}: ${rows} rows, ${(bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(2)} s = ` +
        `${Math.round(rows / seconds)} rows/s; server CPU ${Math.round(cpuMs(pid) - cpuBefore)} ms; ` +
        `server RSS ${Math.round(before / 1024)} MB before, peak ${Math.round(peakMb)} MB`,
    );
  } finally {
    rss.stop();
  }
}

/** The catalog of 20,000 tests holding 10 custom field values each: listed, filtered by a field, counted. */
async function measureFields(project: Seed, pid: number) {
  const addTimes: number[] = [];
  for (let from = 0; from < 20_000; from += 5000) addTimes.push(await bulkAdd(project, from, true));
  console.log(
    `POST /test/bulk-add, 5,000 tests with 10 custom field values each: ${addTimes.map((ms) => `${Math.round(ms)} ms`).join(', ')}`,
  );
  await admin('VACUUM ANALYZE tests, test_labels, test_field_values', databaseUrl);
  await listThroughput(pid, project, '10 custom fields, no filter', 'limit=100');
  // A lookup filter of about as many tests (5,000 of 20,000) as the cf select filter's (4,000): the yardstick.
  const priority = project.priority[1];
  await listThroughput(pid, project, '10 custom fields, one lookup filter', `priorityId=${priority}&limit=100`);
  await listThroughput(pid, project, '10 custom fields, cf select filter', 'cf.area=area-2&limit=100');
  await listThroughput(pid, project, '10 custom fields, cf multiselect contains', 'cf.browsers=edge&limit=100');
  await listThroughput(pid, project, '10 custom fields, cf number range', 'cf.points.gte=4&cf.points.lte=6&limit=100');
  const count = `${base}/api/v1/project/tests-count?projectId=${project.projectId}&cf.area=area-2`;
  await throughput(pid, project.token, 'GET /project/tests-count 10 custom fields, cf select filter', count);
  const lookupCount = `${base}/api/v1/project/tests-count?projectId=${project.projectId}&priorityId=${priority}`;
  await throughput(pid, project.token, 'GET /project/tests-count 10 custom fields, one lookup filter', lookupCount);
}

async function measure(seeded: Awaited<ReturnType<typeof seed>>, server: BenchServer) {
  const project: Seed = { ...seeded.main, token: seeded.token };
  console.log(`server pid ${server.pid}, pool ${poolSize}, ${connections} connections, ${duration} s per run, ${cpus().length} CPUs`);

  // A first call warms the server up (JIT, query compiler) on a project of its own.
  const warm = await bulkAdd({ ...seeded.warmUp, token: seeded.token }, 0);
  if (process.env.BENCH_ONLY_FIELDS) return measureFields({ ...seeded.fields, token: seeded.token }, server.pid);
  const addTimes: number[] = [];
  for (let from = 0; from < 20_000; from += 5000) addTimes.push(await bulkAdd(project, from));
  console.log(
    `POST /test/bulk-add, 5,000 tests per call: first call on a cold server ${Math.round(warm)} ms, then ${addTimes.map((ms) => `${Math.round(ms)} ms`).join(', ')}`,
  );
  // Autovacuum would get here on its own within a minute of the inserts; the bench does not wait.
  await admin('VACUUM ANALYZE tests, test_labels', databaseUrl);

  const { pid } = server;
  // The floor under every API call: authentication (its queries) plus the smallest route.
  await throughput(pid, project.token, 'GET /orgs (authentication + one small query, for comparison)', `${base}/api/v1/orgs`);
  const [priority, automation, section] = [project.priority[1], project.automation[0], project.sections[5]];
  await listThroughput(pid, project, 'one filter', `priorityId=${priority}&limit=100`);
  await listThroughput(
    pid,
    project,
    'two filters, second page',
    `priorityId=${priority}&automationStatusId=${automation}&limit=100&offset=100`,
  );
  await listThroughput(
    pid,
    project,
    'section + priority + search',
    `sectionId=${section}&priorityId=${priority}&search=saved%20card&limit=100`,
  );
  // The catalog's sorts (the web app's column headers): the whole project, and under a filter.
  await listThroughput(pid, project, 'by title', `sort=title&limit=200`);
  await listThroughput(pid, project, 'by last change, newest first', `sort=updatedAt&order=desc&limit=200`);
  await listThroughput(pid, project, 'by priority, third page', `sort=priority&limit=200&offset=400`);
  await listThroughput(pid, project, 'one filter, by title descending', `priorityId=${priority}&sort=title&order=desc&limit=100`);

  await measureFields({ ...seeded.fields, token: seeded.token }, pid);

  if (process.env.BENCH_SKIP_EXPORT) return;
  const moreTimes: number[] = [];
  for (let from = 20_000; from < 100_000; from += 5000) moreTimes.push(await bulkAdd(project, from));
  const sorted = [...moreTimes].sort((a, b) => a - b);
  console.log(
    `POST /test/bulk-add on a growing project (20,000 → 100,000): median ${Math.round(sorted[sorted.length >> 1])} ms, ` +
      `max ${Math.round(sorted[sorted.length - 1])} ms over ${moreTimes.length} calls`,
  );
  // The export is measured on a freshly started server, so its RSS is not the heap
  // left behind by the bulk-add bodies above.
  await server.restart();
  await fetch(`${base}/api/v1/labels?projectId=${project.projectId}`, { headers: { Authorization: `Bearer ${project.token}` } });
  console.log(`fresh server, after one request: RSS ${Math.round(rssKb(server.pid) / 1024)} MB`);
  for (const format of ['csv', 'json', 'csv', 'json'] as const) await exportRun(project, server.pid, format);
}

runBench({ settings: bench, seed, measure });
