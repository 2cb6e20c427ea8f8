import { createTests } from '../support/catalog-factories';
import { createWorld, type World } from '../support/factories';
import { ALL_TOOLS, connectMcp, dataOf, errorOf, restAs, startRealApp, type McpSession, type RunningApp } from './support';

// get-milestones and get-milestone-progress through the real SDK client against the real app,
// and create-run / get-runs taking a milestone.

let app: RunningApp;
let w: World;
let user: McpSession;
let projectId: number;

beforeAll(async () => {
  app = await startRealApp();
  w = await createWorld(app.db);
  user = await connectMcp({ CASEBOOK_URL: app.url, CASEBOOK_TOKEN: w.user.token }, ALL_TOOLS);
  projectId = w.projectA.projectId;
});
afterAll(async () => {
  await user?.close();
  await app?.close();
});

it('lists milestones and shows the progress of one across its runs', async () => {
  const rest = restAs(app.url, w.user.token);
  const release = await rest.call<{ milestoneId: number }>('POST', '/milestone/create', {
    projectId,
    name: 'Release 3',
    dueDate: '2020-01-01',
  });
  await rest.call('POST', '/milestone/create', { projectId, name: 'Release 4' });
  const ids = await createTests(app.db, projectId, 3);
  const run = dataOf<{ runId: number; milestoneId: number }>(
    await user.call('create-run', { projectId, runName: 'Regression', testIds: ids, milestoneId: release.milestoneId }),
  );
  expect(run.milestoneId).toBe(release.milestoneId);
  await rest.call('PUT', '/run/update-test-status', {
    projectId,
    runId: run.runId,
    testResults: [
      { testId: ids[0], status: 'passed' },
      { testId: ids[1], status: 'failed', defects: ['BUG-7'] },
    ],
  });

  const list = dataOf<{
    milestones: { name: string; overdue: boolean; statusCounts: { total: number } }[];
    total: number;
    hasMore: boolean;
  }>(await user.call('get-milestones', { projectId, status: 'open' }));
  expect(list.total).toBe(2);
  expect(list.hasMore).toBe(false);
  expect(list.milestones.map((m) => [m.name, m.overdue, m.statusCounts.total])).toEqual([
    ['Release 3', true, 3],
    ['Release 4', false, 0],
  ]);
  const progress = dataOf<{
    progress: { passRate: number; untested: number; failedTests: { testId: number; defects: { id: string }[] }[] };
  }>(await user.call('get-milestone-progress', { projectId, milestoneId: release.milestoneId }));
  expect(progress.progress.passRate).toBeCloseTo(33.33);
  expect(progress.progress.untested).toBe(1);
  expect(progress.progress.failedTests.map((f) => [f.testId, f.defects.map((d) => d.id)])).toEqual([[ids[1], ['BUG-7']]]);
  const runs = dataOf<{ runs: { runId: number }[] }>(await user.call('get-runs', { projectId, milestoneId: release.milestoneId }));
  expect(runs.runs.map((r) => r.runId)).toEqual([run.runId]);

  // failedLimit lists fewer failed results (the tool's default 20; REST's 200); failedCount counts them all.
  const none = dataOf<{ progress: { failedCount: number; failedTests: unknown[] } }>(
    await user.call('get-milestone-progress', { projectId, milestoneId: release.milestoneId, failedLimit: 0 }),
  );
  expect(none.progress).toMatchObject({ failedCount: 1, failedTests: [] });

  const missing = errorOf(await user.call('get-milestone-progress', { projectId, milestoneId: 2147483647 }));
  expect(missing.message).toBe('Milestone not found');
  expect(missing.tip).toContain('get-milestones');
});
