import type { Page } from 'playwright-core';
import { createMember, createOrg, createUser, type TestUser } from '../support/factories';
import { checkScreen, startWebHarness, type WebHarness } from './support/web-harness';

// Screens 7 and 8 of the web app: API tokens (generate, shown once, copy, last use, revoke) and
// Users (an Admin pages through an organization's members, changes roles, invites; others are told).

let h: WebHarness;
let orgName: string;
let orgId: number;
let admin: TestUser;
let member: TestUser;
let reader: TestUser;
let otherOrg: { orgId: number; orgName: string };

const nameOf = (u: TestUser) => `${u.role} ${u.email}`; // the factory's naming

beforeAll(async () => {
  h = await startWebHarness();
  const org = await createOrg(h.t.db);
  ({ orgId, orgName } = org);
  // The Admin also administers a second organization and is only a Reader of a third.
  otherOrg = await createOrg(h.t.db);
  const readOnlyOrg = await createOrg(h.t.db);
  admin = await createMember(h.t.db, [
    [orgId, 'Admin'],
    [otherOrg.orgId, 'Admin'],
    [readOnlyOrg.orgId, 'Reader'],
  ]);
  member = await createUser(h.t.db, 'User', [orgId]);
  reader = await createUser(h.t.db, 'Reader', [orgId]);
  // Enough members for a second page (25 a page): 3 above + 24.
  for (let i = 0; i < 24; i++) {
    await h.t.db.user.create({
      data: { email: `extra-${i}-${orgId}@example.test`, name: `Extra ${i}`, memberships: { create: { orgId, role: 'Reader' } } },
    });
  }
}, 120_000);
afterAll(() => h?.close());

const membership = (userId: number) => h.t.db.membership.findUniqueOrThrow({ where: { userId_orgId: { userId, orgId } } });

async function lastUsedOf(tokenId: number): Promise<Date | null> {
  // Written off the request path (advisory), so it may lag the request a little.
  for (let i = 0; i < 50; i++) {
    const row = await h.t.db.apiToken.findUniqueOrThrow({ where: { tokenId } });
    if (row.lastUsedAt) return row.lastUsedAt;
    await new Promise((r) => setTimeout(r, 100));
  }
  return null;
}

const tokenRow = (page: Page, name: string) => page.getByRole('row').filter({ has: page.getByRole('rowheader', { name }) });

it('generates a token shown once with a copy button, lists its use, and revokes it after a confirm step', async () => {
  // Signed in through the identity provider: a session started from a User's token has that token's rights, which mint nothing.
  const page = await h.signInOAuth(member.userId);
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: h.baseUrl });
  await page.goto(`${h.baseUrl}/tokens`);
  await page.getByRole('heading', { level: 1, name: 'API tokens' }).waitFor();

  await page.getByLabel('Name').fill('CI pipeline');
  await page.getByRole('button', { name: 'Generate token' }).click();
  const secretField = page.getByLabel('New token');
  await secretField.waitFor();
  const secret = await secretField.inputValue();
  expect(secret).toMatch(/^cb_/);
  await page.getByText('Copy it now: you will not see it again.').waitFor();
  await page.getByRole('button', { name: 'Copy' }).click();
  await page.getByRole('status').filter({ hasText: 'Copied' }).waitFor();
  expect(await page.evaluate('navigator.clipboard.readText()')).toBe(secret);
  await tokenRow(page, 'CI pipeline').getByRole('cell', { name: 'Active' }).waitFor();
  await checkScreen(page, 'tokens-new-token');

  // The secret is the user's own token: it works against the API, and was minted for them.
  const tokens = await h.t.as(secret).get('/tokens').expect(200);
  const created = tokens.body.data.find((t: { name: string }) => t.name === 'CI pipeline');
  expect(created).toMatchObject({ userId: member.userId, revokedAt: null });
  expect(await lastUsedOf(created.tokenId)).not.toBeNull();

  // Shown once: a reload has the token listed, with its last use, and its secret nowhere.
  await page.reload();
  const row = tokenRow(page, 'CI pipeline');
  await row.waitFor();
  expect(await row.getByRole('cell').nth(0).textContent()).toBe(orgName);
  expect(await row.getByRole('cell').nth(2).textContent()).not.toBe('Never');
  expect(await page.getByLabel('New token').count()).toBe(0);
  expect(await page.content()).not.toContain(secret);

  // Revoking asks first; Cancel keeps the token working.
  await row.getByRole('button', { name: 'Revoke “CI pipeline”' }).click();
  await row.getByRole('button', { name: 'Cancel' }).click();
  await h.t.as(secret).get('/tokens').expect(200);
  await row.getByRole('button', { name: 'Revoke “CI pipeline”' }).click();
  await checkScreen(page, 'tokens-revoke-confirm');
  await row.getByRole('button', { name: 'Yes, revoke' }).click();
  await page.getByRole('status').filter({ hasText: 'Token “CI pipeline” revoked' }).waitFor();
  await row.getByRole('cell', { name: /^Revoked / }).waitFor();
  expect(await row.getByRole('button').count()).toBe(0);
  await h.t.as(secret).get('/tokens').expect(401);
  expect((await h.t.db.apiToken.findUniqueOrThrow({ where: { tokenId: created.tokenId } })).revokedAt).not.toBeNull();
});

