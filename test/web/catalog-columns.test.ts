import type { Page } from 'playwright-core';
import { createManyTests, createSection, createTests, lookupIds } from '../support/catalog-factories';
import { createOrg, createProject, createUser, type TestUser } from '../support/factories';
import { startRun } from '../support/run-factories';
import { checkScreen, PHONE, startWebHarness, type WebHarness } from './support/web-harness';

// The catalog's columns and the small defects around it: an id column and sorting by id,
// title, priority and last change (headers with aria-sort, the order in the URL), each row's
// whole section path, the section tree folded on a phone, user text isolated from the text
// beside it, one section order on every screen, the report chart's labels whole, a real
// not-found page and a favicon.

let h: WebHarness;
let user: TestUser;
let orgId: number;
let projectId: number;
const section: Record<string, number> = {};
const test: Record<string, number> = {};
let ids: number[];
const RLO = '\u202E';

beforeAll(async () => {
  h = await startWebHarness();
  const db = h.t.db;
  orgId = (await createOrg(db, 'Column testers')).orgId;
  user = await createUser(db, 'User', [orgId]);
  projectId = (await createProject(db, orgId, { projectName: 'Storefront' })).projectId;
  const priority = (await lookupIds(db, projectId)).priority;
  // Created out of name order: every screen must still list them by name.
  section.Search = (await createSection(db, projectId, 'Search')).sectionId;
  section.Checkout = (await createSection(db, projectId, 'Checkout')).sectionId;
  section.Payment = (await createSection(db, projectId, 'Payment', section.Checkout)).sectionId;
  section.CardsHappy = (await createSection(db, projectId, 'Happy path', section.Payment)).sectionId;
  section.Cart = (await createSection(db, projectId, 'Cart', section.Checkout)).sectionId;
  section.SearchHappy = (await createSection(db, projectId, 'Happy path', section.Search)).sectionId;
  const rows: [string, number, string | null, number][] = [
    // title, section, priority, minutes after the first change
    ['Visa card', section.CardsHappy, 'Critical', 30],
    ['Add to cart', section.Cart, 'Low', 10],
    ['Search by name', section.SearchHappy, 'High', 50],
    ['Empty cart', section.Cart, null, 20],
    ['Browse', section.Search, 'Medium', 40],
  ];
  ids = await createTests(db, projectId, rows.length, (i) => ({
    title: rows[i][0],
    sectionId: rows[i][1],
    ...(rows[i][2] ? { priorityId: priority[rows[i][2]] } : {}),
  }));
  for (const [i, [title, , , minutes]] of rows.entries()) {
    test[title] = ids[i];
    await db.$executeRaw`UPDATE tests SET updated_at = timestamp '2026-03-01 09:00' + ${minutes} * interval '1 minute' WHERE id = ${ids[i]}`;
  }
}, 120_000);
afterAll(() => h?.close());

const catalogUrl = (query = '') => `${h.baseUrl}/projects/${projectId}/catalog${query}`;
const list = (page: Page) => page.getByRole('region', { name: 'Tests', exact: true });
const titles = (page: Page) => list(page).getByRole('link').allTextContents();
const idCells = async (page: Page) => (await list(page).locator('[role="row"] .col-testId[role="cell"]').allTextContents()).map(Number);
const header = (page: Page, name: string) => list(page).getByRole('columnheader', { name });

async function openCatalog(page: Page, query = '') {
  await page.goto(catalogUrl(query));
  await page.getByRole('heading', { level: 1, name: 'Catalog of Storefront' }).waitFor();
  await list(page).getByRole('link').first().waitFor();
}

/** Clicks a column header and waits for the rows to come in the order given. */
async function sortBy(page: Page, name: string, expected: string[], how: 'click' | 'keyboard' = 'click') {
  const button = header(page, name).getByRole('button');
  if (how === 'click') await button.click();
  else {
    await button.focus();
    await page.keyboard.press('Enter');
  }
  await page.waitForFunction(`JSON.stringify([...document.querySelectorAll('[role="region"][aria-label="Tests"] a.test-title')]
    .map((a) => a.textContent)) === ${JSON.stringify(JSON.stringify(expected))}`);
  expect(await titles(page)).toEqual(expected);
}

