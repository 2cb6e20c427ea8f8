import { createOrg, createUser, type TestUser } from '../support/factories';
import { checkScreen, startWebHarness, type WebHarness } from './support/web-harness';

// Administration in the browser: the audit log (filters in the address, paged), pending
// invitations (list, revoke), creating an organization (Admins of the installation only),
// the confirmation before making someone Admin, a blank token name refused, and the
// login page's help for a newcomer.

let h: WebHarness;
let orgId: number;
let orgName: string;
let admin: TestUser;
let colleague: TestUser;
let member: TestUser;
let adminB: TestUser;

const nameOf = (u: TestUser) => `${u.role} ${u.email}`; // the factory's naming

beforeAll(async () => {
  h = await startWebHarness();
  // The first organization made: its Admins administer the installation.
  ({ orgId, orgName } = await createOrg(h.t.db));
  const other = await createOrg(h.t.db);
  [admin, colleague, member, adminB] = [
    await createUser(h.t.db, 'Admin', [orgId]),
    await createUser(h.t.db, 'Admin', [orgId]),
    await createUser(h.t.db, 'User', [orgId]),
    await createUser(h.t.db, 'Admin', [other.orgId]),
  ];
  // A log to filter: 30 locks by the Admin in January, 3 role changes by the colleague in February.
  await h.t.db.auditEvent.createMany({
    data: [
      ...Array.from({ length: 30 }, (_, i) => ({
        orgId,
        actorId: admin.userId,
        action: 'run.locked',
        targetType: 'run',
        targetId: i + 1,
        createdAt: new Date(Date.UTC(2026, 0, 1 + i, 12)),
      })),
      ...Array.from({ length: 3 }, (_, i) => ({
        orgId,
        actorId: colleague.userId,
        action: 'user.role-changed',
        targetType: 'user',
        targetId: member.userId,
        detail: { from: 'Reader', to: 'User' },
        createdAt: new Date(Date.UTC(2026, 1, 10 + i, 12)),
      })),
    ],
  });
}, 120_000);
afterAll(() => h?.close());

it('filters the audit log by person, kind and days, keeps the filters in the address, and pages', async () => {
  const page = await h.signIn(admin.token);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Audit log' }).click();
  await page.getByRole('heading', { level: 1, name: 'Audit log' }).waitFor();
  await page.getByRole('navigation', { name: 'Audit pages' }).waitFor();

  // Keyboard: choose the person, then Enter on Filter applies it.
  await page.getByLabel('Person').selectOption({ label: nameOf(colleague) });
  await page.getByRole('button', { name: 'Filter' }).press('Enter');
  await page.waitForURL(new RegExp(`actorId=${colleague.userId}`));
  const pages = page.getByRole('navigation', { name: 'Audit pages' });
  await pages.getByText('1–3 of 3').waitFor();
  expect(await page.getByRole('cell', { name: 'Role changed' }).count()).toBe(3);
  await page.getByRole('cell', { name: 'Reader → User' }).first().waitFor();
  await checkScreen(page, 'audit-person');

  // The next filters are chosen while the cleared list is still on its way to the address: they stay
  // (a slowed processor keeps the way long, as on a busy machine).
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
  await page.getByRole('button', { name: 'Clear' }).click();
  await page.getByLabel('Kind').selectOption({ label: 'Run locked' });
  await page.getByLabel('From').fill('2026-01-04');
  await page.getByLabel('To').fill('2026-01-31');
  await page.waitForURL((url) => !url.search.includes('actorId'));
  await page.getByRole('navigation', { name: 'Audit pages' }).getByText('1–3 of 3').waitFor({ state: 'detached' });
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  expect(await page.getByLabel('Kind').inputValue()).toBe('run.locked');
  expect(await page.getByLabel('From').inputValue()).toBe('2026-01-04');
  expect(await page.getByLabel('To').inputValue()).toBe('2026-01-31');
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.waitForURL(/action=run\.locked/);
  await pages.getByText('1–25 of 27').waitFor();
  await pages.getByRole('button', { name: 'Next' }).click();
  await pages.getByText('26–27 of 27').waitFor();
  expect(page.url()).toContain('action=run.locked');
  expect(page.url()).toContain('from=2026-01-04');
  expect(page.url()).toContain('offset=25');
  // The address is the state: a reload shows the same page of the same filters.
  await page.reload();
  await page.getByRole('navigation', { name: 'Audit pages' }).getByText('26–27 of 27').waitFor();
  expect(await page.getByLabel('Kind').inputValue()).toBe('run.locked');
  await checkScreen(page, 'audit-filtered-page-2');

  // Nothing matches: said so.
  await page.getByLabel('To').fill('2026-01-02');
  await page.getByLabel('From').fill('2026-01-01');
  await page.getByLabel('Person').selectOption({ label: nameOf(colleague) });
  await page.getByRole('button', { name: 'Filter' }).click();
  await page.getByText('No entries match these filters.').waitFor();
}, 180_000);

