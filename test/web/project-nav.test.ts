import type { Locator, Page } from 'playwright-core';
import { createTests } from '../support/catalog-factories';
import { createOrg, createProject, createUser, type TestUser } from '../support/factories';
import { startRun } from '../support/run-factories';
import { checkScreen, PHONE, startWebHarness, type WebHarness } from './support/web-harness';

// Every project page has the same frame: breadcrumbs (Organization / Project / the page's trail)
// and the project's navigation (Dashboard first, then Catalog, Runs, Plans, Milestones, Stability, Metadata) marking where the
// page is. A tester goes from the catalog to the runs by keyboard, into a run, and back up by the
// breadcrumbs (the project's crumb leads to its dashboard); axe passes on each.

let h: WebHarness;
let user: TestUser;
let projectId: number;
let runId: number;
let testId: number;

beforeAll(async () => {
  h = await startWebHarness();
  const org = await createOrg(h.t.db, 'Nav testers');
  user = await createUser(h.t.db, 'User', [org.orgId]);
  projectId = (await createProject(h.t.db, org.orgId, { projectName: 'Checkout' })).projectId;
  const testIds = await createTests(h.t.db, projectId, 2, (i) => ({ title: ['Pay by card', 'Pay by invoice'][i] }));
  testId = testIds[0];
  runId = (await startRun(h.t, user.token, projectId, testIds, 'Nightly')).runId;
}, 120_000);
afterAll(() => h?.close());

const url = (path = '') => `${h.baseUrl}/projects/${projectId}${path}`;
const breadcrumbs = (page: Page) => page.getByRole('navigation', { name: 'Breadcrumb' });
const projectNav = (page: Page) => page.getByRole('navigation', { name: 'Project' });

/**
 * The trail's link texts, and which is marked current, once it names the organization and the
 * page (names arrive with their data: the organization's with the organizations, a run's with it).
 */
async function trail(page: Page, last: string): Promise<{ links: string[]; current: (string | null)[] }> {
  await breadcrumbs(page).getByRole('link', { name: 'Nav testers', exact: true }).waitFor();
  await breadcrumbs(page).getByRole('link', { name: last, exact: true }).waitFor();
  const links = breadcrumbs(page).getByRole('link');
  return { links: await links.allTextContents(), current: await currentMarks(links) };
}

/** Each link's aria-current (null where it has none). */
async function currentMarks(links: Locator): Promise<(string | null)[]> {
  const marked: (string | null)[] = [];
  for (let i = 0; i < (await links.count()); i += 1) marked.push(await links.nth(i).getAttribute('aria-current'));
  return marked;
}

/** What the project navigation marks current, per link: 'page' on the part's own page, 'true' inside it. */
async function marks(page: Page): Promise<Record<string, string | null>> {
  const links = projectNav(page).getByRole('link');
  const texts = await links.allTextContents();
  const current = await currentMarks(links);
  return Object.fromEntries(texts.map((t, i) => [t, current[i]]));
}

/** Presses Tab from the top of the page until the project navigation's `name` link has focus; how many presses it took. */
async function tabTo(page: Page, name: string): Promise<number> {
  for (let presses = 1; presses <= 40; presses += 1) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate<string>(
      `(() => { const a = document.activeElement; return (a?.closest('nav')?.getAttribute('aria-label') ?? '') + ' > ' + (a?.textContent ?? ''); })()`,
    );
    if (focused === `Project > ${name}`) return presses;
  }
  throw new Error(`Tab never reached the project navigation's "${name}"`);
}

