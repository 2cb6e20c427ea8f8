import { createWorld, type World } from '../support/factories';
import { ALL_TOOLS, connectMcp, dataOf, errorOf, restAs, startRealApp, type McpSession, type RunningApp } from './support';

// delete-section, update-user-role and get-audit through the real SDK client: each
// tool allowed to the role REST allows it to, refused with REST's own text otherwise.

type Rec = Record<string, unknown>;

let app: RunningApp;
let w: World;
let admin: McpSession;
let user: McpSession;
let rest: ReturnType<typeof restAs>;

beforeAll(async () => {
  app = await startRealApp();
  w = await createWorld(app.db);
  [admin, user] = await Promise.all([
    connectMcp({ CASEBOOK_URL: app.url, CASEBOOK_TOKEN: w.admin.token }, ALL_TOOLS),
    connectMcp({ CASEBOOK_URL: app.url, CASEBOOK_TOKEN: w.user.token }, ALL_TOOLS),
  ]);
  rest = restAs(app.url, w.admin.token);
});
afterAll(async () => {
  await Promise.all([admin?.close(), user?.close()]);
  await app?.close();
});

/** The error text REST gives for the same call with `token`. */
async function restError(token: string, method: string, path: string, input: Rec): Promise<string> {
  const res = await restAs(app.url, token).raw(method, path, input);
  expect(res.status).toBeGreaterThanOrEqual(400);
  return (JSON.parse(res.body.toString()) as { error: string }).error;
}

const sectionsOf = (projectId: number) => rest.data<{ sectionId: number; sectionName: string }[]>('/sections', { projectId });

describe('delete-section', () => {
  it("refuses a User with REST's 403 text and the role it needs, and deletes nothing", async () => {
    const projectId = w.projectA.projectId;
    const section = dataOf<{ sectionId: number }>(await user.call('add-section', { projectId, sectionName: 'Kept' }));
    const { message, tip } = errorOf(await user.call('delete-section', { sectionId: section.sectionId }));
    expect(message).toBe(await restError(w.user.token, 'DELETE', '/project/delete-section', { sectionId: section.sectionId }));
    expect(message).toBe('Forbidden - User does not have access');
    expect(tip).toContain('delete-section needs the Admin role');
    expect((await sectionsOf(projectId)).map((s) => s.sectionId)).toContain(section.sectionId);
  });

  it("deletes an Admin's section, moving its tests and subsections to its parent", async () => {
    const projectId = w.projectA.projectId;
    const parent = dataOf<{ sectionId: number }>(await admin.call('add-section', { projectId, sectionName: 'Checkout' }));
    const doomed = dataOf<{ sectionId: number }>(
      await admin.call('add-section', { projectId, sectionName: 'Cards', parentSectionId: parent.sectionId }),
    );
    const child = dataOf<{ sectionId: number }>(
      await admin.call('add-section', { projectId, sectionName: '3-D Secure', parentSectionId: doomed.sectionId }),
    );
    const test = dataOf<{ testId: number }>(
      await admin.call('create-test', { projectId, testName: 'Pay by card', sectionId: doomed.sectionId }),
    );

    expect(dataOf(await admin.call('delete-section', { sectionId: doomed.sectionId }))).toEqual({
      sectionId: doomed.sectionId,
      deleted: true,
      parentSectionId: parent.sectionId,
      movedTests: 1,
      movedSections: 1,
    });
    const sections = await sectionsOf(projectId);
    expect(sections.map((s) => s.sectionId)).not.toContain(doomed.sectionId);
    expect(sections.find((s) => s.sectionId === child.sectionId)).toMatchObject({ parentSectionId: parent.sectionId });
    expect(await rest.data('/test/details', { testId: test.testId, projectId })).toMatchObject({ sectionId: parent.sectionId });

    const again = errorOf(await admin.call('delete-section', { sectionId: doomed.sectionId }));
    expect(again.message).toBe('Section not found');
    expect(again.tip).toContain('get-sections');
  });
});

