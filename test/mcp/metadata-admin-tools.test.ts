import { createWorld, type World } from '../support/factories';
import { ALL_TOOLS, connectMcp, dataOf, errorOf, restAs, startRealApp, type McpSession, type RunningApp } from './support';

// The tools that rename and delete labels, squads and lookup entries, and add lookup
// entries, through the real SDK client against the real app.

let app: RunningApp;
let w: World;
let admin: McpSession;
let user: McpSession;
let projectId: number;

beforeAll(async () => {
  app = await startRealApp();
  w = await createWorld(app.db);
  [admin, user] = await Promise.all([
    connectMcp({ CASEBOOK_URL: app.url, CASEBOOK_TOKEN: w.admin.token }, ALL_TOOLS),
    connectMcp({ CASEBOOK_URL: app.url, CASEBOOK_TOKEN: w.user.token }, ALL_TOOLS),
  ]);
  projectId = w.projectA.projectId;
});
afterAll(async () => {
  await Promise.all([admin?.close(), user?.close()]);
  await app?.close();
});

it('adds, renames and deletes a priority; a test can take the new one by name', async () => {
  const added = dataOf<{ id: number; name: string; kind: string }>(
    await user.call('add-lookup', { projectId, kind: 'priority', name: 'Blocker' }),
  );
  expect(added).toMatchObject({ name: 'Blocker', kind: 'priority', projectId });
  const renamed = dataOf<{ name: string }>(await user.call('edit-lookup', { lookupId: added.id, name: 'Showstopper' }));
  expect(renamed.name).toBe('Showstopper');
  const rest = restAs(app.url, w.reader.token);
  expect((await rest.data<{ name: string }[]>('/priority', { projectId })).map((e) => e.name)).toContain('Showstopper');
  const dup = errorOf(await user.call('add-lookup', { projectId, kind: 'priority', name: 'showstopper' }));
  expect(dup.message).toBe('Priority already exists');
  expect(dup.tip).toContain('get-priority');

  const test = dataOf<{ testId: number; priorityId: number }>(
    await user.call('create-test', { projectId, testName: 'Blocks release', priority: 'Showstopper' }),
  );
  expect(test.priorityId).toBe(added.id);
  const busy = errorOf(await admin.call('delete-lookup', { lookupId: added.id }));
  expect(busy.message).toBe('Priority is in use by 1 test');
  expect(busy.tip).toContain('Take it off those tests first');
  dataOf(await user.call('update-test', { testId: test.testId, priorityId: null }));
  expect(dataOf(await admin.call('delete-lookup', { lookupId: added.id }))).toEqual({ lookupId: added.id, deleted: true });
});

it('renames and deletes a label and a squad; a User may rename but not delete', async () => {
  const [label] = dataOf<{ labelId: number }[]>(await user.call('add-labels', { projectId, labels: ['nightly'] }));
  const [squad] = dataOf<{ squadId: number }[]>(await user.call('add-squads', { projectId, squads: ['Team Ops'] }));
  expect(dataOf(await user.call('edit-label', { labelId: label.labelId, labelName: 'Nightly build' }))).toMatchObject({
    labelName: 'Nightly build',
  });
  expect(dataOf(await user.call('edit-squad', { squadId: squad.squadId, squadName: 'Team Platform' }))).toMatchObject({
    squadName: 'Team Platform',
  });
  const refused = errorOf(await user.call('delete-label', { labelId: label.labelId }));
  expect(refused.message).toBe('Forbidden - User does not have access');
  expect(refused.tip).toContain('needs the Admin role');
  expect(dataOf(await admin.call('delete-label', { labelId: label.labelId }))).toEqual({ labelId: label.labelId, deleted: true });
  expect(dataOf(await admin.call('delete-squad', { squadId: squad.squadId }))).toEqual({ squadId: squad.squadId, deleted: true });
  const gone = errorOf(await admin.call('delete-squad', { squadId: squad.squadId }));
  expect(gone.message).toBe('Squad not found');
  expect(gone.tip).toContain('get-squads');
});
