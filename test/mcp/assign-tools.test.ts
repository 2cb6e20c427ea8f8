import { createTests } from '../support/catalog-factories';
import { createWorld, type World } from '../support/factories';
import { connectMcp, dataOf, errorOf, restAs, startRealApp, type McpSession, type RunningApp } from './support';

// assign-tests, get-my-work and get-project-members through the real SDK client against the real app.

let app: RunningApp;
let w: World;
let user: McpSession;
let reader: McpSession;

beforeAll(async () => {
  app = await startRealApp();
  w = await createWorld(app.db);
  [user, reader] = await Promise.all([
    connectMcp({ CASEBOOK_URL: app.url, CASEBOOK_TOKEN: w.user.token }),
    connectMcp({ CASEBOOK_URL: app.url, CASEBOOK_TOKEN: w.reader.token }),
  ]);
});
afterAll(async () => {
  await Promise.all([user?.close(), reader?.close()]);
  await app?.close();
});

it('lists the members, splits a run between two of them, and each finds their work', async () => {
  const projectId = w.projectA.projectId;
  const members = dataOf<{ items: { userId: number }[] }>(await reader.call('get-project-members', { projectId }));
  expect(members.items.map((m) => m.userId)).toEqual(expect.arrayContaining([w.user.userId, w.reader.userId]));
  const testIds = await createTests(app.db, projectId, 4);
  const rest = restAs(app.url, w.user.token);
  const run = await rest.call<{ runId: number }>('POST', '/run/create', { projectId, runName: 'Split', testIds });
  const split = dataOf<{ assigned: number; assignees: { assigneeId: number; count: number }[] }>(
    await user.call('assign-tests', { projectId, runId: run.runId, allTests: true, distribute: [w.user.userId, w.reader.userId] }),
  );
  expect(split).toEqual({
    assigned: 4,
    assignees: [
      { assigneeId: w.user.userId, count: 2 },
      { assigneeId: w.reader.userId, count: 2 },
    ],
  });
  const work = dataOf<{ runs: { runId: number; untested: number }[]; untested: number }>(await reader.call('get-my-work', {}));
  expect(work.runs).toEqual([expect.objectContaining({ runId: run.runId, untested: 2 })]);
  const mine = dataOf<{ tests: { testId: number }[] }>(
    await reader.call('get-run-tests-list', { projectId, runId: run.runId, assigneeId: 'me' }),
  );
  expect(mine.tests.map((x) => x.testId)).toEqual(testIds.slice(2));

  const refused = errorOf(await user.call('assign-tests', { projectId, runId: run.runId, allTests: true, assigneeId: w.adminB.userId }));
  expect(refused.message).toBe(`Invalid request: assigneeId: User ${w.adminB.userId} is not a member of the run's organization`);
  expect(refused.tip).toContain('get-project-members');
  const denied = errorOf(await reader.call('assign-tests', { projectId, runId: run.runId, allTests: true, assigneeId: null }));
  expect(denied.tip).toContain('needs the User role');
});
