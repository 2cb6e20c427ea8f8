import { createTestApp, type TestApp } from '../support/app';
import { createProject, createWorld, type World } from '../support/factories';
import { createSection, createTests } from '../support/catalog-factories';

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
});
afterAll(() => t.close());

const add = (body: Record<string, unknown>, token = w.user.token) => t.as(token).post('/project/add-section', body);

describe('sections', () => {
  it('builds a tree; the list gives every section with parent and depth, depth-first', async () => {
    const project = await createProject(t.db, w.orgA.orgId);
    const p = project.projectId;
    const auth = (await add({ projectId: p, sectionName: 'Auth' }).expect(201)).body.data;
    expect(auth).toEqual({
      sectionId: expect.any(Number),
      sectionName: 'Auth',
      parentSectionId: null,
      depth: 0,
      projectId: p,
      createdAt: expect.any(String),
    });
    const billing = (await add({ projectId: p, sectionName: 'Billing' }).expect(201)).body.data;
    const login = (await add({ projectId: p, sectionName: ' Login ', parentSectionId: auth.sectionId }).expect(201)).body.data;
    expect(login).toMatchObject({ sectionName: 'Login', parentSectionId: auth.sectionId, depth: 1 });
    const sso = (await add({ projectId: p, sectionName: 'SSO', parentSectionId: login.sectionId }).expect(201)).body.data;
    expect(sso.depth).toBe(2);
    const logout = (await add({ projectId: p, sectionName: 'Logout', parentSectionId: auth.sectionId }).expect(201)).body.data;
    const list = await t.as(w.reader.token).get('/sections', { projectId: p }).expect(200);
    expect(
      list.body.data.map((s: { sectionName: string; depth: number; parentSectionId: number | null }) => [
        s.sectionName,
        s.depth,
        s.parentSectionId,
      ]),
    ).toEqual([
      ['Auth', 0, null],
      ['Login', 1, auth.sectionId],
      ['SSO', 2, login.sectionId],
      ['Logout', 1, auth.sectionId],
      ['Billing', 0, null],
    ]);
    expect(list.body.data[0]).toEqual(auth);
    expect(logout.depth).toBe(1);
    expect(billing.depth).toBe(0);
  });

  it('lists siblings by name (case ignored), not by creation: the order of the run report too', async () => {
    const p = (await createProject(t.db, w.orgA.orgId)).projectId;
    const search = await createSection(t.db, p, 'search');
    const checkout = await createSection(t.db, p, 'Checkout');
    const zeta = await createSection(t.db, p, 'Zeta', checkout.sectionId);
    const alpha = await createSection(t.db, p, 'alpha', checkout.sectionId);
    const list = (await t.as(w.reader.token).get('/sections', { projectId: p }).expect(200)).body.data;
    const order = [checkout, alpha, zeta, search].map((s) => s.sectionId);
    expect(list.map((s: { sectionId: number }) => s.sectionId)).toEqual(order);
    // A run of one test in each: its section counts come in the same order.
    const tests = await Promise.all(order.map((sectionId) => createTests(t.db, p, 1, () => ({ sectionId }))));
    const run = await t.as(w.user.token).post('/run/create', { projectId: p, runName: 'Order', testIds: tests.flat() }).expect(201);
    const counts = await t.as(w.reader.token).get('/run/section-counts', { runId: run.body.data.runId, projectId: p }).expect(200);
    expect(counts.body.data.map((c: { sectionId: number }) => c.sectionId)).toEqual(order);
  });

  it('keeps sibling names unique, case-insensitively (409), and allows the name elsewhere', async () => {
    const p = w.projectA.projectId;
    const parent = (await add({ projectId: p, sectionName: 'Payments' }).expect(201)).body.data;
    const dup = await add({ projectId: p, sectionName: 'payments' }).expect(409);
    // The text names the section that holds the name, so a caller can use it instead.
    expect(dup.body).toEqual({
      error: `Section already exists: sectionId ${parent.sectionId} ("Payments") has that name under the same parent`,
      status: 409,
      code: 'duplicate_name',
    });
    await add({ projectId: p, sectionName: 'Payments', parentSectionId: parent.sectionId }).expect(201);
    await add({ projectId: w.projectB.projectId, sectionName: 'Payments' }, w.adminB.token).expect(201);
  });

  it('refuses a parent of another project or organization with 400, writing nothing', async () => {
    const foreign = await createSection(t.db, w.projectB.projectId, 'Foreign');
    const before = await t.db.section.count();
    const res = await add({ projectId: w.projectA.projectId, sectionName: 'Child', parentSectionId: foreign.sectionId }).expect(400);
    expect(res.body.error).toBe('Invalid request: parentSectionId: Not a section of this project');
    expect(await t.db.section.count()).toBe(before);
  });

  it('checks roles, input, organization and project state', async () => {
    const before = await t.db.section.count();
    await add({ projectId: w.projectA.projectId, sectionName: 'No' }, w.reader.token).expect(403);
    const bad = await add({ projectId: w.projectA.projectId, sectionName: '  ' }).expect(400);
    expect(bad.body.error).toBe('Invalid request: sectionName: Must not be empty');
    const foreign = await add({ projectId: w.projectB.projectId, sectionName: 'X' }).expect(404);
    expect(foreign.body.error).toBe('Project not found');
    const inactive = await createProject(t.db, w.orgA.orgId, { isActive: false });
    const frozen = await add({ projectId: inactive.projectId, sectionName: 'X' }).expect(409);
    expect(frozen.body.error).toBe('Project is inactive');
    expect(await t.db.section.count()).toBe(before);
    await t.as(w.reader.token).get('/sections', { projectId: w.projectB.projectId }).expect(404);
    await t.as(w.reader.token).get('/sections', { projectId: inactive.projectId }).expect(200);
  });
});

