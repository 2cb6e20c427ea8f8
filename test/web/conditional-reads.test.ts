import type { Page } from 'playwright-core';
import { createTests } from '../support/catalog-factories';
import { createOrg, createProject, createUser, type TestUser } from '../support/factories';
import { startWebHarness, type WebHarness } from './support/web-harness';

// In a real browser: the web app's reads of a project come back
// `private, no-cache` with an ETag, so Chromium's HTTP cache revalidates them on its
// own (If-None-Match on the wire, 304 back) and the app shows the kept page; after a
// write the server answers 200 and the app shows the change. Watched on the wire
// through the DevTools protocol, which reports the real status and headers.

let h: WebHarness;
let user: TestUser;
let projectId: number;

beforeAll(async () => {
  h = await startWebHarness();
  const org = await createOrg(h.t.db, 'Conditional readers');
  user = await createUser(h.t.db, 'User', [org.orgId]);
  projectId = (await createProject(h.t.db, org.orgId, { projectName: 'Kiosk' })).projectId;
  await createTests(h.t.db, projectId, 3, (i) => ({ title: ['Pay at kiosk', 'Print receipt', 'Cancel order'][i] }));
}, 120_000);
afterAll(() => h?.close());

interface WireExchange {
  url: string;
  ifNoneMatch?: string;
  status?: number;
}

/**
 * Every GET of the catalog list as it went over the wire, in the order the page sent them: the
 * If-None-Match sent and the status received. The URL and method come with requestWillBeSent
 * (from the page), the wire's headers and status with the *ExtraInfo events (from the network
 * stack); the protocol does not order the two, and an ExtraInfo often arrives first (here a
 * quarter of the app's API reads did), so each event is kept by request id and joined when read.
 */
async function watchCatalogReads(page: Page): Promise<(from?: number) => WireExchange[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  const sent: { requestId: string; url: string }[] = [];
  const ifNoneMatch = new Map<string, string>();
  const status = new Map<string, number>();
  cdp.on('Network.requestWillBeSent', (e) => {
    if (e.request.method === 'GET' && e.request.url.includes('/api/v1/project/tests?'))
      sent.push({ requestId: e.requestId, url: e.request.url });
  });
  cdp.on('Network.requestWillBeSentExtraInfo', (e) => {
    const header = Object.entries(e.headers).find(([name]) => name.toLowerCase() === 'if-none-match');
    if (header) ifNoneMatch.set(e.requestId, String(header[1]));
  });
  cdp.on('Network.responseReceivedExtraInfo', (e) => status.set(e.requestId, e.statusCode));
  return (from = 0) =>
    sent.slice(from).map(({ requestId, url }) => ({ url, ifNoneMatch: ifNoneMatch.get(requestId), status: status.get(requestId) }));
}

/** Waits until `holds()` (events arrive after the page settles), at most 5 s; whether it did. */
async function until(holds: () => boolean): Promise<boolean> {
  for (const end = Date.now() + 5000; Date.now() < end; await new Promise((r) => setTimeout(r, 50))) if (holds()) return true;
  return holds();
}

async function openCatalog(page: Page) {
  await page.goto(`${h.baseUrl}/projects/${projectId}/catalog`);
  await page.getByRole('heading', { level: 1, name: 'Catalog of Kiosk' }).waitFor();
  await page.getByRole('region', { name: 'Tests', exact: true }).getByRole('link').first().waitFor();
}

it('revalidates the catalog by its ETag (304 on the wire), and shows a change once the project changed', async () => {
  const page = await h.signIn(user.token);
  const wire = await watchCatalogReads(page);
  await openCatalog(page);
  expect(await until(() => wire().some((x) => x.status === 200))).toBe(true);
  const first = wire().length;

  await openCatalog(page);
  expect(await until(() => wire(first).some((x) => x.status === 304 && x.ifNoneMatch?.startsWith('W/"p') === true))).toBe(true);
  const tests = page.getByRole('region', { name: 'Tests', exact: true });
  await tests.getByRole('link', { name: 'Print receipt' }).waitFor();

  await h.t.as(user.token).post('/test/create', { projectId, title: 'Refund to card' }).expect(201);
  const second = wire().length;
  await openCatalog(page);
  await tests.getByRole('link', { name: 'Refund to card' }).waitFor();
  // The same list asked with the old ETag: the server answered in full.
  expect(await until(() => wire(second).some((x) => x.ifNoneMatch !== undefined && x.status === 200))).toBe(true);
});
