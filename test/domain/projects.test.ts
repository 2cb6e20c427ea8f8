import { createTestApp, type TestApp } from '../support/app';
import { createWorld, type World } from '../support/factories';

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
});
afterAll(() => t.close());

describe('GET /projects', () => {
  it('pages the projects of an organization with a total', async () => {
    for (let i = 0; i < 3; i++) {
      await t
        .as(w.user.token)
        .post('/project/create', { orgId: w.orgA.orgId, projectName: `paged-${i}` })
        .expect(201);
    }
    const first = await t.as(w.reader.token).get('/projects', { orgId: w.orgA.orgId, page: 1, pageSize: 2 }).expect(200);
    const second = await t.as(w.reader.token).get('/projects', { orgId: w.orgA.orgId, page: 2, pageSize: 2 }).expect(200);
    expect(first.body.data.total).toBe(4);
    expect(first.body.data.projects).toHaveLength(2);
    expect(second.body.data.projects).toHaveLength(2);
    const ids = [...first.body.data.projects, ...second.body.data.projects].map((p: { projectId: number }) => p.projectId);
    expect(new Set(ids).size).toBe(4);
    const past = await t.as(w.reader.token).get('/projects', { orgId: w.orgA.orgId, page: 9 }).expect(200);
    expect(past.body.data.projects).toEqual([]);
  });

  it('filters by isActive', async () => {
    const res = await t.as(w.reader.token).get('/projects', { orgId: w.orgB.orgId, isActive: 'true' });
    expect(res.status).toBe(404);
    const own = await t.as(w.adminB.token).get('/projects', { orgId: w.orgB.orgId, isActive: 'false' }).expect(200);
    expect(own.body.data.total).toBe(0);
  });

  it.each([
    [{ orgId: 'abc' }, 'orgId'],
    [{}, 'orgId: Required'],
    [{ orgId: 1, page: 0 }, 'page'],
    [{ orgId: 1, pageSize: 1001 }, 'pageSize'],
    [{ orgId: 1, pageSize: 2.5 }, 'pageSize'],
    [{ orgId: 1, isActive: 'yes' }, 'isActive'],
  ])('rejects %j with 400 naming the field', async (query, field) => {
    const res = await t.as(w.reader.token).get('/projects', query).expect(400);
    expect(res.body).toEqual({ error: expect.stringContaining(field), status: 400, code: 'validation_failed' });
  });

  it("answers 404 for another organization's id", async () => {
    const res = await t.as(w.reader.token).get('/projects', { orgId: w.orgB.orgId }).expect(404);
    expect(res.body).toEqual({ error: 'Organization not found', status: 404, code: 'organization_not_found' });
  });

  it('requires credentials', async () => {
    const res = await t.http.get('/api/v1/projects').query({ orgId: w.orgA.orgId }).expect(401);
    expect(res.body).toEqual({ error: 'Unauthorized - Please login', status: 401, code: 'unauthorized' });
  });
});

