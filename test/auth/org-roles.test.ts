import { createTestApp, type TestApp } from '../support/app';
import { createMember, createOrg, createProject, createUser, type TestUser } from '../support/factories';

// A role belongs to a membership: what a caller may do depends on the
// organization that owns the resource.

const FORBIDDEN = { error: 'Forbidden - User does not have access', status: 403, code: 'forbidden' };

let t: TestApp;
let orgA: { orgId: number };
let orgB: { orgId: number };
let orgC: { orgId: number };
let adminA: TestUser;
let adminB: TestUser;
/** Admin of B, Reader of A. */
let mixed: TestUser;
/** User of A, Reader of B. */
let multi: TestUser;
let projectA: { projectId: number };
let projectB: { projectId: number };
let projectC: { projectId: number };

const roleIn = async (userId: number, orgId: number) =>
  (await t.db.membership.findUniqueOrThrow({ where: { userId_orgId: { userId, orgId } } })).role;

const memberOf = (roles: [{ orgId: number }, 'Reader' | 'User' | 'Admin'][]): Promise<TestUser> =>
  createMember(
    t.db,
    roles.map(([org, role]) => [org.orgId, role]),
  );

beforeAll(async () => {
  t = await createTestApp();
  // One after the other: memberships are listed by orgId, so A < B < C.
  orgA = await createOrg(t.db);
  orgB = await createOrg(t.db);
  orgC = await createOrg(t.db);
  adminA = await createUser(t.db, 'Admin', [orgA.orgId]);
  adminB = await createUser(t.db, 'Admin', [orgB.orgId]);
  mixed = await memberOf([
    [orgB, 'Admin'],
    [orgA, 'Reader'],
  ]);
  multi = await memberOf([
    [orgA, 'User'],
    [orgB, 'Reader'],
  ]);
  await createUser(t.db, 'Admin', [orgC.orgId]);
  [projectA, projectB, projectC] = await Promise.all([
    createProject(t.db, orgA.orgId),
    createProject(t.db, orgB.orgId),
    createProject(t.db, orgC.orgId),
  ]);
});
afterAll(() => t.close());