describe('PUT /project/edit-section', () => {
  it('renames, and moves when given a parent, never under itself or its subsections', async () => {
    const p = (await createProject(t.db, w.orgA.orgId)).projectId;
    const a = await createSection(t.db, p, 'A');
    const b = await createSection(t.db, p, 'B', a.sectionId);
    const c = await createSection(t.db, p, 'C', b.sectionId);
    const renamed = await t.as(w.user.token).put('/project/edit-section', { sectionId: b.sectionId, sectionName: 'B2' }).expect(200);
    expect(renamed.body.data).toMatchObject({ sectionId: b.sectionId, sectionName: 'B2', parentSectionId: a.sectionId, depth: 1 });
    for (const parentSectionId of [a.sectionId, b.sectionId, c.sectionId]) {
      const res = await t
        .as(w.user.token)
        .put('/project/edit-section', { sectionId: a.sectionId, sectionName: 'A', parentSectionId })
        .expect(400);
      expect(res.body.error).toBe('Invalid request: parentSectionId: A section cannot move under itself or its subsections');
    }
    const moved = await t
      .as(w.user.token)
      .put('/project/edit-section', { sectionId: c.sectionId, sectionName: 'C', parentSectionId: null })
      .expect(200);
    expect(moved.body.data).toMatchObject({ parentSectionId: null, depth: 0 });
    const clash = await t.as(w.user.token).put('/project/edit-section', { sectionId: c.sectionId, sectionName: 'a' }).expect(409);
    expect(clash.body.error).toBe(`Section already exists: sectionId ${a.sectionId} ("A") has that name under the same parent`);
    const same = await t.as(w.user.token).put('/project/edit-section', { sectionId: c.sectionId, sectionName: 'c' }).expect(200);
    expect(same.body.data.sectionName).toBe('c');
  });

  it('checks roles, organization and project state', async () => {
    const mine = await createSection(t.db, w.projectA.projectId, 'Mine');
    const theirs = await createSection(t.db, w.projectB.projectId, 'Theirs');
    await t.as(w.reader.token).put('/project/edit-section', { sectionId: mine.sectionId, sectionName: 'x' }).expect(403);
    const missing = await t.as(w.user.token).put('/project/edit-section', { sectionId: mine.sectionId }).expect(400);
    expect(missing.body.error).toBe('Invalid request: sectionName: Required');
    const foreign = await t.as(w.admin.token).put('/project/edit-section', { sectionId: theirs.sectionId, sectionName: 'x' }).expect(404);
    expect(foreign.body.error).toBe('Section not found');
    const inactive = await createProject(t.db, w.orgA.orgId, { isActive: false });
    const frozen = await createSection(t.db, inactive.projectId, 'Frozen');
    await t.as(w.user.token).put('/project/edit-section', { sectionId: frozen.sectionId, sectionName: 'x' }).expect(409);
    const names = (await t.db.section.findMany({ where: { sectionId: { in: [mine.sectionId, theirs.sectionId, frozen.sectionId] } } })).map(
      (s) => s.sectionName,
    );
    expect(names.sort()).toEqual(['Frozen', 'Mine', 'Theirs']);
  });
});

