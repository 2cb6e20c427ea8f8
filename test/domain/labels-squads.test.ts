import { createTestApp, type TestApp } from '../support/app';
import { createProject, createWorld, type World } from '../support/factories';

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
});
afterAll(() => t.close());

// Labels and squads behave the same; each case runs for both.
const kinds = [
  { list: '/labels', add: '/project/add-labels', field: 'labels', id: 'labelId', name: 'labelName', count: () => t.db.label.count() },
  { list: '/squads', add: '/project/add-squads', field: 'squads', id: 'squadId', name: 'squadName', count: () => t.db.squad.count() },
] as const;

describe.each(kinds)('$add and $list', (k) => {
  it('adds trimmed names and returns existing ones (case-insensitively) instead of duplicating them', async () => {
    const p = (await createProject(t.db, w.orgA.orgId)).projectId;
    const first = await t
      .as(w.user.token)
      .post(k.add, { projectId: p, [k.field]: ['  Smoke ', 'API'] })
      .expect(201);
    expect(first.body.status).toBe(201);
    expect(first.body.data).toEqual([
      { [k.id]: expect.any(Number), [k.name]: 'Smoke', projectId: p, createdAt: expect.any(String) },
      { [k.id]: expect.any(Number), [k.name]: 'API', projectId: p, createdAt: expect.any(String) },
    ]);
    const [smoke, api] = first.body.data;
    const second = await t
      .as(w.user.token)
      .post(k.add, { projectId: p, [k.field]: ['api', 'Nightly', 'SMOKE', 'nightly'] })
      .expect(201);
    expect(second.body.data.map((r: Record<string, unknown>) => [r[k.id], r[k.name]])).toEqual([
      [api[k.id], 'API'],
      [expect.any(Number), 'Nightly'],
      [smoke[k.id], 'Smoke'],
    ]);
    const list = await t.as(w.reader.token).get(k.list, { projectId: p }).expect(200);
    expect(list.body.data.map((r: Record<string, unknown>) => r[k.name])).toEqual(['Smoke', 'API', 'Nightly']);
    expect(list.body.data[0]).toEqual(smoke);
  });

  it('keeps names per project: the same name in another project is another record', async () => {
    const [p1, p2] = [(await createProject(t.db, w.orgA.orgId)).projectId, (await createProject(t.db, w.orgA.orgId)).projectId];
    const a = await t
      .as(w.user.token)
      .post(k.add, { projectId: p1, [k.field]: ['Shared'] })
      .expect(201);
    const b = await t
      .as(w.user.token)
      .post(k.add, { projectId: p2, [k.field]: ['shared'] })
      .expect(201);
    expect(a.body.data[0][k.id]).not.toBe(b.body.data[0][k.id]);
    expect(b.body.data[0][k.name]).toBe('shared');
  });

  it('refuses a Reader (403), bad names (400), another organization (404), an inactive project (409), writing nothing', async () => {
    const before = await k.count();
    await t
      .as(w.reader.token)
      .post(k.add, { projectId: w.projectA.projectId, [k.field]: ['x'] })
      .expect(403);
    const blank = await t
      .as(w.user.token)
      .post(k.add, { projectId: w.projectA.projectId, [k.field]: ['ok', ' '] })
      .expect(400);
    expect(blank.body.error).toBe(`Invalid request: ${k.field}.1: Must not be empty`);
    const empty = await t
      .as(w.user.token)
      .post(k.add, { projectId: w.projectA.projectId, [k.field]: [] })
      .expect(400);
    expect(empty.body.error).toBe(`Invalid request: ${k.field}: At least one name`);
    const notStrings = await t
      .as(w.user.token)
      .post(k.add, { projectId: w.projectA.projectId, [k.field]: [7] })
      .expect(400);
    expect(notStrings.body.error).toContain(`${k.field}.0: Expected string`);
    const foreign = await t
      .as(w.user.token)
      .post(k.add, { projectId: w.projectB.projectId, [k.field]: ['x'] })
      .expect(404);
    expect(foreign.body.error).toBe('Project not found');
    const inactive = await createProject(t.db, w.orgA.orgId, { isActive: false });
    const frozen = await t
      .as(w.user.token)
      .post(k.add, { projectId: inactive.projectId, [k.field]: ['x'] })
      .expect(409);
    expect(frozen.body.error).toBe('Project is inactive');
    expect(await k.count()).toBe(before);
  });

  it("lists only the caller's organization (404) and needs a projectId (400)", async () => {
    await t
      .as(w.adminB.token)
      .post(k.add, { projectId: w.projectB.projectId, [k.field]: ['theirs'] })
      .expect(201);
    const res = await t.as(w.reader.token).get(k.list, { projectId: w.projectB.projectId }).expect(404);
    expect(res.body).toEqual({ error: 'Project not found', status: 404, code: 'project_not_found' });
    const missing = await t.as(w.reader.token).get(k.list).expect(400);
    expect(missing.body.error).toBe('Invalid request: projectId: Required');
  });
});