describe('authorization uses the role in the organization that owns the resource', () => {
  it('lets an Admin of B act as a Reader in A: reads 200, writes 403, nothing written', async () => {
    const as = t.as(mixed.token);
    await as.get('/project/detail', { projectId: projectA.projectId }).expect(200);
    await as.post('/test/create', { projectId: projectA.projectId, title: 'not in A' }).expect(403, FORBIDDEN);
    await as.delete('/project/delete', { projectId: projectA.projectId }).expect(403, FORBIDDEN);
    await as.post('/project/create', { orgId: orgA.orgId, projectName: 'not in A' }).expect(403, FORBIDDEN);
    await as.get('/all-users', { orgId: orgA.orgId }).expect(403, FORBIDDEN);
    await as.get('/audit', { orgId: orgA.orgId }).expect(403, FORBIDDEN);
    expect(await t.db.test.count({ where: { projectId: projectA.projectId } })).toBe(0);
    expect(await t.db.project.count({ where: { orgId: orgA.orgId } })).toBe(1);

    const created = await as.post('/test/create', { projectId: projectB.projectId, title: 'in B' }).expect(201);
    await as.get('/all-users', { orgId: orgB.orgId }).expect(200);
    // A test of A named by id alone (update, bulk update) is refused the same way.
    const inA = await t.db.test.create({ data: { projectId: projectA.projectId, title: 'kept' } });
    await as.put('/test/update', { testId: inA.testId, title: 'changed' }).expect(403, FORBIDDEN);
    await as
      .put('/test/bulk-update', {
        tests: [
          { testId: created.body.data.testId, title: 'x' },
          { testId: inA.testId, title: 'x' },
        ],
      })
      .expect(403, FORBIDDEN);
    expect((await t.db.test.findUniqueOrThrow({ where: { testId: inA.testId } })).title).toBe('kept');
    await t.db.test.delete({ where: { testId: inA.testId } });
  });

  it('answers 404 for an organization the caller is not a member of', async () => {
    const as = t.as(mixed.token);
    await as
      .post('/test/create', { projectId: projectC.projectId, title: 'x' })
      .expect(404, { error: 'Project not found', status: 404, code: 'project_not_found' });
    await as.get('/project/detail', { projectId: projectC.projectId }).expect(404);
    await as
      .get('/audit', { orgId: orgC.orgId })
      .expect(404, { error: 'Organization not found', status: 404, code: 'organization_not_found' });
  });

  it("B's Admin cannot raise a shared user in A: the change stays in B", async () => {
    await t.as(adminB.token).put('/user/update-role', { userId: multi.userId, role: 'Admin', orgId: orgA.orgId }).expect(404);
    const res = await t.as(adminB.token).put('/user/update-role', { userId: multi.userId, role: 'User' }).expect(200);
    expect(res.body.data).toMatchObject({ userId: multi.userId, role: 'User', memberships: [{ orgId: orgB.orgId, role: 'User' }] });
    expect(await roleIn(multi.userId, orgA.orgId)).toBe('User');
    expect(await roleIn(multi.userId, orgB.orgId)).toBe('User');
    await t.as(mixed.token).put('/user/update-role', { userId: multi.userId, role: 'Admin', orgId: orgA.orgId }).expect(403, FORBIDDEN);
    expect(await roleIn(multi.userId, orgA.orgId)).toBe('User');
    await t.as(adminB.token).put('/user/update-role', { userId: multi.userId, role: 'Reader' }).expect(200);
  });

  it('needs orgId when the target shares several organizations with the caller', async () => {
    const both = await memberOf([
      [orgA, 'Admin'],
      [orgB, 'Admin'],
    ]);
    const res = await t.as(both.token).put('/user/update-role', { userId: multi.userId, role: 'Admin' }).expect(400);
    expect(res.body.error).toBe('Invalid request: orgId: Required when the user belongs to more than one of your organizations');
    try {
      const done = await t.as(both.token).put('/user/update-role', { userId: multi.userId, role: 'Admin', orgId: orgA.orgId }).expect(200);
      expect(done.body.data).toMatchObject({
        role: 'Admin',
        memberships: [
          { orgId: orgA.orgId, role: 'Admin' },
          { orgId: orgB.orgId, role: 'Reader' },
        ],
      });
      expect(await roleIn(multi.userId, orgB.orgId)).toBe('Reader');
    } finally {
      await t.db.membership.update({ where: { userId_orgId: { userId: multi.userId, orgId: orgA.orgId } }, data: { role: 'User' } });
      await t.db.membership.deleteMany({ where: { userId: both.userId } });
    }
  });

  it('shows the role per organization in user details and all-users', async () => {
    const details = await t.as(adminA.token).get('/user/details', { userId: multi.userId }).expect(200);
    // adminA shares only A with multi: B stays out of sight.
    expect(details.body.data).toMatchObject({ role: 'User', orgIds: [orgA.orgId], memberships: [{ orgId: orgA.orgId, role: 'User' }] });
    const own = await t.as(multi.token).get('/user/details').expect(200);
    expect(own.body.data).toMatchObject({
      role: null,
      memberships: [
        { orgId: orgA.orgId, role: 'User' },
        { orgId: orgB.orgId, role: 'Reader' },
      ],
    });
    const inB = await t.as(multi.token).get('/user/details', { orgId: orgB.orgId }).expect(200);
    expect(inB.body.data.role).toBe('Reader');
    const list = await t.as(adminB.token).get('/all-users', { orgId: orgB.orgId }).expect(200);
    const row = list.body.data.users.find((u: { userId: number }) => u.userId === mixed.userId);
    expect(row).toMatchObject({ role: 'Admin', memberships: [{ orgId: orgB.orgId, role: 'Admin' }] });
  });
});

