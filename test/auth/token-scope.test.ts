import { noteOrgChange } from '../../src/domain/orgs/data';
import { MAX_ACTIVE_TOKENS, issueToken } from '../../src/domain/tokens/tokens.service';
import { noteUserChange } from '../../src/domain/users/data';
import type { Role } from '../../src/generated/prisma/client';
import { createTestApp, type TestApp } from '../support/app';
import { createOrg, createProject, createUser } from '../support/factories';

// A token carries the organization scope fixed when it was minted. A
// request acts in that scope ∩ the user's memberships now, with the roles held now.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/** What an invitation accepted at sign-in does: a membership, the counters moved. */
async function join(userId: number, orgId: number, role: Role) {
  await t.db.membership.create({ data: { userId, orgId, role } });
  await noteUserChange(t.db, userId);
  await noteOrgChange(t.db, [orgId]);
}

async function mint(callerToken: string, body: Record<string, unknown>) {
  const res = await t.as(callerToken).post('/token/generate', body).expect(201);
  return res.body.data as { tokenId: number; token: string; userId: number; orgIds: number[] };
}

describe('a token minted by an Admin for another user (the probe: Acme Admin, user later made Admin of Beta)', () => {
  it("does not gain the user's later memberships: Beta's audit and roles stay out of reach, and Beta's audit shows nothing of it", async () => {
    const acme = await createOrg(t.db);
    const beta = await createOrg(t.db);
    const acmeAdmin = await createUser(t.db, 'Admin', [acme.orgId]);
    const betaAdmin = await createUser(t.db, 'Admin', [beta.orgId]);
    const betaReader = await createUser(t.db, 'Reader', [beta.orgId]);
    const target = await createUser(t.db, 'User', [acme.orgId]);

    const minted = await mint(acmeAdmin.token, { userId: target.userId, name: 'for target' });
    expect(minted.orgIds).toEqual([acme.orgId]);

    // Beta later invites the user as Admin; the invitation is accepted.
    await join(target.userId, beta.orgId, 'Admin');
    const betaAuditBefore = await t.db.auditEvent.count({ where: { orgId: beta.orgId } });

    // The user's own new token reaches Beta; the Acme Admin's token for them does not.
    const orgs = await t.as(minted.token).get('/orgs').expect(200);
    expect(orgs.body.data.map((o: { orgId: number }) => o.orgId)).toEqual([acme.orgId]);
    // Where it reaches, it is a User (Acme): reading an audit log or changing a role is refused before anything is looked up.
    await t.as(minted.token).get('/audit', { orgId: beta.orgId }).expect(403);
    await t.as(minted.token).put('/user/update-role', { userId: betaReader.userId, orgId: beta.orgId, role: 'Admin' }).expect(403);
    await t.as(minted.token).get('/org/detail', { orgId: beta.orgId }).expect(404);
    await t.as(minted.token).get('/all-users', { orgId: beta.orgId }).expect(403);
    await t.as(minted.token).post('/user/invite', { orgId: beta.orgId, email: 'x@example.test', role: 'Admin' }).expect(403);
    expect((await t.db.membership.findFirstOrThrow({ where: { userId: betaReader.userId, orgId: beta.orgId } })).role).toBe('Reader');
    expect(await t.db.auditEvent.count({ where: { orgId: beta.orgId } })).toBe(betaAuditBefore);
    // In Acme it still works, with the role held there.
    await t.as(minted.token).get('/audit', { orgId: acme.orgId }).expect(403);
    const me = await t.as(minted.token).get('/user/details').expect(200);
    expect(me.body.data.memberships).toEqual([{ orgId: acme.orgId, role: 'User' }]);
    await t.as(betaAdmin.token).get('/audit', { orgId: beta.orgId }).expect(200);
  });

  it('acts with the roles held now: a demotion in a scoped organization applies at once', async () => {
    const acme = await createOrg(t.db);
    const admin = await createUser(t.db, 'Admin', [acme.orgId]);
    const target = await createUser(t.db, 'Admin', [acme.orgId]);
    const minted = await mint(admin.token, { userId: target.userId });
    await t.as(minted.token).get('/audit', { orgId: acme.orgId }).expect(200);
    await t.as(admin.token).put('/user/update-role', { userId: target.userId, orgId: acme.orgId, role: 'Reader' }).expect(200);
    await t.as(minted.token).get('/audit', { orgId: acme.orgId }).expect(403);
    await t.as(minted.token).get('/orgs').expect(200);
  });
});