describe('DELETE /project/delete-section', () => {
  it('lets only an Admin delete; tests and subsections move to the parent', async () => {
    const p = (await createProject(t.db, w.orgA.orgId)).projectId;
    const root = await createSection(t.db, p, 'Root');
    const mid = await createSection(t.db, p, 'Mid', root.sectionId);
    const leaf = await createSection(t.db, p, 'Leaf', mid.sectionId);
    const tests = await createTests(t.db, p, 3, () => ({ sectionId: mid.sectionId }));
    await t.as(w.user.token).delete('/project/delete-section', { sectionId: mid.sectionId }).expect(403);
    const res = await t.as(w.admin.token).delete('/project/delete-section', { sectionId: mid.sectionId }).expect(200);
    expect(res.body.data).toEqual({
      sectionId: mid.sectionId,
      deleted: true,
      parentSectionId: root.sectionId,
      movedTests: 3,
      movedSections: 1,
    });
    expect(await t.db.test.count({ where: { testId: { in: tests }, sectionId: root.sectionId } })).toBe(3);
    const list = (await t.as(w.reader.token).get('/sections', { projectId: p }).expect(200)).body.data;
    expect(list.map((s: { sectionId: number; depth: number }) => [s.sectionId, s.depth])).toEqual([
      [root.sectionId, 0],
      [leaf.sectionId, 1],
    ]);
    const top = await t.as(w.admin.token).delete('/project/delete-section', { sectionId: root.sectionId }).expect(200);
    expect(top.body.data).toMatchObject({ parentSectionId: null, movedTests: 3, movedSections: 1 });
    expect(await t.db.test.count({ where: { testId: { in: tests }, sectionId: null } })).toBe(3);
  });

  it('refuses when a moved subsection would clash with a sibling name (409), deleting nothing', async () => {
    const p = (await createProject(t.db, w.orgA.orgId)).projectId;
    const outer = await createSection(t.db, p, 'Outer');
    await createSection(t.db, p, 'Shared', outer.sectionId);
    const inner = await createSection(t.db, p, 'Inner', outer.sectionId);
    await createSection(t.db, p, 'SHARED', inner.sectionId);
    const res = await t.as(w.admin.token).delete('/project/delete-section', { sectionId: inner.sectionId }).expect(409);
    expect(res.body.error).toBe('Section already exists: the parent already holds a section named "SHARED"');
    expect(await t.db.section.count({ where: { projectId: p } })).toBe(4);
  });

  it("answers 404 for another organization's section and 409 in an inactive project", async () => {
    const theirs = await createSection(t.db, w.projectB.projectId, 'Theirs');
    await t.as(w.admin.token).delete('/project/delete-section', { sectionId: theirs.sectionId }).expect(404);
    const inactive = await createProject(t.db, w.orgA.orgId, { isActive: false });
    const frozen = await createSection(t.db, inactive.projectId, 'Frozen');
    await t.as(w.admin.token).delete('/project/delete-section', { sectionId: frozen.sectionId }).expect(409);
    expect(await t.db.section.count({ where: { sectionId: { in: [theirs.sectionId, frozen.sectionId] } } })).toBe(2);
    const bad = await t.as(w.admin.token).delete('/project/delete-section', { sectionId: 'one' }).expect(400);
    expect(bad.body.error).toContain('sectionId');
  });
});

describe('sibling names compare literally, ignoring case only', () => {
  // %, _ and \ are plain characters of a name, never LIKE patterns.
  const edit = (body: Record<string, unknown>) => t.as(w.user.token).put('/project/edit-section', body);

  it('accepts a name that only a pattern would match (no false 409)', async () => {
    const p = (await createProject(t.db, w.orgA.orgId)).projectId;
    await add({ projectId: p, sectionName: 'Release 1x0' }).expect(201);
    await add({ projectId: p, sectionName: 'Release 1_0' }).expect(201);
    await add({ projectId: p, sectionName: '%' }).expect(201);
    await add({ projectId: p, sectionName: 'Rel%' }).expect(201);
    const other = await createSection(t.db, p, 'Other');
    await edit({ sectionId: other.sectionId, sectionName: '_elease 1x0' }).expect(200);
    expect(await t.db.section.count({ where: { projectId: p } })).toBe(5);
  });

  it('takes a backslash, trailing or not, as a character (no 500)', async () => {
    const p = (await createProject(t.db, w.orgA.orgId)).projectId;
    // A sibling longer than the name: LIKE would reach the trailing escape and fail.
    await createSection(t.db, p, 'Folders');
    const res = await add({ projectId: p, sectionName: 'Folder\\' }).expect(201);
    expect(res.body.data.sectionName).toBe('Folder\\');
    const other = await createSection(t.db, p, 'Other');
    await edit({ sectionId: other.sectionId, sectionName: 'Folders\\' }).expect(200);
  });

  it('refuses a sibling of the same name, whatever characters it holds (409), writing nothing', async () => {
    const p = (await createProject(t.db, w.orgA.orgId)).projectId;
    for (const name of ['a\\b', 'C:\\Temp\\', '50%', 'snake_case']) {
      const { sectionId } = (await add({ projectId: p, sectionName: name }).expect(201)).body.data;
      const dup = await add({ projectId: p, sectionName: name.toUpperCase() }).expect(409);
      expect(dup.body).toEqual({
        error: `Section already exists: sectionId ${sectionId} (${JSON.stringify(name)}) has that name under the same parent`,
        status: 409,
        code: 'duplicate_name',
      });
    }
    const other = await createSection(t.db, p, 'Other');
    await edit({ sectionId: other.sectionId, sectionName: 'A\\B' }).expect(409);
    const names = (await t.db.section.findMany({ where: { projectId: p }, orderBy: { sectionId: 'asc' } })).map((s) => s.sectionName);
    expect(names).toEqual(['a\\b', 'C:\\Temp\\', '50%', 'snake_case', 'Other']);
  });
});