it('keeps the audit log from a User: no link, and the page says who may read it', async () => {
  const page = await h.signIn(member.token);
  expect(await page.getByRole('link', { name: 'Audit log' }).count()).toBe(0);
  await page.goto(`${h.baseUrl}/audit`);
  await page.getByText('Only Admins read the audit log.').waitFor();
  expect(await page.getByRole('table').count()).toBe(0);
});

it('lists pending invitations and revokes one after a confirmation', async () => {
  for (const email of ['pending.one@example.test', 'pending.two@example.test']) {
    await h.t.as(admin.token).post('/user/invite', { orgId, email, role: 'User' }).expect(201);
  }
  const page = await h.signIn(admin.token);
  await page.goto(`${h.baseUrl}/users`);
  const section = page.getByRole('region', { name: 'Pending invitations' });
  await section.getByRole('rowheader', { name: 'pending.one@example.test' }).waitFor();
  await section.getByRole('rowheader', { name: 'pending.two@example.test' }).waitFor();

  // Inviting from the form adds to the list.
  await page.getByLabel('Email').fill('pending.three@example.test');
  await page.getByRole('button', { name: 'Invite' }).click();
  await section.getByRole('rowheader', { name: 'pending.three@example.test' }).waitFor();

  await section.getByRole('button', { name: 'Revoke the invitation of pending.one@example.test' }).click();
  const dialog = page.getByRole('dialog', { name: 'Revoke invitation?' });
  await dialog.getByText('pending.one@example.test will no longer join').waitFor();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect(await h.t.db.invitation.count({ where: { orgId, email: 'pending.one@example.test' } })).toBe(1);

  await section.getByRole('button', { name: 'Revoke the invitation of pending.one@example.test' }).click();
  await checkScreen(page, 'users-revoke-invitation');
  await dialog.getByRole('button', { name: 'Yes, revoke' }).click();
  await page.getByRole('status').filter({ hasText: 'Invitation of pending.one@example.test revoked' }).waitFor();
  await section.getByRole('rowheader', { name: 'pending.one@example.test' }).waitFor({ state: 'detached' });
  expect(await h.t.db.invitation.count({ where: { orgId, email: 'pending.one@example.test' } })).toBe(0);
  await checkScreen(page, 'users-invitations');
});

it('asks before making someone Admin: Cancel keeps the role, confirming changes it', async () => {
  const page = await h.signIn(admin.token);
  await page.goto(`${h.baseUrl}/users`);
  const role = page.getByLabel(`Role of ${nameOf(member)}`);
  await role.selectOption('Admin');
  const dialog = page.getByRole('dialog', { name: 'Make Admin?' });
  await dialog.getByText(`${nameOf(member)} becomes an Admin of ${orgName}`).waitFor();
  await checkScreen(page, 'users-promote-confirm');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  expect(await role.inputValue()).toBe('User');
  const membership = () => h.t.db.membership.findUniqueOrThrow({ where: { userId_orgId: { userId: member.userId, orgId } } });
  expect((await membership()).role).toBe('User');

  await role.selectOption('Admin');
  await dialog.getByRole('button', { name: 'Yes, make Admin' }).click();
  await page
    .getByRole('status')
    .filter({ hasText: `${nameOf(member)} is now Admin in ${orgName}` })
    .waitFor();
  expect((await membership()).role).toBe('Admin');
  // Lowering a role needs no confirmation.
  await role.selectOption('User');
  await page
    .getByRole('status')
    .filter({ hasText: `${nameOf(member)} is now User in ${orgName}` })
    .waitFor();
  expect((await membership()).role).toBe('User');
});