describe("one's own token", () => {
  it('reaches by default the organizations of its user at minting, not those joined later', async () => {
    const a = await createOrg(t.db);
    const b = await createOrg(t.db);
    const later = await createOrg(t.db);
    const admin = await createUser(t.db, 'Admin', [a.orgId, b.orgId]);
    const own = await mint(admin.token, { userId: admin.userId });
    expect(own.orgIds).toEqual([a.orgId, b.orgId].sort((x, y) => x - y));
    await join(admin.userId, later.orgId, 'Admin');
    await t.as(own.token).get('/org/detail', { orgId: later.orgId }).expect(404);
    await t.as(own.token).get('/org/detail', { orgId: b.orgId }).expect(200);
  });

  it('takes the organizations chosen at minting (orgIds); one outside the caller’s reach is 404 and mints nothing', async () => {
    const a = await createOrg(t.db);
    const b = await createOrg(t.db);
    const other = await createOrg(t.db);
    const admin = await createUser(t.db, 'Admin', [a.orgId, b.orgId]);
    const narrow = await mint(admin.token, { userId: admin.userId, orgIds: [b.orgId] });
    expect(narrow.orgIds).toEqual([b.orgId]);
    await t.as(narrow.token).get('/org/detail', { orgId: a.orgId }).expect(404);
    const projectA = await createProject(t.db, a.orgId);
    await t.as(narrow.token).get('/project/detail', { projectId: projectA.projectId }).expect(404);

    const before = await t.db.apiToken.count({ where: { userId: admin.userId } });
    await t
      .as(admin.token)
      .post('/token/generate', { userId: admin.userId, orgIds: [other.orgId] })
      .expect(404);
    // A scoped token mints only within its own scope.
    await t
      .as(narrow.token)
      .post('/token/generate', { userId: admin.userId, orgIds: [a.orgId] })
      .expect(404);
    expect(await t.db.apiToken.count({ where: { userId: admin.userId } })).toBe(before);
    const fromNarrow = await mint(narrow.token, { userId: admin.userId });
    expect(fromNarrow.orgIds).toEqual([b.orgId]);
  });

  it.each([
    [{ orgIds: [] }, 'orgIds: At least one organization'],
    [{ orgIds: [1, 1] }, 'orgIds: Must not repeat an organization'],
    [{ orgIds: ['x'] }, 'orgIds.0'],
  ])('refuses bad orgIds %j with 400, minting nothing', async (extra, message) => {
    const org = await createOrg(t.db);
    const admin = await createUser(t.db, 'Admin', [org.orgId]);
    const res = await t
      .as(admin.token)
      .post('/token/generate', { userId: admin.userId, ...extra })
      .expect(400);
    expect(res.body.error).toContain(message);
    expect(await t.db.apiToken.count({ where: { userId: admin.userId } })).toBe(1);
  });
});

describe('the token list and the audit log', () => {
  it('shows each token’s scope, and names the token in the audit entries of its acts', async () => {
    const org = await createOrg(t.db);
    const admin = await createUser(t.db, 'Admin', [org.orgId]);
    const reader = await createUser(t.db, 'Reader', [org.orgId]);
    const ci = await mint(admin.token, { userId: admin.userId, name: 'ci' });
    const list = await t.as(admin.token).get('/tokens').expect(200);
    expect(list.body.data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ tokenId: admin.tokenId, orgIds: [org.orgId] }),
        expect.objectContaining({ tokenId: ci.tokenId, name: 'ci', orgIds: [org.orgId] }),
      ]),
    );
    await t.as(ci.token).put('/user/update-role', { userId: reader.userId, role: 'User' }).expect(200);
    const audit = await t.as(admin.token).get('/audit', { orgId: org.orgId }).expect(200);
    const events = audit.body.data.events as { action: string; actorId: number; tokenId: number | null }[];
    expect(events.find((e) => e.action === 'user.role-changed')).toMatchObject({ actorId: admin.userId, tokenId: ci.tokenId });
    expect(events.find((e) => e.action === 'token.generated')).toMatchObject({ actorId: admin.userId, tokenId: admin.tokenId });
  });
});

describe('active tokens per user', () => {
  it(`stops at ${MAX_ACTIVE_TOKENS} with 409, minting nothing; a revoked or expired one frees a place`, async () => {
    const org = await createOrg(t.db);
    const admin = await createUser(t.db, 'Admin', [org.orgId]);
    for (let i = 1; i < MAX_ACTIVE_TOKENS; i++) await issueToken(t.db, admin.userId, `t${i}`);
    const res = await t.as(admin.token).post('/token/generate', { userId: admin.userId }).expect(409);
    expect(res.body).toEqual({
      error: `Too many active tokens: a user holds at most ${MAX_ACTIVE_TOKENS}; revoke one first`,
      status: 409,
      code: 'token_limit',
    });
    expect(await t.db.apiToken.count({ where: { userId: admin.userId } })).toBe(MAX_ACTIVE_TOKENS);
    const [first, second] = await t.db.apiToken.findMany({ where: { userId: admin.userId, name: { in: ['t1', 't2'] } } });
    await t.as(admin.token).delete('/token/delete', { tokenId: first.tokenId }).expect(200);
    await mint(admin.token, { userId: admin.userId });
    await t.db.apiToken.update({ where: { tokenId: second.tokenId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    await mint(admin.token, { userId: admin.userId });
    await t.as(admin.token).post('/token/generate', { userId: admin.userId }).expect(409);
  });

  it('holds under concurrent mints: never more than the cap', async () => {
    const org = await createOrg(t.db);
    const admin = await createUser(t.db, 'Admin', [org.orgId]);
    for (let i = 1; i < MAX_ACTIVE_TOKENS - 3; i++) await issueToken(t.db, admin.userId, `t${i}`);
    const answers = await Promise.all(Array.from({ length: 8 }, () => t.as(admin.token).post('/token/generate', { userId: admin.userId })));
    expect(answers.filter((r) => r.status === 201)).toHaveLength(3);
    expect(answers.filter((r) => r.status === 409)).toHaveLength(5);
    expect(await t.db.apiToken.count({ where: { userId: admin.userId, revokedAt: null } })).toBe(MAX_ACTIVE_TOKENS);
  });
});