it('goes catalog → runs (by keyboard) → a run → back up by the breadcrumbs, each page in the same frame', async () => {
  const page = await h.signIn(user.token);
  await page.goto(url('/catalog'));
  await page.getByRole('heading', { level: 1, name: 'Catalog of Checkout' }).waitFor();
  expect(await trail(page, 'Catalog')).toEqual({ links: ['Nav testers', 'Checkout', 'Catalog'], current: [null, null, 'page'] });
  expect(await marks(page)).toEqual({
    Dashboard: null,
    Catalog: 'page',
    Runs: null,
    Plans: null,
    Milestones: null,
    Stability: null,
    Metadata: null,
  });
  await checkScreen(page, 'project-nav-catalog');

  // From the catalog to the project's runs with the keyboard alone.
  expect(await tabTo(page, 'Runs')).toBeGreaterThan(1);
  await Promise.all([page.waitForURL(url('/runs')), page.keyboard.press('Enter')]);
  await page.getByRole('heading', { level: 1, name: 'Runs of Checkout' }).waitFor();
  expect(await trail(page, 'Runs')).toEqual({ links: ['Nav testers', 'Checkout', 'Runs'], current: [null, null, 'page'] });
  expect(await marks(page)).toEqual({
    Dashboard: null,
    Catalog: null,
    Runs: 'page',
    Plans: null,
    Milestones: null,
    Stability: null,
    Metadata: null,
  });
  await checkScreen(page, 'project-nav-runs');

  await page.getByRole('list', { name: 'Runs' }).getByRole('link', { name: 'Nightly', exact: true }).click();
  await page.waitForURL(url(`/runs/${runId}`));
  await page.getByRole('heading', { level: 1, name: 'Nightly' }).waitFor();
  expect(await trail(page, 'Nightly')).toEqual({
    links: ['Nav testers', 'Checkout', 'Runs', 'Nightly'],
    current: [null, null, null, 'page'],
  });
  expect(await marks(page)).toEqual({
    Dashboard: null,
    Catalog: null,
    Runs: 'true',
    Plans: null,
    Milestones: null,
    Stability: null,
    Metadata: null,
  });
  await checkScreen(page, 'project-nav-run');

  await page.getByRole('link', { name: 'Report', exact: true }).click();
  await page.waitForURL(url(`/runs/${runId}/report`));
  expect(await trail(page, 'Report')).toEqual({
    links: ['Nav testers', 'Checkout', 'Runs', 'Nightly', 'Report'],
    current: [null, null, null, null, 'page'],
  });
  expect(await marks(page)).toEqual({
    Dashboard: null,
    Catalog: null,
    Runs: 'true',
    Plans: null,
    Milestones: null,
    Stability: null,
    Metadata: null,
  });

  // Back up, one level at a time.
  await breadcrumbs(page).getByRole('link', { name: 'Nightly' }).click();
  await page.waitForURL(url(`/runs/${runId}`));
  await breadcrumbs(page).getByRole('link', { name: 'Runs' }).click();
  await page.waitForURL(url('/runs'));
  await page.getByRole('heading', { level: 1, name: 'Runs of Checkout' }).waitFor();
  await breadcrumbs(page).getByRole('link', { name: 'Checkout' }).click();
  await page.waitForURL(url('/dashboard'));
  await page.getByRole('heading', { level: 1, name: 'Dashboard of Checkout' }).waitFor();
  expect(await trail(page, 'Dashboard')).toEqual({ links: ['Nav testers', 'Checkout', 'Dashboard'], current: [null, null, 'page'] });
  expect(await marks(page)).toEqual({
    Dashboard: 'page',
    Catalog: null,
    Runs: null,
    Plans: null,
    Milestones: null,
    Stability: null,
    Metadata: null,
  });
  await breadcrumbs(page).getByRole('link', { name: 'Nav testers' }).click();
  await page.waitForURL(`${h.baseUrl}/projects`);
  await page.getByRole('heading', { level: 1, name: 'Projects' }).waitFor();
  expect(await breadcrumbs(page).count()).toBe(0);
});

it('places a test inside the catalog: the trail goes through it and the navigation marks it', async () => {
  const page = await h.signIn(user.token);
  await page.goto(url(`/tests/${testId}`));
  expect(await trail(page, 'Pay by card')).toEqual({
    links: ['Nav testers', 'Checkout', 'Catalog', 'Pay by card'],
    current: [null, null, null, 'page'],
  });
  expect(await marks(page)).toEqual({
    Dashboard: null,
    Catalog: 'true',
    Runs: null,
    Plans: null,
    Milestones: null,
    Stability: null,
    Metadata: null,
  });
  await breadcrumbs(page).getByRole('link', { name: 'Catalog' }).click();
  await page.waitForURL(url('/catalog'));
  // The address changes before React renders the next page: read the marks once it has.
  await page.getByRole('heading', { level: 1, name: 'Catalog of Checkout' }).waitFor();
  expect(await marks(page)).toEqual({
    Dashboard: null,
    Catalog: 'page',
    Runs: null,
    Plans: null,
    Milestones: null,
    Stability: null,
    Metadata: null,
  });
});

it("opens a project's address without a page on its dashboard, the first part of the navigation", async () => {
  const page = await h.signIn(user.token);
  await page.goto(url());
  await page.waitForURL(url('/dashboard'));
  await page.getByRole('heading', { level: 1, name: 'Dashboard of Checkout' }).waitFor();
  expect(await projectNav(page).getByRole('link').allTextContents()).toEqual([
    'Dashboard',
    'Catalog',
    'Runs',
    'Plans',
    'Milestones',
    'Stability',
    'Metadata',
  ]);
  expect(await marks(page)).toEqual({
    Dashboard: 'page',
    Catalog: null,
    Runs: null,
    Plans: null,
    Milestones: null,
    Stability: null,
    Metadata: null,
  });
});

it('keeps the navigation on one line on a phone, scrolled to show the current part', async () => {
  const page = await h.signIn(user.token);
  await page.setViewportSize(PHONE);
  await page.goto(url('/metadata'));
  await page.getByRole('heading', { level: 1, name: /^Metadata/ }).waitFor();
  // One line: every part at the height of the first. Measured in one frame: the header above may still
  // grow (its user line arriving) between one link's measure and the next, moving them all at once.
  const tops = await projectNav(page)
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getBoundingClientRect().top));
  expect(tops.length).toBe(7);
  expect(tops).toEqual(tops.map(() => tops[0]));
  const metadata = (await projectNav(page).getByRole('link', { name: 'Metadata' }).boundingBox())!;
  expect(metadata.x + metadata.width).toBeLessThanOrEqual(PHONE.width);
});