it('lets an Admin of the installation create an organization, and offers it to nobody else', async () => {
  const page = await h.signInOAuth(admin.userId);
  await page.goto(`${h.baseUrl}/users`);
  await page.getByRole('heading', { level: 2, name: 'New organization' }).waitFor();
  await page.getByLabel('Organization name').fill('Mobile team');
  await page.getByLabel('Organization name').press('Enter');
  await page.getByRole('status').filter({ hasText: 'Organization Mobile team created: you are its Admin.' }).waitFor();
  const created = await h.t.db.organization.findUniqueOrThrow({ where: { orgName: 'Mobile team' } });
  expect(await h.t.db.membership.findMany({ where: { orgId: created.orgId } })).toEqual([
    expect.objectContaining({ userId: admin.userId, role: 'Admin' }),
  ]);
  // The header's organizations follow at once.
  await page.getByRole('banner').getByText('Mobile team').first().waitFor();
  // A name taken: the server's refusal shows.
  await page.getByLabel('Organization name').fill('Mobile team');
  await page.getByRole('button', { name: 'Create organization' }).click();
  await page.getByRole('alert').filter({ hasText: 'Organization already exists (409)' }).waitFor();
  await checkScreen(page, 'users-new-organization');

  // An Admin of another organization only is not an Admin of the installation.
  const other = await h.signInOAuth(adminB.userId);
  await other.goto(`${h.baseUrl}/users`);
  await other.getByRole('heading', { level: 2, name: /^Members of / }).waitFor();
  expect(await other.getByRole('heading', { name: 'New organization' }).count()).toBe(0);
});

it('refuses a blank token name in the form, minting nothing', async () => {
  const page = await h.signInOAuth(member.userId);
  await page.goto(`${h.baseUrl}/tokens`);
  const before = await h.t.db.apiToken.count({ where: { userId: member.userId } });
  await page.getByLabel('Name').fill('   ');
  await page.getByRole('button', { name: 'Generate token' }).click();
  await page.getByRole('alert').filter({ hasText: 'Give the token a name' }).waitFor();
  expect(await page.getByLabel('Name').getAttribute('aria-invalid')).toBe('true');
  await checkScreen(page, 'tokens-blank-name');
  expect(await h.t.db.apiToken.count({ where: { userId: member.userId } })).toBe(before);
  await page.getByLabel('Name').fill('Nightly');
  await page.getByRole('button', { name: 'Generate token' }).click();
  await page.getByLabel('New token').waitFor();
  expect(await page.getByRole('alert').filter({ hasText: 'Give the token a name' }).count()).toBe(0);
});

it("tells a newcomer on the login page what works: the first start's token for admin@localhost, and how to make another", async () => {
  // bypassCSP lets the test inject axe-core, as the harness does.
  const page = await (await h.browser.newContext({ bypassCSP: true })).newPage();
  await page.goto(`${h.baseUrl}/login`);
  const help = page.locator('#newcomer-help');
  await help.getByText("The server's first start printed an API token").waitFor();
  const text = (await help.textContent())!.replace(/\s+/g, ' ');
  expect(text).toContain('for the Admin admin@localhost');
  // This server runs on PostgreSQL: the CLI works beside it.
  expect(text).toContain("Lost it? Run npx casebook token create --email admin@localhost with the server's DATABASE_URL");
  expect(text).not.toContain('you@example.com');
  await checkScreen(page, 'login-help');
  await page.context().close();
});