// A token acts only in the organizations chosen when it is made, and a
// session started from a token has that token's rights.
it('makes a token for the organizations ticked, and lists each token with its organizations', async () => {
  const page = await h.signInOAuth(admin.userId);
  await page.goto(`${h.baseUrl}/tokens`);
  const scope = page.getByRole('group', { name: 'Organizations it may act in' });
  await scope.getByRole('checkbox', { name: otherOrg.orgName }).waitFor();
  expect(await scope.getByRole('checkbox').count()).toBe(3);
  await page.getByLabel('Name').fill('Only here');
  // Keyboard only: Space unticks the focused box.
  await scope.getByRole('checkbox', { name: otherOrg.orgName }).focus();
  await page.keyboard.press('Space');
  const third = scope.getByRole('checkbox').nth(2);
  await third.focus();
  await page.keyboard.press('Space');
  await checkScreen(page, 'tokens-scope-choice');
  await page.getByRole('button', { name: 'Generate token' }).click();
  await page.getByLabel('New token').waitFor();
  const row = tokenRow(page, 'Only here');
  await row.getByRole('cell', { name: orgName, exact: true }).waitFor();
  const minted = await h.t.db.apiToken.findFirstOrThrow({ where: { userId: admin.userId, name: 'Only here' } });
  expect(minted.scopeOrgIds).toEqual([orgId]);
});

it("refuses to mint from a session started with a User's token: the token alone may not", async () => {
  const page = await h.signIn(member.token);
  await page.goto(`${h.baseUrl}/tokens`);
  const before = await h.t.db.apiToken.count({ where: { userId: member.userId } });
  await page.getByLabel('Name').fill('From a token session');
  await page.getByRole('button', { name: 'Generate token' }).click();
  await page.getByRole('alert').filter({ hasText: 'Forbidden' }).waitFor();
  // Still signed in: a refusal, not an ended session.
  expect(page.url()).toBe(`${h.baseUrl}/tokens`);
  expect(await h.t.db.apiToken.count({ where: { userId: member.userId } })).toBe(before);
});

it('lets an Admin page through members, change a role, see the last-Admin refusal, and invite', async () => {
  const page = await h.signIn(admin.token);
  await page.goto(`${h.baseUrl}/users`);
  await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
  await page.getByRole('heading', { level: 2, name: `Members of ${orgName}` }).waitFor();
  // Only the organizations the caller administers are offered.
  const orgSelect = page.getByLabel('Organization', { exact: true });
  expect(await orgSelect.getByRole('option').allTextContents()).toEqual([orgName, otherOrg.orgName]);
  await orgSelect.selectOption({ label: otherOrg.orgName });
  await page.getByRole('heading', { level: 2, name: `Members of ${otherOrg.orgName}` }).waitFor();
  await page.getByLabel(`Role of ${nameOf(admin)}`).waitFor();
  expect(await page.getByRole('rowheader').count()).toBe(1);
  expect(page.url()).toBe(`${h.baseUrl}/users?orgId=${otherOrg.orgId}`);
  await orgSelect.selectOption({ label: orgName });
  await page.getByRole('heading', { level: 2, name: `Members of ${orgName}` }).waitFor();
  const pages = page.getByRole('navigation', { name: 'Members pages' });
  await pages.getByText('1–25 of 27').waitFor();
  expect(
    await page
      .getByRole('row')
      .filter({ has: page.getByRole('rowheader', { name: nameOf(member) }) })
      .getByRole('cell')
      .first()
      .textContent(),
  ).toBe(member.email);
  await checkScreen(page, 'users-members');

  await pages.getByRole('button', { name: 'Next' }).click();
  await pages.getByText('26–27 of 27').waitFor();
  await page.getByRole('rowheader', { name: 'Extra 23' }).waitFor();
  await pages.getByRole('button', { name: 'Previous' }).click();
  await pages.getByText('1–25 of 27').waitFor();

  const memberRole = page.getByLabel(`Role of ${nameOf(member)}`);
  expect(await memberRole.inputValue()).toBe('User');
  await memberRole.selectOption('Reader');
  await page
    .getByRole('status')
    .filter({ hasText: `${nameOf(member)} is now Reader in ${orgName}` })
    .waitFor();
  expect((await membership(member.userId)).role).toBe('Reader');

  // The only Admin demoting themself: the server's 409 text shows, and the select keeps Admin.
  const ownRole = page.getByLabel(`Role of ${nameOf(admin)}`);
  await ownRole.selectOption('User');
  await page.getByRole('alert').filter({ hasText: 'Cannot change the role of the last Admin (409)' }).waitFor();
  expect(await ownRole.inputValue()).toBe('Admin');
  expect((await membership(admin.userId)).role).toBe('Admin');

  await page.getByLabel('Email').fill('New.Tester@Example.test');
  await page.getByLabel('Role', { exact: true }).selectOption('User');
  await page.getByRole('button', { name: 'Invite' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: `Invited new.tester@example.test as User of ${orgName}` })
    .waitFor();
  expect(await h.t.db.invitation.findUnique({ where: { orgId_email: { orgId, email: 'new.tester@example.test' } } })).toMatchObject({
    role: 'User',
    invitedBy: admin.userId,
  });
  await page.getByLabel('Email').fill(reader.email);
  await page.getByRole('button', { name: 'Invite' }).click();
  await page.getByRole('alert').filter({ hasText: 'User is already a member of this organization (409)' }).waitFor();
});

it('tells a Reader that only Admins manage users, with no controls', async () => {
  const page = await h.signIn(reader.token);
  await page.goto(`${h.baseUrl}/users`);
  await page.getByRole('heading', { level: 1, name: 'Users' }).waitFor();
  await page.getByText('Only Admins manage users.').waitFor();
  const main = page.getByRole('main');
  expect(await main.getByRole('combobox').count()).toBe(0);
  expect(await main.getByRole('textbox').count()).toBe(0);
  expect(await main.getByRole('button').count()).toBe(0);
  expect(await main.getByRole('table').count()).toBe(0);
  await checkScreen(page, 'users-reader');
});
