import { createTestApp, type TestApp } from '../support/app';
import { createMember, createProject, createWorld, type World } from '../support/factories';
import { createLabel, createSquad, createTests, labelTests, lookupIds } from '../support/catalog-factories';

// Renaming and deleting labels, squads and lookup entries, and adding lookup entries:
// who may, what is refused, and what "in use" counts (live tests; runs that show the
// value: an open run its tests, deleted ones too; a locked run its snapshot, by id).

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
});
afterAll(() => t.close());

const P = () => w.projectA.projectId;

// The three kinds of value, each with how to make one, what a test holds it by, and its routes.
const kinds = [
  {
    what: 'label',
    edit: '/project/edit-label',
    del: '/project/delete-label',
    id: 'labelId',
    name: 'labelName',
    notFound: { code: 'label_not_found', error: 'Label not found' },
    make: async (projectId: number, name: string) => (await createLabel(t.db, projectId, name)).labelId,
    hold: (id: number, testIds: number[]) => labelTests(t.db, id, testIds),
    rows: () => t.db.label.findMany({ orderBy: { labelId: 'asc' } }),
    exists: async (id: number) => (await t.db.label.count({ where: { labelId: id } })) > 0,
  },
  {
    what: 'squad',
    edit: '/project/edit-squad',
    del: '/project/delete-squad',
    id: 'squadId',
    name: 'squadName',
    notFound: { code: 'squad_not_found', error: 'Squad not found' },
    make: async (projectId: number, name: string) => (await createSquad(t.db, projectId, name)).squadId,
    hold: (id: number, testIds: number[]) => t.db.test.updateMany({ where: { testId: { in: testIds } }, data: { squadId: id } }),
    rows: () => t.db.squad.findMany({ orderBy: { squadId: 'asc' } }),
    exists: async (id: number) => (await t.db.squad.count({ where: { squadId: id } })) > 0,
  },
  {
    what: 'lookup',
    edit: '/project/edit-lookup',
    del: '/project/delete-lookup',
    id: 'lookupId',
    name: 'name',
    notFound: { code: 'lookup_not_found', error: 'Lookup entry not found' },
    make: async (projectId: number, name: string) => (await t.db.lookupEntry.create({ data: { projectId, kind: 'priority', name } })).id,
    hold: (id: number, testIds: number[]) => t.db.test.updateMany({ where: { testId: { in: testIds } }, data: { priorityId: id } }),
    rows: () => t.db.lookupEntry.findMany({ orderBy: { id: 'asc' } }),
    exists: async (id: number) => (await t.db.lookupEntry.count({ where: { id } })) > 0,
  },
] as const;

