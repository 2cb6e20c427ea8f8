import { createTests } from '../support/catalog-factories';
import { createMember, createWorld, type TestUser, type World } from '../support/factories';
import { ALL_TOOLS, connectMcp, dataOf, errorOf, restAs, startRealApp, type McpSession, type RunningApp } from './support';

// assign-tests, get-my-work and get-project-members through the real SDK client against the real app.

let app: RunningApp;
let w: World;
let user: McpSession;
let reader: McpSession;
// Members named for the name tests: Ann Lee, and two who share the name Alex Kim.
let ann: TestUser;
let alexes: TestUser[];

beforeAll(async () => {
  app = await startRealApp();
  w = await createWorld(app.db);
  [ann, ...alexes] = await Promise.all([0, 1, 2].map(() => createMember(app.db, [[w.orgA.orgId, 'User']])));
  const named: [TestUser, string][] = [[ann, 'Ann Lee'], ...alexes.map((a): [TestUser, string] => [a, 'Alex Kim'])];
  for (const [member, name] of named) await app.db.user.update({ where: { userId: member.userId }, data: { name } });
  [user, reader] = await Promise.all([
    connectMcp({ CASEBOOK_URL: app.url, CASEBOOK_TOKEN: w.user.token }, ALL_TOOLS),
    connectMcp({ CASEBOOK_URL: app.url, CASEBOOK_TOKEN: w.reader.token }, ALL_TOOLS),
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

it('takes the assignee, and those to distribute to, by name or email; a shared or unknown name answers with the candidates', async () => {
  const projectId = w.projectA.projectId;
  const testIds = await createTests(app.db, projectId, 4);
  const rest = restAs(app.url, w.user.token);
  const { runId } = await rest.call<{ runId: number }>('POST', '/run/create', { projectId, runName: 'By name', testIds });
  const members = dataOf<{ items: { userId: number; name: string; email: string }[] }>(
    await reader.call('get-project-members', { projectId }),
  );
  expect(members.items).toEqual(expect.arrayContaining([{ userId: ann.userId, name: 'Ann Lee', email: ann.email }]));
  type Assigned = { assigned: number; assignees: { assigneeId: number; count: number }[] };
  const assign = async (args: Record<string, unknown>) => dataOf<Assigned>(await user.call('assign-tests', { projectId, runId, ...args }));

  expect(await assign({ allTests: true, assignee: 'ann lee' })).toEqual({ assigned: 4, assignees: [{ assigneeId: ann.userId, count: 4 }] });
  expect(await assign({ testIds: [testIds[0]], assignee: alexes[0].email.toUpperCase() })).toEqual({
    assigned: 1,
    assignees: [{ assigneeId: alexes[0].userId, count: 1 }],
  });
  expect(await assign({ allTests: true, distributeTo: ['Ann Lee', alexes[1].email] })).toEqual({
    assigned: 4,
    assignees: [
      { assigneeId: ann.userId, count: 2 },
      { assigneeId: alexes[1].userId, count: 2 },
    ],
  });
  const before = await rest.data<{ assignees: unknown[] }>('/run/detail', { projectId, runId });

  const shared = errorOf(await user.call('assign-tests', { projectId, runId, allTests: true, assignee: 'Alex Kim' }));
  const [first, second] = [...alexes].sort((a, b) => a.userId - b.userId);
  expect(shared.message).toBe(
    `Invalid request: assignee: "Alex Kim" names 2 members in project ${projectId}: ` +
      `Alex Kim <${first.email}> (userId ${first.userId}), Alex Kim <${second.email}> (userId ${second.userId})`,
  );
  expect(shared.tip).toContain('email');
  const unknown = errorOf(await user.call('assign-tests', { projectId, runId, allTests: true, distributeTo: ['Ann Lee', 'Nobody'] }));
  expect(unknown.message).toMatch(
    new RegExp(`^Invalid request: distributeTo: no member named "Nobody" in project ${projectId} \\(valid names: `),
  );
  expect(unknown.message).toContain(`Ann Lee <${ann.email}>`);
  const both = errorOf(await user.call('assign-tests', { projectId, runId, allTests: true, assignee: 'Ann Lee', assigneeId: ann.userId }));
  expect(both.message).toBe('Invalid request: assignee: give the name or assigneeId, not both');
  // Nothing was written by the refused calls.
  expect(await rest.data<{ assignees: unknown[] }>('/run/detail', { projectId, runId })).toEqual(before);
});