it('shows an id column and sorts by id, title, priority and last change from the headers, the order in the URL', async () => {
  const page = await h.signIn(user.token);
  await openCatalog(page);
  expect(await idCells(page)).toEqual(ids);
  expect(await header(page, 'ID').getAttribute('aria-sort')).toBe('ascending');
  expect(await header(page, 'Title').getAttribute('aria-sort')).toBe('none');

  await sortBy(page, 'Title', ['Add to cart', 'Browse', 'Empty cart', 'Search by name', 'Visa card']);
  expect(await header(page, 'Title').getAttribute('aria-sort')).toBe('ascending');
  expect(page.url()).toBe(catalogUrl('?sort=title&order=asc'));
  await sortBy(page, 'Title', ['Visa card', 'Search by name', 'Empty cart', 'Browse', 'Add to cart'], 'keyboard');
  expect(await header(page, 'Title').getAttribute('aria-sort')).toBe('descending');
  expect(await header(page, 'Priority').getAttribute('aria-sort')).toBe('none');

  // Priority in the list's order (Critical first), the test without one last.
  await sortBy(page, 'Priority', ['Visa card', 'Search by name', 'Browse', 'Add to cart', 'Empty cart']);
  await sortBy(page, 'Priority', ['Add to cart', 'Browse', 'Search by name', 'Visa card', 'Empty cart']);
  // The last change starts with the newest.
  await sortBy(page, 'Last change', ['Search by name', 'Browse', 'Visa card', 'Empty cart', 'Add to cart'], 'keyboard');
  expect(await header(page, 'Last change').getAttribute('aria-sort')).toBe('descending');
  expect(page.url()).toBe(catalogUrl('?sort=updatedAt&order=desc'));

  // The order survives a reload, with a filter beside it.
  await openCatalog(page, `?section=${section.Checkout}&sort=updatedAt&order=desc`);
  expect(await titles(page)).toEqual(['Visa card', 'Empty cart', 'Add to cart']);
  expect(await header(page, 'Last change').getAttribute('aria-sort')).toBe('descending');
  await sortBy(page, 'ID', ['Visa card', 'Add to cart', 'Empty cart']);
  expect(page.url()).toBe(catalogUrl(`?section=${section.Checkout}`));
  await sortBy(page, 'ID', ['Empty cart', 'Add to cart', 'Visa card']);
  expect(await idCells(page)).toEqual([test['Empty cart'], test['Add to cart'], test['Visa card']]);
  await checkScreen(page, 'catalog-sorted');
});

it('sorts by the last change on a phone, where its column is left out, with one choice of order', async () => {
  const page = await h.signIn(user.token);
  await page.setViewportSize(PHONE);
  await openCatalog(page);
  expect(await header(page, 'Last change').isVisible()).toBe(false);
  const sort = page.getByLabel('Sort by');
  expect(await sort.inputValue()).toBe('testId:asc');
  await sort.selectOption({ label: 'Last change, newest first' });
  await page.waitForFunction(`JSON.stringify([...document.querySelectorAll('[role="region"][aria-label="Tests"] a.test-title')]
    .map((a) => a.textContent)) === ${JSON.stringify(JSON.stringify(['Search by name', 'Browse', 'Visa card', 'Empty cart', 'Add to cart']))}`);
  expect(page.url()).toBe(catalogUrl('?sort=updatedAt&order=desc'));
  // A header chosen on the phone shows in the choice too.
  await header(page, 'Title').getByRole('button').click();
  await page.waitForURL(catalogUrl('?sort=title&order=asc'));
  // The address changes before React renders the new order: wait for the choice to follow it.
  await page.waitForFunction(`document.querySelector('.sort-select select')?.value === 'title:asc'`, undefined, { timeout: 10_000 });
  expect(await sort.inputValue()).toBe('title:asc');
  await checkScreen(page, 'catalog-sort-phone');
  // A wide screen sorts by its headers: the choice is not shown.
  await page.setViewportSize({ width: 1280, height: 800 });
  expect(await sort.isVisible()).toBe(false);
});

it('shows the whole section path on each row', async () => {
  const page = await h.signIn(user.token);
  await openCatalog(page);
  const pathOf = async (title: string) =>
    list(page)
      .getByRole('row')
      .filter({ has: page.getByRole('link', { name: title, exact: true }) })
      .locator('.section-path')
      .textContent();
  expect(await pathOf('Visa card')).toBe('Checkout > Payment > Happy path');
  expect(await pathOf('Search by name')).toBe('Search > Happy path');
  expect(await pathOf('Browse')).toBe('Search');
});

