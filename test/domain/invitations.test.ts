import { createTestApp, type TestApp } from '../support/app';
import { createMember, createOrg, createUser, createWorld, type World } from '../support/factories';

// POST /user/invite: an Admin invites an email into one of its organizations.

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
});
afterAll(() => t.close());

const invitationsOf = (email: string) => t.db.invitation.findMany({ where: { email } });

describe('POST /user/invite', () => {
  it('records the invitation (201), lower-cased, and audits it', async () => {
    const res = await t
      .as(w.admin.token)
      .post('/user/invite', { orgId: w.orgA.orgId, email: 'New.Person@Example.test', role: 'User' })
      .expect(201);
    expect(res.body).toEqual({
      data: {
        invitationId: expect.any(Number),
        orgId: w.orgA.orgId,
        email: 'new.person@example.test',
        role: 'User',
        invitedBy: w.admin.userId,
        createdAt: expect.any(String),
        acceptedAt: null,
      },
      status: 201,
    });
    const audit = await t.db.auditEvent.findMany({ where: { orgId: w.orgA.orgId, action: 'user.invited' } });
    expect(audit).toEqual([
      expect.objectContaining({
        actorId: w.admin.userId,
        targetType: 'invitation',
        targetId: res.body.data.invitationId,
        detail: { email: 'new.person@example.test', role: 'User' },
      }),
    ]);
  });

  it('updates the role when the email is invited again', async () => {
    const first = await t
      .as(w.admin.token)
      .post('/user/invite', { orgId: w.orgA.orgId, email: 'again@example.test', role: 'Reader' })
      .expect(201);
    const second = await t
      .as(w.admin.token)
      .post('/user/invite', { orgId: w.orgA.orgId, email: 'AGAIN@example.test', role: 'Admin' })
      .expect(201);
    expect(second.body.data).toMatchObject({ invitationId: first.body.data.invitationId, role: 'Admin' });
    expect((await invitationsOf('again@example.test')).map((i) => i.role)).toEqual(['Admin']);
  });

  it('invites a user of another organization into this one', async () => {
    await t.as(w.admin.token).post('/user/invite', { orgId: w.orgA.orgId, email: w.adminB.email, role: 'Reader' }).expect(201);
  });

  it('is 403 for a Reader and a User, writing nothing', async () => {
    for (const caller of [w.reader, w.user]) {
      const res = await t
        .as(caller.token)
        .post('/user/invite', { orgId: w.orgA.orgId, email: 'nope@example.test', role: 'Reader' })
        .expect(403);
      expect(res.body).toEqual({ error: 'Forbidden - User does not have access', status: 403, code: 'forbidden' });
    }
    expect(await invitationsOf('nope@example.test')).toEqual([]);
  });

  it('is 403 in an organization where the Admin is only a Reader', async () => {
    const orgC = await createOrg(t.db);
    const mixed = await createMember(t.db, [
      [w.orgA.orgId, 'Admin'],
      [orgC.orgId, 'Reader'],
    ]);
    await t.as(mixed.token).post('/user/invite', { orgId: orgC.orgId, email: 'mixed@example.test', role: 'Reader' }).expect(403);
    expect(await invitationsOf('mixed@example.test')).toEqual([]);
  });

  it("is 404 for another organization's id or an unknown one", async () => {
    for (const orgId of [w.orgB.orgId, 999999]) {
      await t
        .as(w.admin.token)
        .post('/user/invite', { orgId, email: 'cross@example.test', role: 'Reader' })
        .expect(404, { error: 'Organization not found', status: 404, code: 'organization_not_found' });
    }
    expect(await invitationsOf('cross@example.test')).toEqual([]);
  });

  it('is 400 naming the field for bad input, writing nothing', async () => {
    const bad: [unknown, RegExp][] = [
      [{ orgId: w.orgA.orgId, email: 'not-an-email', role: 'Reader' }, /^Invalid request: email: Expected an email address$/],
      [{ orgId: w.orgA.orgId, email: 'a@b.test', role: 'Owner' }, /^Invalid request: role: /],
      [{ orgId: w.orgA.orgId, email: 'a@b.test' }, /^Invalid request: role: Required$/],
      [{ email: 'a@b.test', role: 'Reader' }, /^Invalid request: orgId: Required$/],
      [{ orgId: w.orgA.orgId, email: 'a@b.test', role: 'Reader', extra: 1 }, /Unknown field\(s\): extra/],
    ];
    const before = await t.db.invitation.count();
    for (const [body, message] of bad) {
      const res = await t.as(w.admin.token).post('/user/invite', body).expect(400);
      expect(res.body.error).toMatch(message);
    }
    expect(await t.db.invitation.count()).toBe(before);
  });

  it('is 409 for an email that is already a member, in any case', async () => {
    for (const email of [w.reader.email, w.reader.email.toUpperCase()]) {
      const res = await t.as(w.admin.token).post('/user/invite', { orgId: w.orgA.orgId, email, role: 'Admin' }).expect(409);
      expect(res.body).toEqual({ error: 'User is already a member of this organization', status: 409, code: 'already_member' });
    }
    expect(await invitationsOf(w.reader.email)).toEqual([]);
  });
});

