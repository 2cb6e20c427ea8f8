import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import type { Browser, Page } from 'playwright-core';
import supertest from 'supertest';
import { launchBrowser } from '../support/browser';
import { createTestApp, type TestApp } from '../support/app';

// The API reference at /api/docs, in a real browser (headless Chromium, test/support/browser.ts)
// under the page's own Content-Security-Policy: it renders every operation of the served
// document and asks nothing of any host but this server.

let t: TestApp;
let server: Server;
let baseUrl: string;
let browser: Browser;

beforeAll(async () => {
  t = await createTestApp();
  server = await new Promise((resolve) => {
    const s = t.app.listen(0, '127.0.0.1', () => resolve(s));
  });
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });
  await t.close();
});

/**
 * A page in a fresh context recording its console errors (a load the CSP refuses is one) and
 * every request it makes: those to this server go through, any other is recorded and aborted,
 * so nothing leaves the machine. A request the CSP refuses is never made, so `bypassCSP` shows
 * what the page would ask for without the policy.
 */
async function recordingPage(opts: { bypassCSP: boolean }) {
  const context = await browser.newContext(opts);
  const elsewhere: string[] = [];
  const served: string[] = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith(`${baseUrl}/`)) {
      served.push(url);
      return route.continue();
    }
    elsewhere.push(url);
    return route.abort();
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (err) => errors.push(err.message));
  return { page, served, elsewhere, errors };
}

/** Opens the reference and waits until Swagger UI has rendered the document's operations. */
async function openDocs(page: Page): Promise<string[]> {
  await page.goto(`${baseUrl}/api/docs`);
  await page.getByRole('heading', { name: /Casebook API/ }).waitFor();
  for (const route of ['/api/v1/project/create', '/api/v1/run/import-junit', '/healthz']) {
    await page
      .locator('.opblock-summary-path', { hasText: new RegExp(`^${route}$`) })
      .first()
      .waitFor();
  }
  return page.locator('.opblock-summary-path').allTextContents();
}

describe('GET /api/docs', () => {
  it('serves the page, its script and styles without credentials, under a CSP that allows only this server', async () => {
    // Plain supertest: these pages are not operations of the API, so not in the document t.http checks against.
    const http = supertest(t.app);
    const res = await http.get('/api/docs').expect(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const csp = res.headers['content-security-policy'];
    expect(csp).toContain("default-src 'self'");
    expect(csp).toContain("script-src 'self'");
    // helmet's default would let styles and fonts come from any https origin.
    expect(csp).not.toMatch(/https:/);
    const assets = [...res.text.matchAll(/(?:src|href)="(\/api\/docs\/[^"]+)"/g)].map((m) => m[1]);
    expect(assets.sort()).toEqual(['/api/docs/init.js', '/api/docs/swagger-ui-bundle.js', '/api/docs/swagger-ui.css']);
    for (const asset of assets) {
      const file = await http.get(asset).expect(200);
      expect(file.headers['content-type']).toMatch(asset.endsWith('.css') ? /^text\/css/ : /^(application|text)\/javascript/);
    }
    await http.get('/api/docs/swagger-ui-bundle.js.map').expect(404);
  });

  it('renders every operation of the served document in a real browser, under its CSP, with no refusal', async () => {
    const { page, served, elsewhere, errors } = await recordingPage({ bypassCSP: false });
    const shown = await openDocs(page);
    const doc = (await t.http.get('/api/v1/openapi.json').expect(200)).body as { paths: Record<string, object> };
    const operations = Object.values(doc.paths).reduce<number>((n, item) => n + Object.keys(item).length, 0);
    expect(shown.length).toBe(operations);
    expect(served).toContain(`${baseUrl}/api/v1/openapi.json`);
    expect(elsewhere).toEqual([]);
    expect(errors).toEqual([]);
    // A load from elsewhere would be refused, and show as an error.
    const refused = page.waitForEvent('console', (m) => m.type() === 'error' && m.text().includes('Content Security Policy'));
    await page.evaluate(() => fetch('https://cdn.example.invalid/font.woff2').catch(() => undefined));
    await refused;
    await page.context().close();
  });

  it('asks nothing of any other host even without the CSP: the renderer is whole on this server', async () => {
    const { page, elsewhere, errors } = await recordingPage({ bypassCSP: true });
    await openDocs(page);
    // Let anything loaded late (fonts, images, telemetry) start.
    await page.waitForLoadState('networkidle');
    expect(elsewhere).toEqual([]);
    expect(errors).toEqual([]);
    // So that the check above can fail: such a request is recorded.
    await page.evaluate(() => fetch('https://cdn.example.invalid/font.woff2').catch(() => undefined));
    expect(elsewhere).toEqual(['https://cdn.example.invalid/font.woff2']);
    await page.context().close();
  });
});