describe.each(kinds)('$edit and $del', (k) => {
  it('renames (a User), keeping the name unique ignoring case, and a new case of the same name is allowed', async () => {
    const id = await k.make(P(), `${k.what} old`);
    await k.make(P(), `${k.what} taken`);
    const res = await t
      .as(w.user.token)
      .put(k.edit, { [k.id]: id, [k.name]: `  ${k.what} new ` })
      .expect(200);
    expect(res.body.data).toMatchObject({ [k.what === 'lookup' ? 'id' : k.id]: id, [k.name]: `${k.what} new`, projectId: P() });
    const recased = await t
      .as(w.user.token)
      .put(k.edit, { [k.id]: id, [k.name]: `${k.what.toUpperCase()} NEW` })
      .expect(200);
    expect(recased.body.data[k.name]).toBe(`${k.what.toUpperCase()} NEW`);
    const before = await k.rows();
    const taken = await t
      .as(w.user.token)
      .put(k.edit, { [k.id]: id, [k.name]: `${k.what.toUpperCase()} TAKEN` })
      .expect(409);
    expect(taken.body.code).toBe('duplicate_name');
    expect(await k.rows()).toEqual(before);
  });

  it('refuses a Reader (403), bad input (400), another organization (404), an inactive project (409), writing nothing', async () => {
    const id = await k.make(P(), `${k.what} guarded`);
    const theirs = await k.make(w.projectB.projectId, `${k.what} theirs`);
    const inactive = await createProject(t.db, w.orgA.orgId, { isActive: false });
    const frozen = await k.make(inactive.projectId, `${k.what} frozen`);
    const before = await k.rows();
    const reader = await t
      .as(w.reader.token)
      .put(k.edit, { [k.id]: id, [k.name]: 'x' })
      .expect(403);
    expect(reader.body.code).toBe('forbidden');
    const blank = await t
      .as(w.user.token)
      .put(k.edit, { [k.id]: id, [k.name]: '  ' })
      .expect(400);
    expect(blank.body).toMatchObject({ code: 'validation_failed', error: `Invalid request: ${k.name}: Must not be empty` });
    const long = await t
      .as(w.user.token)
      .put(k.edit, { [k.id]: id, [k.name]: 'x'.repeat(101) })
      .expect(400);
    expect(long.body.error).toContain('At most 100 characters');
    const badId = await t
      .as(w.admin.token)
      .delete(k.del, { [k.id]: 'one' })
      .expect(400);
    expect(badId.body.code).toBe('validation_failed');
    const extra = await t
      .as(w.user.token)
      .put(k.edit, { [k.id]: id, [k.name]: 'x', projectId: P() })
      .expect(400);
    expect(extra.body.code).toBe('validation_failed');
    for (const call of [
      () => t.as(w.user.token).put(k.edit, { [k.id]: theirs, [k.name]: 'mine' }),
      () => t.as(w.admin.token).delete(k.del, { [k.id]: theirs }),
      () => t.as(w.admin.token).delete(k.del, { [k.id]: 2147483647 }),
    ]) {
      const res = await call().expect(404);
      expect(res.body).toMatchObject(k.notFound);
    }
    for (const call of [
      () => t.as(w.user.token).put(k.edit, { [k.id]: frozen, [k.name]: 'thawed' }),
      () => t.as(w.admin.token).delete(k.del, { [k.id]: frozen }),
    ]) {
      const res = await call().expect(409);
      expect(res.body).toMatchObject({ code: 'project_inactive', error: 'Project is inactive' });
    }
    expect(await k.rows()).toEqual(before);
  });

  it('deletes an unused value (an Admin; a User is refused) and records it in the audit log', async () => {
    const id = await k.make(P(), `${k.what} spare`);
    const user = await t
      .as(w.user.token)
      .delete(k.del, { [k.id]: id })
      .expect(403);
    expect(user.body.code).toBe('forbidden');
    const res = await t
      .as(w.admin.token)
      .delete(k.del, { [k.id]: id })
      .expect(200);
    expect(res.body.data).toEqual({ [k.id]: id, deleted: true });
    expect(await k.exists(id)).toBe(false);
    const audit = await t.db.auditEvent.findFirst({ where: { targetId: id, targetType: k.what }, orderBy: { auditId: 'desc' } });
    expect(audit).toMatchObject({ action: `${k.what}.deleted`, actorId: w.admin.userId });
    const again = await t
      .as(w.admin.token)
      .delete(k.del, { [k.id]: id })
      .expect(404);
    expect(again.body).toMatchObject(k.notFound);
  });

  it('refuses to delete a value in use (409 in_use) counting the live tests and the runs that show it', async () => {
    const id = await k.make(P(), `${k.what} busy`);
    const [live1, live2, gone] = await createTests(t.db, P(), 3, () => ({}), `${k.what} user`);
    await k.hold(id, [live1, live2, gone]);
    await t.db.test.update({ where: { testId: gone }, data: { deletedAt: new Date() } });
    const run = await t.db.run.create({ data: { projectId: P(), runName: `${k.what} run` } });
    await t.db.runTest.createMany({ data: [live1, gone].map((testId) => ({ runId: run.runId, testId })) });
    const before = await k.rows();
    const busy = await t
      .as(w.admin.token)
      .delete(k.del, { [k.id]: id })
      .expect(409);
    expect(busy.body.code).toBe('in_use');
    expect(busy.body.error).toMatch(/ is in use by 2 tests and 1 run$/);
    // Off the live tests, the open run still shows it on its deleted test.
    await t.db.testLabel.deleteMany({ where: { testId: { in: [live1, live2] } } });
    await t.db.test.updateMany({ where: { testId: { in: [live1, live2] } }, data: { squadId: null, priorityId: null } });
    const runOnly = await t
      .as(w.admin.token)
      .delete(k.del, { [k.id]: id })
      .expect(409);
    expect(runOnly.body).toMatchObject({ code: 'in_use', status: 409 });
    expect(runOnly.body.error).toMatch(/ is in use by 1 run$/);
    expect(await k.rows()).toEqual(before);
    // Once the run is gone, nothing shows it any more.
    await t.db.run.delete({ where: { runId: run.runId } });
    await t
      .as(w.admin.token)
      .delete(k.del, { [k.id]: id })
      .expect(200);
  });
});