describe('GET /invitations', () => {
  it("lists the organization's pending invitations, newest first, paged, without accepted ones or another organization's", async () => {
    const orgC = await createOrg(t.db);
    const admin = await createUser(t.db, 'Admin', [orgC.orgId]);
    for (const email of ['one@example.test', 'two@example.test', 'three@example.test']) {
      await t.as(admin.token).post('/user/invite', { orgId: orgC.orgId, email, role: 'User' }).expect(201);
    }
    await t.db.invitation.updateMany({ where: { orgId: orgC.orgId, email: 'two@example.test' }, data: { acceptedAt: new Date() } });
    const res = await t.as(admin.token).get('/invitations', { orgId: orgC.orgId }).expect(200);
    expect(res.body.data).toEqual({
      invitations: [
        expect.objectContaining({ email: 'three@example.test', role: 'User', invitedBy: admin.userId, acceptedAt: null }),
        expect.objectContaining({ email: 'one@example.test' }),
      ],
      total: 2,
      limit: 100,
      offset: 0,
    });
    const second = await t.as(admin.token).get('/invitations', { orgId: orgC.orgId, limit: 1, offset: 1 }).expect(200);
    expect(second.body.data.invitations.map((i: { email: string }) => i.email)).toEqual(['one@example.test']);
  });

  it('is 403 for a Reader and a User, 404 for another organization, 400 for a bad orgId', async () => {
    for (const caller of [w.reader, w.user]) await t.as(caller.token).get('/invitations', { orgId: w.orgA.orgId }).expect(403);
    await t
      .as(w.admin.token)
      .get('/invitations', { orgId: w.orgB.orgId })
      .expect(404, { error: 'Organization not found', status: 404, code: 'organization_not_found' });
    const res = await t.as(w.admin.token).get('/invitations', {}).expect(400);
    expect(res.body).toMatchObject({ code: 'validation_failed', error: 'Invalid request: orgId: Required' });
  });
});

describe('DELETE /invitation/revoke', () => {
  const invite = async (email: string) =>
    (await t.as(w.admin.token).post('/user/invite', { orgId: w.orgA.orgId, email, role: 'Reader' }).expect(201)).body.data
      .invitationId as number;

  it('withdraws a pending invitation, audits it, and the email no longer joins at sign-in', async () => {
    const invitationId = await invite('revoked@example.test');
    const res = await t.as(w.admin.token).delete('/invitation/revoke', { invitationId }).expect(200);
    expect(res.body).toEqual({ data: { invitationId, revoked: true }, status: 200 });
    expect(await invitationsOf('revoked@example.test')).toEqual([]);
    const audit = await t.db.auditEvent.findMany({ where: { orgId: w.orgA.orgId, action: 'invitation.revoked' } });
    expect(audit).toEqual([
      expect.objectContaining({
        actorId: w.admin.userId,
        targetType: 'invitation',
        targetId: invitationId,
        detail: { email: 'revoked@example.test', role: 'Reader' },
      }),
    ]);
    const listed = await t.as(w.admin.token).get('/invitations', { orgId: w.orgA.orgId }).expect(200);
    expect(listed.body.data.invitations.map((i: { invitationId: number }) => i.invitationId)).not.toContain(invitationId);
  });

  it('is 403 for a Reader and a User, and for an Admin elsewhere who is only a User there, revoking nothing', async () => {
    const invitationId = await invite('kept@example.test');
    for (const caller of [w.reader, w.user]) {
      await t.as(caller.token).delete('/invitation/revoke', { invitationId }).expect(403);
    }
    const orgC = await createOrg(t.db);
    const mixed = await createMember(t.db, [
      [w.orgA.orgId, 'User'],
      [orgC.orgId, 'Admin'],
    ]);
    await t.as(mixed.token).delete('/invitation/revoke', { invitationId }).expect(403, {
      error: 'Forbidden - User does not have access',
      status: 403,
      code: 'forbidden',
    });
    expect(await invitationsOf('kept@example.test')).toHaveLength(1);
  });

  it("is 404 invitation_not_found for another organization's invitation and an unknown id", async () => {
    const invitationId = await invite('theirs@example.test');
    for (const id of [invitationId, 999999]) {
      await t
        .as(w.adminB.token)
        .delete('/invitation/revoke', { invitationId: id })
        .expect(404, { error: 'Invitation not found', status: 404, code: 'invitation_not_found' });
    }
    expect(await invitationsOf('theirs@example.test')).toHaveLength(1);
  });

  it('is 409 invitation_accepted for an accepted invitation, which stays', async () => {
    const invitationId = await invite('joined@example.test');
    await t.db.invitation.update({ where: { invitationId }, data: { acceptedAt: new Date() } });
    const res = await t.as(w.admin.token).delete('/invitation/revoke', { invitationId }).expect(409);
    expect(res.body).toEqual({
      error: 'Invitation was already accepted: the invitee is a member',
      status: 409,
      code: 'invitation_accepted',
    });
    expect(await invitationsOf('joined@example.test')).toHaveLength(1);
  });

  it('is 400 naming the field for bad input, revoking nothing', async () => {
    const before = await t.db.invitation.count();
    for (const [body, message] of [
      [{}, /^Invalid request: invitationId: Required$/],
      [{ invitationId: 'x' }, /^Invalid request: invitationId: Expected number/],
      [{ invitationId: 0 }, /^Invalid request: invitationId: Expected a positive integer$/],
      [{ invitationId: 1, extra: true }, /Unknown field\(s\): extra/],
    ] as const) {
      const res = await t.as(w.admin.token).delete('/invitation/revoke', body).expect(400);
      expect(res.body).toMatchObject({ code: 'validation_failed', error: expect.stringMatching(message) });
    }
    expect(await t.db.invitation.count()).toBe(before);
  });
});
