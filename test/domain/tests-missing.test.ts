import { createTestApp, type TestApp } from '../support/app';
import { createSection, createTests } from '../support/catalog-factories';
import { createProject, createWorld, type World } from '../support/factories';

// What is not there says so: a deleted test says it was deleted and when; a catalog
// filter naming no section of the project is a 404 naming it, not an empty page.

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
});
afterAll(() => t.close());

describe('a deleted test', () => {
  it('answers test_deleted with the moment it was deleted, to every role and on every test route', async () => {
    const p = w.projectA.projectId;
    const [id] = await createTests(t.db, p, 1, () => ({ title: 'Gone soon' }));
    await t.as(w.admin.token).delete('/test/delete', { testId: id, projectId: p }).expect(200);
    const { deletedAt } = await t.db.test.findUniqueOrThrow({ where: { testId: id } });
    const body = { error: `Test ${id} (deleted at ${deletedAt!.toISOString()}) not found`, status: 404, code: 'test_deleted' };

    for (const token of [w.reader.token, w.user.token, w.admin.token]) {
      expect((await t.as(token).get('/test/details', { testId: id, projectId: p }).expect(404)).body).toEqual(body);
      expect((await t.as(token).get('/test/status-history', { testId: id, projectId: p }).expect(404)).body).toEqual(body);
    }
    // Updates refuse it, with or without the project scope, and change nothing.
    expect((await t.as(w.user.token).put('/test/update', { testId: id, title: 'Back?' }).expect(404)).body).toEqual(body);
    expect((await t.as(w.user.token).put('/test/update', { testId: id, projectId: p, title: 'Back?' }).expect(404)).body).toEqual(body);
    expect((await t.as(w.admin.token).delete('/test/delete', { testId: id, projectId: p }).expect(404)).body).toEqual(body);
    expect(await t.db.test.findUniqueOrThrow({ where: { testId: id } })).toMatchObject({ title: 'Gone soon', deletedAt });
  });

  it("tells nothing of another organization's deleted test, nor of one asked for in another project", async () => {
    const [theirs] = await createTests(t.db, w.projectB.projectId, 1, () => ({ deletedAt: new Date() }));
    const plain = { error: 'Test not found', status: 404, code: 'test_not_found' };
    const res = await t.as(w.admin.token).get('/test/details', { testId: theirs, projectId: w.projectB.projectId }).expect(404);
    expect(res.body).toEqual({ error: 'Project not found', status: 404, code: 'project_not_found' });
    expect((await t.as(w.admin.token).put('/test/update', { testId: theirs, title: 'x' }).expect(404)).body).toEqual(plain);

    const [mine] = await createTests(t.db, w.projectA.projectId, 1, () => ({ deletedAt: new Date() }));
    const other = await createProject(t.db, w.orgA.orgId);
    const elsewhere = await t.as(w.reader.token).get('/test/details', { testId: mine, projectId: other.projectId }).expect(404);
    expect(elsewhere.body).toEqual(plain);
    // A test that never existed stays the plain 404.
    const never = await t.as(w.reader.token).get('/test/details', { testId: 2_000_000_000, projectId: w.projectA.projectId });
    expect(never.body).toEqual(plain);
  });
});

describe('a section filter naming no section of the project', () => {
  it('is a 404 naming the section, on the list, the count and the download', async () => {
    const { projectId } = await createProject(t.db, w.orgA.orgId);
    const mine = await createSection(t.db, projectId, 'Checkout');
    await createTests(t.db, projectId, 2, () => ({ sectionId: mine.sectionId }));
    const theirs = await createSection(t.db, w.projectA.projectId, 'Elsewhere');
    for (const sectionId of [2_000_000_000, theirs.sectionId]) {
      const body = { error: `Section ${sectionId} (in project ${projectId}) not found`, status: 404, code: 'section_not_found' };
      for (const path of ['/project/tests', '/project/tests-count', '/tests/download']) {
        const res = await t.as(w.reader.token).get(path, { projectId, sectionId }).expect(404);
        expect({ path, body: res.body }).toEqual({ path, body });
      }
    }
    const found = await t.as(w.reader.token).get('/project/tests-count', { projectId, sectionId: mine.sectionId }).expect(200);
    expect(found.body.data).toEqual({ count: 2 });
    // A section of the project without tests is an empty answer, not a 404: the section is read when nothing was found.
    const bare = await createSection(t.db, projectId, 'Bare');
    const none = await t.as(w.reader.token).get('/project/tests', { projectId, sectionId: bare.sectionId }).expect(200);
    expect({ tests: none.body.data.tests, total: none.body.data.total }).toEqual({ tests: [], total: 0 });
    const zero = await t.as(w.reader.token).get('/project/tests-count', { projectId, sectionId: bare.sectionId }).expect(200);
    expect(zero.body.data).toEqual({ count: 0 });
  });

  it("answers Project not found for another organization's project, whatever the section", async () => {
    const theirs = await createSection(t.db, w.projectB.projectId, 'Theirs');
    const res = await t
      .as(w.admin.token)
      .get('/project/tests', { projectId: w.projectB.projectId, sectionId: theirs.sectionId })
      .expect(404);
    expect(res.body).toEqual({ error: 'Project not found', status: 404, code: 'project_not_found' });
  });
});
