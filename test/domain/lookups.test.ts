import { createTestApp, type TestApp } from '../support/app';
import { createProject, createWorld, type World } from '../support/factories';
import { defaultLookups } from '../../src/domain/lookups/lookup-defaults';

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
});
afterAll(() => t.close());

const lists = [
  ['/priority', 'priority'],
  ['/platforms', 'platform'],
  ['/automation-status', 'automation_status'],
  ['/type', 'type'],
  ['/test-covered-by', 'test_covered_by'],
] as const;

describe.each(lists)('GET %s', (path, kind) => {
  it('lists the entries of the project as { id, name } in their seeded order', async () => {
    const res = await t.as(w.reader.token).get(path, { projectId: w.projectA.projectId }).expect(200);
    expect(res.body.data.map((e: { name: string }) => e.name)).toEqual(defaultLookups[kind]);
    const ids = await t.db.lookupEntry.findMany({ where: { projectId: w.projectA.projectId, kind }, orderBy: { position: 'asc' } });
    expect(res.body.data).toEqual(ids.map((e) => ({ id: e.id, name: e.name })));
  });

  it("answers 404 for another organization's project, 400 without projectId, 401 without a token", async () => {
    const res = await t.as(w.reader.token).get(path, { projectId: w.projectB.projectId }).expect(404);
    expect(res.body).toEqual({ error: 'Project not found', status: 404, code: 'project_not_found' });
    await t.as(w.reader.token).get(path, { projectId: 'x' }).expect(400);
    await t.http.get(`/api/v1${path}`).query({ projectId: w.projectA.projectId }).expect(401);
  });
});

it('keeps each project its own entries, readable in an inactive project too', async () => {
  const inactive = await createProject(t.db, w.orgA.orgId, { isActive: false });
  const a = await t.as(w.reader.token).get('/priority', { projectId: w.projectA.projectId }).expect(200);
  const b = await t.as(w.reader.token).get('/priority', { projectId: inactive.projectId }).expect(200);
  expect(b.body.data.map((e: { name: string }) => e.name)).toEqual(defaultLookups.priority);
  const idsA = new Set(a.body.data.map((e: { id: number }) => e.id));
  expect(b.body.data.some((e: { id: number }) => idsA.has(e.id))).toBe(false);
});
