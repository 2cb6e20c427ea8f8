import { createTestApp, type TestApp } from '../support/app';
import { issueToken } from '../../src/domain/tokens/tokens.service';
import { createOrg, createUser, createWorld, type World } from '../support/factories';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
});
afterAll(() => t.close());

describe('organizations', () => {
  it("lists only the caller's organizations", async () => {
    const res = await t.as(w.reader.token).get('/orgs').expect(200);
    expect(res.body.data).toEqual([{ orgId: w.orgA.orgId, orgName: w.orgA.orgName, createdAt: expect.any(String) }]);
  });

  it('shows an organization with its project count; another organization is 404', async () => {
    const res = await t.as(w.reader.token).get('/org/detail', { orgId: w.orgA.orgId }).expect(200);
    expect(res.body.data).toMatchObject({ orgId: w.orgA.orgId, projectCount: 1 });
    await t
      .as(w.reader.token)
      .get('/org/detail', { orgId: w.orgB.orgId })
      .expect(404, { error: 'Organization not found', status: 404, code: 'organization_not_found' });
    await t.as(w.reader.token).get('/org/detail', { orgId: 999999 }).expect(404);
  });

  it('rejects a bad orgId with 400', async () => {
    const res = await t.as(w.reader.token).get('/org/detail', { orgId: '-1' }).expect(400);
    expect(res.body.error).toMatch(/^Invalid request: orgId: /);
    await t
      .as(w.reader.token)
      .get('/org/detail')
      .expect(400, { error: 'Invalid request: orgId: Required', status: 400, code: 'validation_failed' });
  });
});

describe('users', () => {
  it('gives the caller by default and a colleague by id', async () => {
    const me = await t.as(w.user.token).get('/user/details').expect(200);
    expect(me.body.data).toEqual({
      userId: w.user.userId,
      name: expect.any(String),
      email: w.user.email,
      role: 'User',
      orgIds: [w.orgA.orgId],
      memberships: [{ orgId: w.orgA.orgId, role: 'User' }],
      installationAdmin: false,
    });
    // An Admin of the first organization administers the installation; another user's record does not say.
    expect((await t.as(w.admin.token).get('/user/details').expect(200)).body.data.installationAdmin).toBe(true);
    expect((await t.as(w.adminB.token).get('/user/details').expect(200)).body.data.installationAdmin).toBe(false);
    const colleague = await t.as(w.admin.token).get('/user/details', { userId: w.reader.userId }).expect(200);
    expect(colleague.body.data.email).toBe(w.reader.email);
    expect(colleague.body.data).not.toHaveProperty('installationAdmin');
  });

  // One policy for reading other users. A Reader read co-members' emails
  // and roles through /user/details while /all-users refused it.
  it('shows another user only to whom /all-users shows them: 403 for a Reader and a User, as /all-users', async () => {
    for (const caller of [w.reader, w.user]) {
      await t.as(caller.token).get('/all-users', { orgId: w.orgA.orgId }).expect(403);
      const res = await t.as(caller.token).get('/user/details', { userId: w.admin.userId }).expect(403);
      expect(res.body).toEqual({ error: 'Forbidden - User does not have access', status: 403, code: 'forbidden' });
      expect(JSON.stringify(res.body)).not.toContain(w.admin.email);
      // Themselves, always.
      await t.as(caller.token).get('/user/details', { userId: caller.userId }).expect(200);
    }
    const listed = await t.as(w.admin.token).get('/all-users', { orgId: w.orgA.orgId }).expect(200);
    const fromList = listed.body.data.users.find((u: { userId: number }) => u.userId === w.reader.userId);
    const details = await t.as(w.admin.token).get('/user/details', { userId: w.reader.userId }).expect(200);
    expect(details.body.data).toEqual(fromList);
  });

  it('hides a user from an Admin elsewhere who is only a Reader where the user is (404), as /all-users does', async () => {
    const orgC = await createOrg(t.db);
    const mixed = await createUser(t.db, 'Admin', [orgC.orgId]);
    await t.db.membership.create({ data: { userId: mixed.userId, orgId: w.orgA.orgId, role: 'Reader' } });
    // A token minted now reaches both organizations (the factory's was scoped to orgC alone).
    const { token } = await issueToken(t.db, mixed.userId, 'both');
    await t.as(token).get('/all-users', { orgId: w.orgA.orgId }).expect(403);
    await t.as(token).get('/user/details', { userId: w.user.userId }).expect(404);
    await t.as(token).get('/user/details', { userId: mixed.userId }).expect(200);
    const all = await t.as(token).get('/all-users').expect(200);
    expect(all.body.data.users.map((u: { userId: number }) => u.userId)).not.toContain(w.user.userId);
  });

  it('hides users of another organization (404) from details, all-users and update-role', async () => {
    await t
      .as(w.admin.token)
      .get('/user/details', { userId: w.adminB.userId })
      .expect(404, { error: 'User not found', status: 404, code: 'user_not_found' });
    await t
      .as(w.admin.token)
      .get('/all-users', { orgId: w.orgB.orgId })
      .expect(404, { error: 'Organization not found', status: 404, code: 'organization_not_found' });
    await t.as(w.admin.token).put('/user/update-role', { userId: w.adminB.userId, role: 'Reader' }).expect(404);
    expect(
      (await t.db.membership.findUniqueOrThrow({ where: { userId_orgId: { userId: w.adminB.userId, orgId: w.orgB.orgId } } })).role,
    ).toBe('Admin');
    const all = await t.as(w.admin.token).get('/all-users').expect(200);
    expect(all.body.data.users.map((u: { userId: number }) => u.userId)).not.toContain(w.adminB.userId);
  });

  it('pages all-users with limit and offset', async () => {
    const page1 = await t.as(w.admin.token).get('/all-users', { orgId: w.orgA.orgId, limit: 2, offset: 0 }).expect(200);
    const page2 = await t.as(w.admin.token).get('/all-users', { orgId: w.orgA.orgId, limit: 2, offset: 2 }).expect(200);
    expect(page1.body.data).toMatchObject({ limit: 2, offset: 0 });
    const ids = [...page1.body.data.users, ...page2.body.data.users].map((u: { userId: number }) => u.userId);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids.length).toBe(Math.min(page1.body.data.total, 4));
  });

  it.each([
    [{ limit: 0 }, 'limit'],
    [{ limit: 1001 }, 'limit'],
    [{ offset: -1 }, 'offset'],
    [{ limit: 'ten' }, 'limit'],
  ])('rejects all-users paging %j with 400', async (query, field) => {
    const res = await t.as(w.admin.token).get('/all-users', query).expect(400);
    expect(res.body.error).toContain(field);
  });

  it('validates update-role input and writes nothing on error', async () => {
    const res = await t.as(w.admin.token).put('/user/update-role', { userId: w.reader.userId, role: 'Superuser' }).expect(400);
    expect(res.body.error).toContain('role');
    const missing = await t.as(w.admin.token).put('/user/update-role', {}).expect(400);
    expect(missing.body.error).toBe('Invalid request: userId: Required; role: Required');
    expect(
      (await t.db.membership.findUniqueOrThrow({ where: { userId_orgId: { userId: w.reader.userId, orgId: w.orgA.orgId } } })).role,
    ).toBe('Reader');
  });

  it('keeps at least one Admin in each organization (409)', async () => {
    const org = await createOrg(t.db);
    const solo = await createUser(t.db, 'Admin', [org.orgId]);
    const res = await t.as(solo.token).put('/user/update-role', { userId: solo.userId, role: 'Reader' }).expect(409);
    expect(res.body.error).toBe('Cannot change the role of the last Admin');
    expect((await t.db.membership.findUniqueOrThrow({ where: { userId_orgId: { userId: solo.userId, orgId: org.orgId } } })).role).toBe(
      'Admin',
    );
  });
});

