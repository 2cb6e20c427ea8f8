import { createOrg, createProject, createUser, type TestUser } from '../support/factories';
import { checkScreen, startWebHarness, type WebHarness } from './support/web-harness';

// The app shell: sign in with a token, the header knows the user, every route opens by deep
// link (a reload included), each screen passes axe-core, and Sign out ends the session.

let h: WebHarness;
let admin: TestUser;
let projectId: number;

beforeAll(async () => {
  h = await startWebHarness();
  const org = await createOrg(h.t.db, 'Shell testers');
  admin = await createUser(h.t.db, 'Admin', [org.orgId]);
  projectId = (await createProject(h.t.db, org.orgId, { projectName: 'Checkout' })).projectId;
}, 120_000);
afterAll(() => h?.close());

it('signs in with a token, opens every screen by deep link, and signs out', async () => {
  const page = await h.signIn(admin.token);
  const user = page.getByTestId('signed-in-user');
  await user.getByText(`Admin ${admin.email}`).waitFor(); // the factory names a user after role and email
  expect(await user.textContent()).toBe(`Admin ${admin.email} Admin`);
  expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents()).toEqual([
    'Projects',
    'My work',
    'Tokens',
    'Users',
    'Audit log',
    'Webhooks',
  ]);
  await checkScreen(page, 'projects');

  const screens: [string, string, string][] = [
    ['dashboard', `/projects/${projectId}/dashboard`, 'Dashboard of Checkout'],
    ['catalog', `/projects/${projectId}/catalog`, 'Catalog of Checkout'],
    ['test-case', `/projects/${projectId}/tests/7`, 'Test case 7'],
    ['runs', `/projects/${projectId}/runs`, 'Runs of Checkout'],
    ['run-execute', `/projects/${projectId}/runs/5`, 'Run 5'],
    ['run-report', `/projects/${projectId}/runs/5/report`, 'Report of run 5'],
    ['my-work', '/my-work', 'My work'],
    ['tokens', '/tokens', 'API tokens'],
    ['users', '/users', 'Users'],
    ['webhooks', '/webhooks', 'Webhooks'],
  ];
  for (const [name, path, heading] of screens) {
    await page.goto(`${h.baseUrl}${path}`);
    await page.reload();
    expect(page.url()).toBe(`${h.baseUrl}${path}`);
    await page.getByRole('heading', { level: 1, name: heading }).waitFor();
    if (path.startsWith('/projects/')) {
      // A project's pages name the organization and the project in their breadcrumbs.
      const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link');
      await crumbs.getByText('Shell testers', { exact: true }).waitFor();
      expect((await crumbs.allTextContents()).slice(0, 2)).toEqual(['Shell testers', 'Checkout']);
    }
    await checkScreen(page, name);
  }

  await Promise.all([page.waitForURL(`${h.baseUrl}/login`), page.getByRole('button', { name: 'Sign out' }).click()]);
  await checkScreen(page, 'login');
  // The session is over: a deep link leads back to the login page, which will return to it.
  await page.goto(`${h.baseUrl}/projects/${projectId}/runs`);
  expect(page.url()).toBe(`${h.baseUrl}/login?next=${encodeURIComponent(`/projects/${projectId}/runs`)}`);
});

it('shows a refused token on the login page, and no Users link to a Reader', async () => {
  const context = await h.browser.newContext();
  try {
    const page = await context.newPage();
    await page.goto(`${h.baseUrl}/login`);
    await page.getByLabel('API token').fill('cb_not-a-token-of-this-server');
    await page.getByRole('button', { name: 'Sign in with token' }).click();
    await page.getByRole('alert').getByText('This API token is not valid').waitFor();
  } finally {
    await context.close();
  }
  const reader = await createUser(h.t.db, 'Reader', [(await createOrg(h.t.db)).orgId]);
  const page = await h.signIn(reader.token);
  await page.getByTestId('signed-in-user').getByText('Reader', { exact: true }).waitFor();
  expect(await page.getByRole('navigation', { name: 'Main' }).getByRole('link').allTextContents()).toEqual([
    'Projects',
    'My work',
    'Tokens',
  ]);
});
