import { createTestApp, type TestApp } from '../support/app';
import { createProject, createWorld, type World } from '../support/factories';

// GET /project/context: a project's sections as paths, labels, squads, lookup lists,
// custom fields, configurations, milestones, plans and members in one answer, to
// whoever may read the project, as each list route gives them.

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
});
afterAll(() => t.close());

const context = (projectId: unknown, token = w.reader.token) => t.as(token).get('/project/context', { projectId });

/** A project of organization A with something in every list. */
async function furnished() {
  const projectId = (await createProject(t.db, w.orgA.orgId, { projectName: 'Shop' })).projectId;
  const as = t.as(w.user.token);
  const top = (await as.post('/project/add-section', { projectId, sectionName: 'Checkout' }).expect(201)).body.data;
  const sub = (await as.post('/project/add-section', { projectId, sectionName: 'Payments', parentSectionId: top.sectionId }).expect(201))
    .body.data;
  const before = (await as.post('/project/add-section', { projectId, sectionName: 'Cart' }).expect(201)).body.data;
  await as.post('/project/add-labels', { projectId, labels: ['smoke', 'regression'] }).expect(201);
  await as.post('/project/add-squads', { projectId, squads: ['Team Pay'] }).expect(201);
  await as
    .post('/project/add-custom-field', { projectId, name: 'Component', type: 'select', options: ['Web', 'API'], appliesTo: 'test' })
    .expect(201);
  await as.post('/project/add-configuration-group', { projectId, name: 'Browser', options: ['Chrome', 'Firefox'] }).expect(201);
  const milestone = (await as.post('/milestone/create', { projectId, name: 'Release 1', dueDate: '2027-01-31' }).expect(201)).body.data;
  return { projectId, top, sub, before, milestone };
}

it('answers every list of the project in one call, sections as paths in tree order, for a Reader', async () => {
  const p = await furnished();
  const res = await context(p.projectId).expect(200);
  const data = res.body.data;
  expect(data).toMatchObject({ projectId: p.projectId, projectName: 'Shop', isActive: true });
  expect(data.sections).toEqual([
    { sectionId: p.before.sectionId, path: 'Cart' },
    { sectionId: p.top.sectionId, path: 'Checkout' },
    { sectionId: p.sub.sectionId, path: 'Checkout > Payments' },
  ]);
  expect(data.labels.map((l: { name: string }) => l.name)).toEqual(['smoke', 'regression']);
  expect(data.squads).toEqual([{ id: expect.any(Number), name: 'Team Pay' }]);
  expect(data.customFields).toEqual([
    { key: 'component', name: 'Component', type: 'select', appliesTo: 'test', options: ['Web', 'API'], required: false },
  ]);
  expect(data.configurations).toEqual([
    {
      groupId: expect.any(Number),
      name: 'Browser',
      options: [
        { optionId: expect.any(Number), name: 'Chrome' },
        { optionId: expect.any(Number), name: 'Firefox' },
      ],
    },
  ]);
  expect(data.milestones).toEqual([
    { milestoneId: p.milestone.milestoneId, name: 'Release 1', status: 'open', dueDate: '2027-01-31', parentId: null },
  ]);
  expect(data.plans).toEqual([]);
  expect(data.members.map((m: { userId: number }) => m.userId)).toEqual(
    expect.arrayContaining([w.reader.userId, w.user.userId, w.admin.userId]),
  );
  expect(data.members.map((m: { userId: number }) => m.userId)).not.toContain(w.adminB.userId);

  // Each list as its own route gives it.
  const list = async (path: string) => (await t.as(w.reader.token).get(path, { projectId: p.projectId }).expect(200)).body.data;
  const [labels, priority, type, automation, platform, coveredBy, members] = await Promise.all(
    ['/labels', '/priority', '/type', '/automation-status', '/platforms', '/test-covered-by', '/project/members'].map(list),
  );
  expect(data.labels).toEqual(labels.map((l: { labelId: number; labelName: string }) => ({ id: l.labelId, name: l.labelName })));
  expect(data.lookups).toEqual({ priority, type, automationStatus: automation, platform, testCoveredBy: coveredBy });
  expect(data.lookups.priority.map((e: { name: string }) => e.name)).toContain('High');
  expect(data.members).toEqual(members);
});

it('answers an empty project with empty lists and its seeded lookups', async () => {
  const projectId = (await createProject(t.db, w.orgA.orgId)).projectId;
  const data = (await context(projectId, w.admin.token).expect(200)).body.data;
  expect(data).toMatchObject({ sections: [], labels: [], squads: [], customFields: [], configurations: [], milestones: [], plans: [] });
  expect(data.lookups.type.length).toBeGreaterThan(0);
});

it("is a 404 for another organization's project, naming no more than a missing one", async () => {
  const other = await context(w.projectB.projectId).expect(404);
  expect(other.body).toMatchObject({ code: 'project_not_found' });
  const missing = await context(2_000_000_000).expect(404);
  expect(missing.body.error).toBe(other.body.error);
  // Its own Admin reads it.
  await context(w.projectB.projectId, w.adminB.token).expect(200);
});

it('refuses a missing or malformed projectId (400) and a caller without a token (401)', async () => {
  const none = await t.as(w.reader.token).get('/project/context', {}).expect(400);
  expect(none.body).toMatchObject({ code: 'validation_failed' });
  expect(none.body.error).toContain('projectId');
  expect((await context('abc').expect(400)).body).toMatchObject({ code: 'validation_failed' });
  await t.http.get('/api/v1/project/context?projectId=1').expect(401);
});
