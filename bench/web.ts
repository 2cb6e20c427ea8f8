/**
 * Web app speed: `npx tsx bench/web.ts` (npm run bench:web).
 *
 * - The first load's JavaScript: every script web/dist/index.html loads, and what
 *   they import, gzipped (target: at most 250 KB in total).
 * - On the real server with a 20,000-test project (5 areas of 4 features each):
 *   signed in through the token form in headless Chromium, the time from
 *   navigating to the project's catalog until its first test rows show
 *   (target: within 1 s), five rounds, plus the browser's own load timings.
 * Builds web/dist first when it is missing. Prints figures; asserts nothing.
 */
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import type { Database } from '../src/db/client';
import { recountLiveTests } from '../src/domain/test-cases/data';
import { launchBrowser } from '../test/support/browser';
import { benchSettings, runBench, seedMember, seedProject } from './support';

const bench = benchSettings('casebook_bench_web', 3934);
const { base } = bench;
const SIZE = Number(process.env.BENCH_TESTS ?? 20_000);
const ROUNDS = 5;
const dist = path.resolve(__dirname, '../web/dist');

/** The scripts the first load fetches: index.html's, and the modules they preload. */
function firstLoadScripts(): string[] {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
  return [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
}

function reportSizes() {
  const gz = (file: string) => zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: 9 }).length;
  const first = firstLoadScripts();
  const all = fs
    .readdirSync(path.join(dist, 'assets'))
    .filter((f) => f.endsWith('.js'))
    .map((f) => `assets/${f}`);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
  const firstGz = first.reduce((n, f) => n + gz(f), 0);
  console.log(`first load: ${first.length} script(s), ${kb(firstGz)} gzipped (target ≤ 250 KB)`);
  console.log(`all JavaScript of the app: ${all.length} file(s), ${kb(all.reduce((n, f) => n + gz(f), 0))} gzipped`);
}

async function seed(db: Database) {
  const p = db.prisma;
  const member = await seedMember(p, 'Web bench', 'User');
  const { projectId, features } = await seedProject(p, member, 'Web bench');
  await p.$executeRaw`
    INSERT INTO tests (project_id, title, section_id, updated_at)
    SELECT ${projectId}, 'Checkout flow ' || i || ': pay with a saved card and get a receipt', (${features}::int[])[1 + i % ${features.length}], now()
    FROM generate_series(1, ${SIZE}::int) AS i`;
  // Written around the services: the project's catalog counter is set from the rows.
  await recountLiveTests(p, projectId);
  return { token: member.token, projectId };
}

async function measure(s: Awaited<ReturnType<typeof seed>>) {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(`${base}/login`);
    await page.getByLabel('API token').fill(s.token);
    await Promise.all([
      page.waitForURL((url) => !url.pathname.startsWith('/login') && !url.pathname.startsWith('/auth')),
      page.getByLabel('API token').press('Enter'),
    ]);
    const catalog = `${base}/projects/${s.projectId}/catalog`;
    // A test row links to its test case page.
    const firstRow = `main a[href*="/projects/${s.projectId}/tests/"]`;
    const times: number[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      await page.goto(`${base}/projects`);
      await page.waitForLoadState('networkidle');
      const started = performance.now();
      await page.goto(catalog);
      await page.locator(firstRow).first().waitFor({ state: 'visible', timeout: 30_000 });
      const ms = performance.now() - started;
      const rows = await page.locator(firstRow).count();
      // A string: the server's tsconfig has no DOM types.
      const nav = await page.evaluate<{ domContentLoaded: number; load: number }>(
        "(() => { const [n] = performance.getEntriesByType('navigation'); return { domContentLoaded: n.domContentLoadedEventEnd, load: n.loadEventEnd }; })()",
      );
      times.push(ms);
      console.log(
        `round ${round}: catalog of ${SIZE} tests, first ${rows} rows visible after ${ms.toFixed(0)} ms ` +
          `(DOMContentLoaded ${nav.domContentLoaded.toFixed(0)} ms, load ${nav.load.toFixed(0)} ms)`,
      );
    }
    const sorted = [...times].sort((a, b) => a - b);
    console.log(
      `catalog first rows: median ${sorted[Math.floor(ROUNDS / 2)].toFixed(0)} ms, max ${sorted.at(-1)!.toFixed(0)} ms (target ≤ 1000 ms)`,
    );
  } finally {
    await browser.close();
  }
}

if (!fs.existsSync(path.join(dist, 'index.html'))) {
  console.error('web/dist is missing: run npm run web:build first');
  process.exit(1);
}
reportSizes();
runBench({ settings: bench, seed, measure, vacuumAnalyze: true });
