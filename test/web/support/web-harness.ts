import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import path from 'node:path';
import type { Browser, BrowserContext, Page, Request } from 'playwright-core';
import { SESSION_COOKIE } from '../../../src/auth/authenticate';
import { createSession } from '../../../src/auth/sessions';
import { createTestApp, type TestApp } from '../../support/app';
import { launchBrowser } from '../../support/browser';
import { ensureWebBuild } from './web-build';

// The web app end to end: the real server (buildApp on a fresh test database, listening on a
// real port) and headless Chromium (test/support/browser.ts) driven by playwright-core.

/** Screenshots land here (CI keeps the folder as an artifact). */
export const SCREENS_DIR = path.resolve(__dirname, '../../../test-output/screens');
const AXE_SCRIPT = require.resolve('axe-core/axe.min.js');

export const DESKTOP = { width: 1280, height: 800 };
export const PHONE = { width: 390, height: 844 };

export interface WebHarness {
  t: TestApp;
  /** The server's origin, e.g. http://127.0.0.1:41234 */
  baseUrl: string;
  browser: Browser;
  /** A new browser (own cookies) signed in with the token through the login page's form. */
  signIn(token: string): Promise<Page>;
  /** A new browser (own cookies) with the session an OAuth sign-in gives the user (not bound to any token). */
  signInOAuth(userId: number): Promise<Page>;
  close(): Promise<void>;
}

export async function startWebHarness(env: Record<string, string> = {}): Promise<WebHarness> {
  ensureWebBuild();
  const t = await createTestApp(env);
  const server: Server = await new Promise((resolve) => {
    const s = t.app.listen(0, '127.0.0.1', () => resolve(s));
  });
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const browser = await launchBrowser();
  const contexts: BrowserContext[] = [];

  const newPage = async () => {
    // bypassCSP lets the tests inject axe-core; the app itself runs under the server's CSP.
    const context = await browser.newContext({ viewport: DESKTOP, bypassCSP: true });
    contexts.push(context);
    const page = await context.newPage();
    trackRequests(page);
    return page;
  };
  const signIn = async (token: string) => {
    const page = await newPage();
    await page.goto(`${baseUrl}/login`);
    await page.getByLabel('API token').fill(token);
    await Promise.all([page.waitForURL(`${baseUrl}/projects`), page.getByRole('button', { name: 'Sign in with token' }).click()]);
    await page.getByRole('banner').waitFor();
    return page;
  };

  const signInOAuth = async (userId: number) => {
    const page = await newPage();
    const session = await createSession(t.db, userId, 60 * 60_000);
    await page.context().addCookies([{ name: SESSION_COOKIE, value: session.secret, url: baseUrl, httpOnly: true, sameSite: 'Lax' }]);
    await page.goto(`${baseUrl}/projects`);
    await page.getByRole('banner').waitFor();
    return page;
  };

  return {
    t,
    baseUrl,
    browser,
    signIn,
    signInOAuth,
    close: async () => {
      for (const context of contexts) await context.close().catch(() => undefined);
      await browser.close();
      await new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
      await t.close();
    },
  };
}

// Playwright's 'networkidle' load state is reached once per navigation, so in a single-page app
// it says nothing about requests made after the first load; pages made here count their own.
const inFlight = new WeakMap<Page, Set<Request>>();

function trackRequests(page: Page) {
  const open = new Set<Request>();
  inFlight.set(page, open);
  // An event stream stays open for the page's life: it never settles, and is not waited for.
  page.on('request', (r) => r.resourceType() !== 'eventsource' && open.add(r));
  page.on('requestfinished', (r) => open.delete(r));
  page.on('requestfailed', (r) => open.delete(r));
}

/**
 * Waits until the page has had no request in flight for `quietMs` (the app's writes and reads
 * after a click or key have been answered). Pages not made by the harness wait for 'networkidle'.
 */
export async function waitForSettled(page: Page, quietMs = 500, timeoutMs = 30_000): Promise<void> {
  const open = inFlight.get(page);
  if (!open) return page.waitForLoadState('networkidle');
  const deadline = Date.now() + timeoutMs;
  let quietSince = Date.now();
  for (;;) {
    if (open.size > 0) quietSince = Date.now();
    else if (Date.now() - quietSince >= quietMs) return;
    if (Date.now() > deadline) throw new Error(`Requests still open after ${timeoutMs} ms: ${[...open].map((r) => r.url()).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: string[] }[];
}

/** axe-core's serious and critical violations on the page as it is now. */
export async function axeViolations(page: Page): Promise<AxeViolation[]> {
  // Strings, not functions: these run in the page, and the tests compile without the DOM types.
  if (!(await page.evaluate("typeof window.axe !== 'undefined'"))) await page.addScriptTag({ path: AXE_SCRIPT });
  const violations = await page.evaluate<AxeViolation[]>('window.axe.run(document).then((result) => result.violations)');
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => ({ id: v.id, impact: v.impact, help: v.help, nodes: v.nodes.map((n) => ({ target: n.target })) }));
}

/**
 * Checks a screen once it has settled, at 1280×800 and at a 390-px phone width: no serious or
 * critical axe-core violation, no horizontal scrolling, and a screenshot of each
 * (test-output/screens/<name>.png and <name>-phone.png).
 */
export async function checkScreen(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SCREENS_DIR, { recursive: true });
  await waitForSettled(page);
  const original = page.viewportSize() ?? DESKTOP;
  try {
    for (const [viewport, file] of [
      [DESKTOP, `${name}.png`],
      [PHONE, `${name}-phone.png`],
    ] as const) {
      await page.setViewportSize(viewport);
      expect({ screen: name, viewport, violations: await axeViolations(page) }).toEqual({ screen: name, viewport, violations: [] });
      const overflow = await page.evaluate('document.documentElement.scrollWidth - document.documentElement.clientWidth');
      expect({ screen: name, viewport, horizontalOverflowPx: overflow }).toEqual({ screen: name, viewport, horizontalOverflowPx: 0 });
      await page.screenshot({ path: path.join(SCREENS_DIR, file), fullPage: true });
    }
  } finally {
    await page.setViewportSize(original);
  }
}

/** Fetches `href` in the page, with its session cookie as a download link would: status, content type and the first 5 bytes. */
export async function fetchInPage(page: Page, href: string): Promise<{ status: number; type: string | null; head: string }> {
  // A string: the project's tsconfig has no DOM types.
  return page.evaluate<{ status: number; type: string | null; head: string }>(`fetch(${JSON.stringify(href)}).then(async (r) => ({
    status: r.status, type: r.headers.get('content-type'), head: new TextDecoder().decode((await r.arrayBuffer()).slice(0, 5)) }))`);
}