it('folds the section tree behind a button on a phone, so the first test is on the first screen', async () => {
  const db = h.t.db;
  const big = await createProject(db, orgId, { projectName: 'Many sections' });
  const areas: number[] = [];
  for (let i = 0; i < 40; i++) areas.push((await createSection(db, big.projectId, `Area ${String(i).padStart(2, '0')}`)).sectionId);
  for (const area of areas) await createSection(db, big.projectId, 'Happy path', area);
  await createManyTests(db, big.projectId, 300);
  const page = await h.signIn(user.token);
  await page.setViewportSize(PHONE);
  await page.goto(`${h.baseUrl}/projects/${big.projectId}/catalog`);
  const first = list(page).getByRole('link', { name: 'Bulk 1', exact: true });
  await first.waitFor();
  const box = (await first.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(PHONE.height);
  expect(await page.getByRole('button', { name: 'Area 00', exact: true }).isVisible()).toBe(false);

  const show = page.getByRole('button', { name: 'Show sections' });
  expect(await show.getAttribute('aria-expanded')).toBe('false');
  await show.click();
  await page.getByRole('button', { name: 'Area 03', exact: true }).click();
  // Choosing a section folds the tree again and shows its tests.
  await page.getByRole('heading', { level: 2, name: 'Tests in Area 03 and its subsections' }).waitFor();
  expect(await page.getByRole('button', { name: 'Show sections' }).getAttribute('aria-expanded')).toBe('false');
  await page.setViewportSize({ width: 1280, height: 800 });
  // On a wide screen the tree is always there and the button is not.
  expect(await page.getByRole('button', { name: 'Area 03', exact: true }).isVisible()).toBe(true);
  expect(await page.getByRole('button', { name: /sections$/ }).count()).toBe(0);
  await checkScreen(page, 'catalog-many-sections');
});

/**
 * Whether the letters of a text node are laid out left to right, as English must be: the
 * text node is the first child of `selector`, or its first one containing `containing`.
 */
const readsLeftToRight = (page: Page, selector: string, containing = '') =>
  // A string: it runs in the page, and the tests compile without the DOM types.
  page.evaluate<boolean>(`(() => {
    const el = document.querySelector(${JSON.stringify(selector)});
    const node = [...el.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent.includes(${JSON.stringify(containing)}));
    const xs = [];
    for (let i = 0; i < node.textContent.length; i++) {
      if (node.textContent[i] === ' ') continue;
      const range = document.createRange();
      range.setStart(node, i);
      range.setEnd(node, i + 1);
      xs.push(range.getBoundingClientRect().left);
    }
    return xs.length > 1 && xs.every((x, i) => i === 0 || x > xs[i - 1]);
  })()`);

it('isolates a title holding a right-to-left override from the text beside it', async () => {
  const db = h.t.db;
  const p = (await createProject(db, orgId, { projectName: 'Bidi' })).projectId;
  const s = (await createSection(db, p, `${RLO}Sales`)).sectionId;
  const [evil, plain] = await createTests(db, p, 2, (i) => ({ sectionId: s, title: i === 0 ? `${RLO}Evil title` : 'Plain title' }));
  const run = await startRun(h.t, user.token, p, [evil, plain], `${RLO}Nightly`);
  await h.t
    .as(user.token)
    .put('/run/update-test-status', { runId: run.runId, projectId: p, testResults: [{ testId: evil, status: 'passed' }] })
    .expect(200);
  const page = await h.signIn(user.token);

  // The execute page: the status badge right after the title still reads "Passed".
  await page.goto(`${h.baseUrl}/projects/${p}/runs/${run.runId}`);
  const row = page.locator(`[data-test-row="${evil}"]`);
  await row.waitFor();
  expect(await row.locator('bdi').first().textContent()).toBe(`${RLO}Evil title`);
  expect(await readsLeftToRight(page, `[data-test-row="${evil}"] .status-badge`)).toBe(true);
  expect(await page.locator('.run-tests h2 bdi').first().textContent()).toBe(`${RLO}Sales`);
  await page.screenshot({ path: 'test-output/screens/rtl-execute-row.png', clip: (await row.boundingBox())! });
  await checkScreen(page, 'rtl-execute');

  // The catalog: the title link and the section path's names are isolated.
  await page.goto(`${h.baseUrl}/projects/${p}/catalog`);
  const link = list(page).getByRole('link', { name: `${RLO}Evil title` });
  await link.waitFor();
  expect(await link.getAttribute('dir')).toBe('auto');
  expect(await list(page).locator('.section-path bdi').first().textContent()).toBe(`${RLO}Sales`);
  await page.getByRole('button', { name: `${RLO}Sales` }).click();
  await page.getByRole('heading', { level: 2, name: `Tests in ${RLO}Sales and its subsections` }).waitFor();
  // The words after the isolated name are laid out left to right.
  expect(await readsLeftToRight(page, '#tests-heading', 'subsections')).toBe(true);
  await checkScreen(page, 'rtl-catalog');

  // The runs list and the breadcrumbs isolate the run's name.
  await page.goto(`${h.baseUrl}/projects/${p}/runs`);
  expect(
    await page
      .getByRole('link', { name: `${RLO}Nightly` })
      .first()
      .getAttribute('dir'),
  ).toBe('auto');
  await page.goto(`${h.baseUrl}/projects/${p}/runs/${run.runId}/report`);
  // The run's name arrives after the page: wait for its crumb.
  await page.getByRole('navigation', { name: 'Breadcrumb' }).locator('bdi', { hasText: 'Nightly' }).waitFor();
}, 120_000);

it('lists sections in one order on the catalog, the execute page and the report', async () => {
  const run = await startRun(h.t, user.token, projectId, ids, 'Order check');
  const page = await h.signIn(user.token);
  const expected = ['Checkout > Cart', 'Checkout > Payment > Happy path', 'Search', 'Search > Happy path'];

  await openCatalog(page);
  const tree = await page.locator('.section-tree .tree-section').allTextContents();
  expect(tree).toEqual(['All tests', 'Checkout', 'Cart', 'Payment', 'Happy path', 'Search', 'Happy path']);

  await page.goto(`${h.baseUrl}/projects/${projectId}/runs/${run.runId}`);
  await page.locator('.run-tests h2').first().waitFor();
  const groups = (await page.locator('.run-tests h2 bdi').allTextContents()).filter((g) => g !== 'No section');
  expect(groups).toEqual(expected);

  await page.goto(`${h.baseUrl}/projects/${projectId}/runs/${run.runId}/report`);
  const table = page.locator('.section-table tbody th[scope="row"]');
  await table.first().waitFor();
  expect((await table.allTextContents()).filter((g) => g !== 'No section')).toEqual(expected);
});

it("shows the report chart's labels whole", async () => {
  const p = (await createProject(h.t.db, orgId, { projectName: 'Large run' })).projectId;
  const many = await createManyTests(h.t.db, p, 5000, 'Case');
  const run = await startRun(h.t, user.token, p, many, 'Big run');
  await h.t
    .as(user.token)
    .put('/run/update-test-status', {
      runId: run.runId,
      projectId: p,
      testResults: many.slice(0, 3501).map((testId) => ({ testId, status: 'passed' })),
    })
    .expect(200);
  const page = await h.signIn(user.token);
  await page.goto(`${h.baseUrl}/projects/${p}/runs/${run.runId}/report`);
  const label = page.locator('.status-chart-svg g[data-status="passed"] .status-chart-count');
  await label.waitFor();
  expect(await label.textContent()).toBe('3501 (70%)');
  for (const width of [1280, PHONE.width]) {
    await page.setViewportSize({ width, height: 800 });
    const [svg, text] = [(await page.locator('.status-chart-svg').boundingBox())!, (await label.boundingBox())!];
    expect(text.x + text.width).toBeLessThanOrEqual(svg.x + svg.width);
  }
  await checkScreen(page, 'report-chart-labels');
}, 120_000);

it('answers an unknown path with a not-found page and a way back', async () => {
  const page = await h.signIn(user.token);
  await page.goto(`${h.baseUrl}/projects/${projectId}/catalog`);
  await list(page).getByRole('link').first().waitFor();
  await page.goto(`${h.baseUrl}/no/such/page`);
  await page.getByRole('heading', { level: 1, name: 'Page not found' }).waitFor();
  const text = await page.locator('main').textContent();
  expect(text).toContain('There is no page at /no/such/page.');
  expect(text).not.toContain('coming soon');
  await checkScreen(page, 'not-found');
  await page.getByRole('link', { name: 'Go to your projects' }).click();
  await page.waitForURL(`${h.baseUrl}/projects`);
});

it('serves a favicon, named by the app page and allowed by its CSP', async () => {
  for (const [path, type] of [
    ['/favicon.ico', /^image\/(x-icon|vnd\.microsoft\.icon)/],
    ['/favicon.svg', /^image\/svg\+xml/],
  ] as const) {
    const res = await h.t.http.get(path).expect(200);
    expect(res.headers['content-type']).toMatch(type);
    expect(Number(res.headers['content-length'])).toBeGreaterThan(100);
  }
  const page = await h.signIn(user.token);
  const icons: { url: string; status: number }[] = [];
  page.on('response', (r) => {
    if (/favicon/.test(r.url())) icons.push({ url: r.url(), status: r.status() });
  });
  const app = await page.goto(`${h.baseUrl}/projects`);
  expect(await page.evaluate<string[]>('[...document.querySelectorAll(\'link[rel="icon"]\')].map((l) => l.getAttribute("href"))')).toEqual([
    '/favicon.svg',
    '/favicon.ico',
  ]);
  // helmet's CSP: images (icons included) from the app's own origin.
  expect(app!.headers()['content-security-policy']).toMatch(/img-src 'self'/);
  const login = await h.t.http.get('/login').expect(200);
  expect(login.headers['content-security-policy']).toMatch(/img-src 'self'/);
});