describe('tokens of other users', () => {
  it('are minted and revoked only by an Admin of every organization of that user', async () => {
    await t.as(adminB.token).post('/token/generate', { userId: multi.userId }).expect(403, FORBIDDEN);
    await t.as(adminB.token).delete('/token/delete', { tokenId: multi.tokenId }).expect(403, FORBIDDEN);
    expect(await t.db.apiToken.count({ where: { userId: multi.userId } })).toBe(1);
    expect((await t.db.apiToken.findUniqueOrThrow({ where: { tokenId: multi.tokenId } })).revokedAt).toBeNull();

    const both = await memberOf([
      [orgA, 'Admin'],
      [orgB, 'Admin'],
    ]);
    const minted = await t.as(both.token).post('/token/generate', { userId: multi.userId, name: 'ci' }).expect(201);
    await t.as(minted.body.data.token).get('/project/detail', { projectId: projectA.projectId }).expect(200);
    await t.as(both.token).delete('/token/delete', { tokenId: minted.body.data.tokenId }).expect(200);
    await t.as(minted.body.data.token).get('/tokens').expect(401);
    // Not a member of C: that user's tokens are out of sight.
    const inC = await createUser(t.db, 'Reader', [orgC.orgId]);
    await t.as(both.token).post('/token/generate', { userId: inC.userId }).expect(404);
    await t.as(both.token).delete('/token/delete', { tokenId: inC.tokenId }).expect(404);
    await t.db.membership.deleteMany({ where: { userId: both.userId } });
  });

  it("accepts an Admin's Bearer token for generate; others' tokens stay 401", async () => {
    await t.as(multi.token).post('/token/generate', { userId: multi.userId }).expect(401);
    const res = await t.as(mixed.token).post('/token/generate', { userId: mixed.userId, name: 'from a token' }).expect(201);
    expect(res.body.data).toMatchObject({ userId: mixed.userId, name: 'from a token' });
    expect(res.headers['cache-control']).toContain('no-store');
  });
});

describe('the last Admin of an organization', () => {
  it('stays: demoting it is 409 and changes nothing', async () => {
    const org = await createOrg(t.db);
    const solo = await createUser(t.db, 'Admin', [org.orgId]);
    // An Admin elsewhere does not count for this organization.
    await t.db.membership.create({ data: { userId: adminA.userId, orgId: org.orgId, role: 'User' } });
    await t
      .as(solo.token)
      .put('/user/update-role', { userId: solo.userId, role: 'User' })
      .expect(409, { error: 'Cannot change the role of the last Admin', status: 409, code: 'last_admin' });
    expect(await roleIn(solo.userId, org.orgId)).toBe('Admin');
  });

  it('stays when two Admins demote themselves at the same moment: one 200, one 409', async () => {
    for (let round = 0; round < 5; round++) {
      const org = await createOrg(t.db);
      const [a, b] = await Promise.all([createUser(t.db, 'Admin', [org.orgId]), createUser(t.db, 'Admin', [org.orgId])]);
      const results = await Promise.all(
        [a, b].map((u) => t.as(u.token).put('/user/update-role', { userId: u.userId, role: 'Reader', orgId: org.orgId })),
      );
      expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
      expect(await t.db.membership.count({ where: { orgId: org.orgId, role: 'Admin' } })).toBe(1);
    }
  });
});

describe('the audit log', () => {
  it('records role changes and tokens, newest first, for Admins of that organization', async () => {
    const org = await createOrg(t.db);
    const [admin, reader] = await Promise.all([createUser(t.db, 'Admin', [org.orgId]), createUser(t.db, 'Reader', [org.orgId])]);
    await t.as(admin.token).put('/user/update-role', { userId: reader.userId, role: 'User' }).expect(200);
    const minted = await t.as(admin.token).post('/token/generate', { userId: reader.userId, name: 'ci' }).expect(201);
    await t.as(admin.token).delete('/token/delete', { tokenId: minted.body.data.tokenId }).expect(200);

    const res = await t.as(admin.token).get('/audit', { orgId: org.orgId, limit: 3 }).expect(200);
    expect(res.body.data).toMatchObject({ limit: 3, offset: 0 });
    expect(res.body.data.events.map((e: { action: string }) => e.action)).toEqual([
      'token.revoked',
      'token.generated',
      'user.role-changed',
    ]);
    expect(res.body.data.events[2]).toMatchObject({
      orgId: org.orgId,
      actorId: admin.userId,
      targetType: 'user',
      targetId: reader.userId,
      detail: { from: 'Reader', to: 'User' },
    });
    expect(res.body.data.events[1]).toMatchObject({ actorId: admin.userId, targetType: 'token', targetId: minted.body.data.tokenId });
    await t.as(reader.token).get('/audit', { orgId: org.orgId }).expect(403, FORBIDDEN);
    await t.as(adminB.token).get('/audit', { orgId: org.orgId }).expect(404);
    await t.as(admin.token).get('/audit', { orgId: org.orgId, limit: 0 }).expect(400);
  });
});
