import { jobs, junitXml, sessionStart, TARGET_CHARS, TARGET_LIST_CHARS } from '../../bench/assistant/jobs';
import { PROJECT_NAME, seedHistory, seedStructure, type Seeded } from '../../bench/assistant/seed';
import { connectStdio, recorder, type McpConnection } from '../../bench/assistant/session';
import { startRealApp, type RunningApp } from './support';

// The assistant bench's after jobs (bench/assistant/jobs.ts) on its seeded project, through
// `casebook mcp` with the default tool list: each finds what the before variant found, within
// its targets (calls, characters), and the tool list stays under its own.

let app: RunningApp;
let mcp: McpConnection;

beforeAll(async () => {
  app = await startRealApp();
  const seeded: Seeded = await seedStructure({ prisma: app.db });
  await seedHistory(app.url, app.databaseUrl, seeded);
  mcp = await connectStdio(app.url, seeded.token);
}, 120_000);
afterAll(async () => {
  await mcp?.close();
  await app?.close();
});

/** What each job finds, by title (as the bench prints it). */
const FOUND: Record<string, string | RegExp> = {
  'latest run failures grouped by error': '41 failed tests in 5 error groups',
  'flaky tests over 30 runs': '20 flaky tests',
  'regression run of a section, its label passed': 'run of 90 tests, 30 marked passed',
  'create 15 tests in a new section': '15 tests created',
  'import a JUnit file': /^run \d+: 30 tests created, 2 failed$/,
  'never-run tests': '19 tests never run',
  'what changed since yesterday':
    '15 tests changed (3 created, 12 edited; who and which fields), 2 deleted, 8 results in any run; complete',
  'release summary (a milestone)': '6 runs, pass rate 86.9%, 145 failed',
};

it('offers a tool list under its target, and needs no call to find the project', async () => {
  const list = await mcp.client.listTools();
  expect(JSON.stringify(list).length).toBeLessThan(TARGET_LIST_CHARS);
  const start = recorder(mcp.client);
  await sessionStart.after!({ ...start, projectName: PROJECT_NAME, projectId: 0, orgId: 0, junitXml: '' });
  expect(start.records).toEqual([]);
});

it('does every job within its calls and characters, finding what the before variant found', async () => {
  // Reads first, as the bench does: the writes are not among what changed since yesterday.
  const ordered = [...jobs].sort((a, b) => Number(!!a.writes) - Number(!!b.writes));
  const done: Record<string, { found: string; calls: number; chars: number }> = {};
  for (const job of ordered) {
    const r = recorder(mcp.client);
    const found = await job.after!({ call: r.call, data: r.data, projectName: PROJECT_NAME, projectId: 0, orgId: 0, junitXml: junitXml() });
    done[job.title] = { found, calls: r.records.length, chars: r.records.reduce((n, c) => n + c.argChars + c.answerChars, 0) };
  }
  for (const job of jobs) {
    const { found, calls, chars } = done[job.title];
    expect({ title: job.title, found }).toEqual({ title: job.title, found: expect.stringMatching(asPattern(FOUND[job.title])) });
    expect({ title: job.title, calls: calls <= job.maxCalls, chars: chars <= TARGET_CHARS }).toEqual({
      title: job.title,
      calls: true,
      chars: true,
    });
  }
}, 120_000);

const asPattern = (f: string | RegExp) => (typeof f === 'string' ? new RegExp(`^${f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) : f);