describe('POST /project/create', () => {
  it('creates a project and seeds its five lookup lists', async () => {
    const res = await t
      .as(w.user.token)
      .post('/project/create', { orgId: w.orgA.orgId, projectName: 'Seeded', projectDescription: 'd' })
      .expect(201);
    expect(res.body.status).toBe(201);
    expect(res.body.data).toMatchObject({
      orgId: w.orgA.orgId,
      projectName: 'Seeded',
      projectDescription: 'd',
      isActive: true,
      createdBy: w.user.userId,
    });
    const kinds = await t.db.lookupEntry.groupBy({ by: ['kind'], where: { projectId: res.body.data.projectId }, _count: true });
    expect(Object.fromEntries(kinds.map((k) => [k.kind, k._count]))).toEqual({
      priority: 4,
      automation_status: 3,
      type: 5,
      platform: 5,
      test_covered_by: 5,
    });
  });

  it('refuses a duplicate name in the same organization with 409, allows it in another', async () => {
    await t.as(w.user.token).post('/project/create', { orgId: w.orgA.orgId, projectName: 'Twin' }).expect(201);
    const dup = await t.as(w.admin.token).post('/project/create', { orgId: w.orgA.orgId, projectName: 'Twin' }).expect(409);
    expect(dup.body).toEqual({ error: 'Project already exists', status: 409, code: 'duplicate_name' });
    await t.as(w.adminB.token).post('/project/create', { orgId: w.orgB.orgId, projectName: 'Twin' }).expect(201);
  });

  it('is refused to a Reader (403) before validation', async () => {
    const res = await t.as(w.reader.token).post('/project/create', { bogus: true }).expect(403);
    expect(res.body).toEqual({ error: 'Forbidden - User does not have access', status: 403, code: 'forbidden' });
  });

  it('rejects bad input with 400 naming every field, writing nothing', async () => {
    const before = await t.db.project.count();
    const res = await t.as(w.user.token).post('/project/create', { orgId: 'x', projectName: '' }).expect(400);
    expect(res.body.error).toMatch(/orgId: .*; projectName: /);
    expect(await t.db.project.count()).toBe(before);
  });

  it("answers 404 for another organization's orgId and writes nothing", async () => {
    const before = await t.db.project.count();
    await t.as(w.user.token).post('/project/create', { orgId: w.orgB.orgId, projectName: 'Intruder' }).expect(404);
    expect(await t.db.project.count()).toBe(before);
  });
});

describe('project detail, edit, status and delete', () => {
  it('shows counts, edits, deactivates', async () => {
    const id = w.projectA.projectId;
    const detail = await t.as(w.reader.token).get('/project/detail', { projectId: id }).expect(200);
    expect(detail.body.data).toMatchObject({ projectId: id, testCount: 0, runCount: 0 });
    const edited = await t
      .as(w.user.token)
      .put('/project/edit', { projectId: id, projectName: 'Renamed', projectDescription: 'new' })
      .expect(200);
    expect(edited.body.data).toMatchObject({ projectName: 'Renamed', projectDescription: 'new' });
    const off = await t.as(w.user.token).put('/project/update-status', { projectId: id, isActive: false }).expect(200);
    expect(off.body.data.isActive).toBe(false);
    await t.as(w.user.token).put('/project/update-status', { projectId: id, isActive: true }).expect(200);
  });

  it("hides another organization's project (404) from detail, edit, status and delete", async () => {
    const id = w.projectB.projectId;
    for (const res of [
      await t.as(w.admin.token).get('/project/detail', { projectId: id }),
      await t.as(w.admin.token).put('/project/edit', { projectId: id, projectName: 'x' }),
      await t.as(w.admin.token).put('/project/update-status', { projectId: id, isActive: false }),
      await t.as(w.admin.token).delete('/project/delete', { projectId: id }),
    ]) {
      expect(res.body).toEqual({ error: 'Project not found', status: 404, code: 'project_not_found' });
    }
    expect(await t.db.project.findUnique({ where: { projectId: id } })).toMatchObject({ isActive: true });
  });

  it('lets only an Admin delete', async () => {
    const p = await t.as(w.user.token).post('/project/create', { orgId: w.orgA.orgId, projectName: 'Doomed' }).expect(201);
    const id = p.body.data.projectId;
    await t.as(w.user.token).delete('/project/delete', { projectId: id }).expect(403);
    const del = await t.as(w.admin.token).delete('/project/delete', { projectId: id }).expect(200);
    expect(del.body.data).toEqual({ projectId: id, deleted: true });
    expect(await t.db.lookupEntry.count({ where: { projectId: id } })).toBe(0);
    await t.as(w.admin.token).get('/project/detail', { projectId: id }).expect(404);
  });

  it('rejects unknown body fields and a non-boolean status', async () => {
    const res = await t.as(w.user.token).put('/project/update-status', { projectId: w.projectA.projectId, isActive: 'no' }).expect(400);
    expect(res.body.error).toContain('isActive');
    const extra = await t.as(w.user.token).put('/project/edit', { projectId: w.projectA.projectId, name: 'typo' }).expect(400);
    expect(extra.body.error).toContain('name');
  });
});