describe('update-user-role and get-audit', () => {
  it("changes a member's role, as REST then shows it", async () => {
    const changed = dataOf<Rec>(await admin.call('update-user-role', { userId: w.reader.userId, role: 'User', orgId: w.orgA.orgId }));
    expect(changed).toMatchObject({ userId: w.reader.userId, role: 'User' });
    expect(await rest.data('/user/details', { userId: w.reader.userId })).toMatchObject({ role: 'User' });
    // Back again; orgId may be left out when the user shares one organization with the caller.
    expect(dataOf(await admin.call('update-user-role', { userId: w.reader.userId, role: 'Reader' }))).toMatchObject({ role: 'Reader' });
  });

  it("refuses a User with REST's text, and keeps the last Admin", async () => {
    const forbidden = errorOf(await user.call('update-user-role', { userId: w.reader.userId, role: 'Admin' }));
    expect(forbidden.message).toBe(await restError(w.user.token, 'PUT', '/user/update-role', { userId: w.reader.userId, role: 'Admin' }));
    expect(forbidden.tip).toContain('update-user-role needs the Admin role');

    const last = errorOf(await admin.call('update-user-role', { userId: w.admin.userId, role: 'User' }));
    expect(last.message).toBe('Cannot change the role of the last Admin');
    expect(await rest.data('/user/details', { userId: w.admin.userId })).toMatchObject({ role: 'Admin' });

    const role = errorOf(await admin.call('update-user-role', { userId: w.reader.userId, role: 'Owner' }));
    expect(role.message).toMatch(/^Invalid request: role: /);
  });

  it('lists the role changes and the deleted section in the audit log, newest first', async () => {
    const audit = dataOf<{ events: Rec[]; total: number }>(await admin.call('get-audit', { orgId: w.orgA.orgId, limit: 3 }));
    const restPage = await rest.data<{ events: Rec[]; total: number }>('/audit', { orgId: w.orgA.orgId, limit: 3 });
    // Before them: the tokens of the organization's three members.
    expect(restPage.total).toBe(6);
    expect(audit).toMatchObject({ total: 6, limit: 3, offset: 0, hasMore: true, nextOffset: 3 });
    expect(audit.events).toEqual(restPage.events);
    expect(audit.events.map((e) => [e.action, e.targetType, e.targetId, e.actorId, e.detail])).toEqual([
      ['user.role-changed', 'user', w.reader.userId, w.admin.userId, { from: 'User', to: 'Reader' }],
      ['user.role-changed', 'user', w.reader.userId, w.admin.userId, { from: 'Reader', to: 'User' }],
      ['section.deleted', 'section', expect.any(Number), w.admin.userId, expect.anything()],
    ]);
    const rest2 = await rest.data<{ events: Rec[] }>('/audit', { orgId: w.orgA.orgId, limit: 3, offset: 3 });
    const last = dataOf<{ events: Rec[] }>(await admin.call('get-audit', { orgId: w.orgA.orgId, limit: 3, offset: 3 }));
    expect(last).toMatchObject({ total: 6, hasMore: false });
    expect(last.events).toEqual(rest2.events);
    expect(last.events.map((e) => e.action)).toEqual(['token.generated', 'token.generated', 'token.generated']);
  });

  it("refuses a User, and another organization's Admin sees nothing of it", async () => {
    const { message, tip } = errorOf(await user.call('get-audit', { orgId: w.orgA.orgId }));
    expect(message).toBe(await restError(w.user.token, 'GET', '/audit', { orgId: w.orgA.orgId }));
    expect(tip).toContain('get-audit needs the Admin role');

    const adminB = await connectMcp({ CASEBOOK_URL: app.url, CASEBOOK_TOKEN: w.adminB.token }, ALL_TOOLS);
    try {
      const other = errorOf(await adminB.call('get-audit', { orgId: w.orgA.orgId }));
      expect(other.message).toBe(await restError(w.adminB.token, 'GET', '/audit', { orgId: w.orgA.orgId }));
    } finally {
      await adminB.close();
    }
  });
});

describe('get-audit filters, get-invitations, revoke-invitation and create-org', () => {
  it('filters the audit log by person, kind and time as REST does', async () => {
    const query = { orgId: w.orgA.orgId, actorId: w.admin.userId, action: 'user.role-changed', from: '2000-01-01T00:00:00Z' };
    const filtered = dataOf<{ events: Rec[]; total: number }>(await admin.call('get-audit', query));
    expect(filtered.total).toBeGreaterThan(0);
    expect(filtered.events).toEqual((await rest.data<{ events: Rec[] }>('/audit', query)).events);
    expect(new Set(filtered.events.map((e) => [e.action, e.actorId].join(' ')))).toEqual(new Set([`user.role-changed ${w.admin.userId}`]));
    const { message } = errorOf(await admin.call('get-audit', { orgId: w.orgA.orgId, from: 'last week' }));
    expect(message).toBe(await restError(w.admin.token, 'GET', '/audit', { orgId: w.orgA.orgId, from: 'last week' }));
  });

  it('lists pending invitations and revokes one; a User is refused with the role it needs', async () => {
    await rest.raw('POST', '/user/invite', { orgId: w.orgA.orgId, email: 'mcp-invited@example.test', role: 'User' });
    const listed = dataOf<{ invitations: Rec[]; total: number }>(await admin.call('get-invitations', { orgId: w.orgA.orgId }));
    const invitation = listed.invitations.find((i) => i.email === 'mcp-invited@example.test')!;
    expect(invitation).toMatchObject({ role: 'User', acceptedAt: null });

    const refused = errorOf(await user.call('revoke-invitation', { invitationId: invitation.invitationId }));
    expect(refused.tip).toContain('revoke-invitation needs the Admin role');
    expect(dataOf(await admin.call('revoke-invitation', { invitationId: invitation.invitationId }))).toEqual({
      invitationId: invitation.invitationId,
      revoked: true,
    });
    const again = errorOf(await admin.call('revoke-invitation', { invitationId: invitation.invitationId }));
    expect(again.message).toBe('Invitation not found');
    expect(again.tip).toContain('get-invitations');
    const after = await rest.data<{ invitations: Rec[] }>('/invitations', { orgId: w.orgA.orgId });
    expect(after.invitations.map((i) => i.email)).not.toContain('mcp-invited@example.test');
  });

  it("creates an organization for an Admin of the installation's first organization, and refuses a User", async () => {
    const created = dataOf<Rec>(await admin.call('create-org', { orgName: 'Made over MCP' }));
    expect(created).toMatchObject({ orgName: 'Made over MCP' });
    // The caller is its Admin (a token's scope stays as minted, so this token does not reach it).
    const membership = await app.db.membership.findFirstOrThrow({ where: { orgId: created.orgId as number } });
    expect(membership).toMatchObject({ userId: w.admin.userId, role: 'Admin' });
    const refused = errorOf(await user.call('create-org', { orgName: 'Not mine' }));
    expect(refused.message).toBe('Forbidden - User does not have access');
  });
});