describe('locked runs', () => {
  it('keep a priority and a squad they froze by id (in use), not a label they froze by name', async () => {
    const ids = await lookupIds(t.db, P());
    const priority = (await t.db.lookupEntry.create({ data: { projectId: P(), kind: 'priority', name: 'Frozen priority' } })).id;
    const squad = await createSquad(t.db, P(), 'Frozen squad');
    const label = await createLabel(t.db, P(), 'Frozen label');
    const [testId] = await createTests(t.db, P(), 1, () => ({ priorityId: priority, squadId: squad.squadId }), 'Frozen');
    await labelTests(t.db, label.labelId, [testId]);
    const run = (
      await t
        .as(w.user.token)
        .post('/run/create', { projectId: P(), runName: 'Frozen run', testIds: [testId] })
        .expect(201)
    ).body.data;
    await t.as(w.user.token).put('/run/lock', { runId: run.runId, projectId: P() }).expect(200);
    // The catalog moves on: the test takes other values.
    await t.as(w.user.token).put('/test/update', { testId, priorityId: ids.priority.Low, squadId: null, labels: [] }).expect(200);
    for (const [path, body] of [
      ['/project/delete-lookup', { lookupId: priority }],
      ['/project/delete-squad', { squadId: squad.squadId }],
    ] as const) {
      const res = await t.as(w.admin.token).delete(path, body).expect(409);
      expect(res.body).toMatchObject({ code: 'in_use' });
      expect(res.body.error).toMatch(/is in use by 1 run$/);
    }
    await t.as(w.admin.token).delete('/project/delete-label', { labelId: label.labelId }).expect(200);
    const tests = await t.as(w.reader.token).get('/run/tests', { runId: run.runId, projectId: P() }).expect(200);
    expect(tests.body.data.tests[0].snapshot).toMatchObject({
      priority: 'Frozen priority',
      squad: 'Frozen squad',
      labels: ['Frozen label'],
    });
  });
});