describe('tokens', () => {
  it('lists own tokens without secrets', async () => {
    const res = await t.as(w.reader.token).get('/tokens').expect(200);
    expect(res.body.data).toEqual([
      {
        tokenId: w.reader.tokenId,
        userId: w.reader.userId,
        name: 'test',
        createdAt: expect.any(String),
        lastUsedAt: expect.anything(),
        revokedAt: null,
        orgIds: [w.orgA.orgId],
      },
    ]);
    expect(JSON.stringify(res.body)).not.toMatch(/cb_|tokenHash/);
  });

  it("answers 404 when a non-Admin revokes someone else's token, and leaves it working", async () => {
    await t
      .as(w.reader.token)
      .delete('/token/delete', { tokenId: w.user.tokenId })
      .expect(404, { error: 'Token not found', status: 404, code: 'token_not_found' });
    await t.as(w.user.token).get('/user/details').expect(200);
  });

  it('lets an Admin revoke a token of their organization, not of another', async () => {
    const victim = await createUser(t.db, 'Reader', [w.orgA.orgId]);
    await t.as(w.admin.token).delete('/token/delete', { tokenId: w.adminB.tokenId }).expect(404);
    await t.as(w.adminB.token).get('/orgs').expect(200);
    await t.as(w.admin.token).delete('/token/delete', { tokenId: victim.tokenId }).expect(200);
    await t.as(victim.token).get('/orgs').expect(401);
  });

  it('validates tokenId', async () => {
    const res = await t.as(w.reader.token).delete('/token/delete', { tokenId: 'x' }).expect(400);
    expect(res.body.error).toContain('tokenId');
  });

  it('treats an expired token like an unknown one', async () => {
    const u = await createUser(t.db, 'Reader', [w.orgA.orgId]);
    await t.db.apiToken.update({ where: { tokenId: u.tokenId }, data: { expiresAt: new Date(Date.now() - 1) } });
    await t.as(u.token).get('/orgs').expect(401, { error: 'Unauthorized - Please login', status: 401, code: 'unauthorized' });
  });

  it('records when a token was last used', async () => {
    const u = await createUser(t.db, 'Reader', [w.orgA.orgId]);
    await t.as(u.token).get('/orgs').expect(200);
    await new Promise((r) => setTimeout(r, 200));
    expect((await t.db.apiToken.findUniqueOrThrow({ where: { tokenId: u.tokenId } })).lastUsedAt).toBeInstanceOf(Date);
  });
});

describe('token names', () => {
  it('refuses a blank name (400 validation_failed), minting nothing; a name left out or with spaces around is kept as trimmed', async () => {
    const count = () => t.db.apiToken.count({ where: { userId: w.user.userId } });
    const before = await count();
    for (const name of ['', '   ', '\t\n']) {
      const res = await t.as(w.admin.token).post('/token/generate', { userId: w.user.userId, name }).expect(400);
      expect(res.body).toEqual({ error: 'Invalid request: name: Must not be empty', status: 400, code: 'validation_failed' });
    }
    expect(await count()).toBe(before);
    const named = await t.as(w.admin.token).post('/token/generate', { userId: w.user.userId, name: '  CI job ' }).expect(201);
    expect(named.body.data.name).toBe('CI job');
    await t.as(w.admin.token).post('/token/generate', { userId: w.user.userId }).expect(201);
    expect(await count()).toBe(before + 2);
  });
});