describe('POST /project/add-lookup', () => {
  const lists = [
    ['priority', '/priority'],
    ['platform', '/platforms'],
    ['automationStatus', '/automation-status'],
    ['type', '/type'],
    ['testCoveredBy', '/test-covered-by'],
  ] as const;

  it.each(lists)('adds a %s entry at the end of %s (a User)', async (kind, path) => {
    const before = await t.as(w.reader.token).get(path, { projectId: P() }).expect(200);
    const res = await t
      .as(w.user.token)
      .post('/project/add-lookup', { projectId: P(), kind, name: `  New ${kind} ` })
      .expect(201);
    expect(res.body.data).toEqual({ id: expect.any(Number), name: `New ${kind}`, kind, projectId: P() });
    const after = await t.as(w.reader.token).get(path, { projectId: P() }).expect(200);
    expect(after.body.data).toEqual([...before.body.data, { id: res.body.data.id, name: `New ${kind}` }]);
    // A test takes it.
    const field = `${kind}Id`;
    const test = await t
      .as(w.user.token)
      .post('/test/create', { projectId: P(), title: `Uses ${kind}`, [field]: res.body.data.id })
      .expect(201);
    expect(test.body.data[field]).toBe(res.body.data.id);
  });

  it('refuses a taken name (ignoring case), a Reader, bad input, another organization and an inactive project, writing nothing', async () => {
    const inactive = await createProject(t.db, w.orgA.orgId, { isActive: false });
    const before = await t.db.lookupEntry.count();
    const dup = await t.as(w.user.token).post('/project/add-lookup', { projectId: P(), kind: 'priority', name: 'high' }).expect(409);
    expect(dup.body).toMatchObject({ code: 'duplicate_name', error: 'Priority already exists' });
    // Another list may hold the same name.
    const reader = await t.as(w.reader.token).post('/project/add-lookup', { projectId: P(), kind: 'type', name: 'x' }).expect(403);
    expect(reader.body.code).toBe('forbidden');
    const badKind = await t.as(w.user.token).post('/project/add-lookup', { projectId: P(), kind: 'priority_id', name: 'x' }).expect(400);
    expect(badKind.body.code).toBe('validation_failed');
    expect(badKind.body.error).toContain('kind:');
    const blank = await t.as(w.user.token).post('/project/add-lookup', { projectId: P(), kind: 'type', name: ' ' }).expect(400);
    expect(blank.body.error).toBe('Invalid request: name: Must not be empty');
    const foreign = await t
      .as(w.user.token)
      .post('/project/add-lookup', { projectId: w.projectB.projectId, kind: 'type', name: 'x' })
      .expect(404);
    expect(foreign.body.code).toBe('project_not_found');
    const frozen = await t
      .as(w.user.token)
      .post('/project/add-lookup', { projectId: inactive.projectId, kind: 'type', name: 'x' })
      .expect(409);
    expect(frozen.body.code).toBe('project_inactive');
    expect(await t.db.lookupEntry.count()).toBe(before);
    const elsewhere = await t.as(w.user.token).post('/project/add-lookup', { projectId: P(), kind: 'type', name: 'High' }).expect(201);
    expect(elsewhere.body.data.kind).toBe('type');
  });

  it('renames an entry only within its own list: the same name in another list is no clash', async () => {
    const ids = await lookupIds(t.db, P());
    const res = await t.as(w.user.token).put('/project/edit-lookup', { lookupId: ids.platform.API, name: 'Smoke' }).expect(200);
    expect(res.body.data).toEqual({ id: ids.platform.API, name: 'Smoke', kind: 'platform', projectId: P() });
    const clash = await t.as(w.user.token).put('/project/edit-lookup', { lookupId: ids.platform.Web, name: 'ios' }).expect(409);
    expect(clash.body.error).toBe('Platform already exists');
  });
});

it('answers 403, not 404, to a member whose role in the owning organization is too low', async () => {
  // An Admin of B who is only a Reader of A: A's records are visible but not theirs to change.
  const both = await createMember(t.db, [
    [w.orgA.orgId, 'Reader'],
    [w.orgB.orgId, 'Admin'],
  ]);
  const label = await createLabel(t.db, P(), 'Two orgs');
  const ids = await lookupIds(t.db, P());
  const refused = [
    await t.as(both.token).put('/project/edit-label', { labelId: label.labelId, labelName: 'x' }),
    await t.as(both.token).delete('/project/delete-label', { labelId: label.labelId }),
    await t.as(both.token).put('/project/edit-lookup', { lookupId: ids.type.Smoke, name: 'x' }),
    await t.as(both.token).delete('/project/delete-lookup', { lookupId: ids.type.Smoke }),
  ];
  expect(refused.map((r) => [r.status, r.body.code])).toEqual(Array(4).fill([403, 'forbidden']));
});
