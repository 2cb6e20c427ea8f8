import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { loadConfig } from '../../src/config';
import { openDatabase } from '../../src/db/client';
import { bundledVersion, chromiumKind, launchBrowser } from '../support/browser';
import { createOrg } from '../support/factories';
import { startOAuthProvider, type OAuthProvider } from '../support/oauth-provider';
import { createTestDatabase } from '../support/postgres';
import { ensureWebBuild } from '../web/support/web-build';

// The browser login in a real browser: headless Chromium (Debian's, else the npm
// package's: test/support/browser.ts) driven by playwright-core, against
// `casebook serve` (startServer, in its own process: its migration engine is ESM,
// which CommonJS jest cannot load) on a fresh test database and a real OAuth provider.

let provider: OAuthProvider;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let server: ChildProcess;
let serverUrl: string;
let browser: Browser;
let context: BrowserContext;
let orgId: number;

/** PUBLIC_URL must name the port before the server starts, so take a free one first. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** Starts `casebook serve` with `env`; resolves with its URL once /healthz answers. */
async function serve(env: Record<string, string>): Promise<string> {
  const bin = path.resolve(__dirname, '../../bin/casebook.js');
  const clean = Object.fromEntries(
    Object.entries(process.env).filter(([k]) => !/^(DATABASE_|OAUTH_|CASEBOOK_|PUBLIC_URL|PORT|HOST|ADMIN_EMAILS)/.test(k)),
  );
  let output = '';
  server = spawn(process.execPath, [bin, 'serve'], { env: { ...clean, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  server.stdout!.on('data', (chunk) => (output += chunk));
  server.stderr!.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${env.PORT}`;
  for (let i = 0; i < 240; i++) {
    if (server.exitCode !== null) throw new Error(`casebook serve exited (${server.exitCode}):\n${output}`);
    if (
      await fetch(`${url}/healthz`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return url;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`casebook serve did not answer /healthz:\n${output}`);
}

beforeAll(async () => {
  ensureWebBuild();
  provider = await startOAuthProvider();
  await provider.setIdentity({ email: 'Grace@Example.test', name: 'Grace Hopper' });
  database = await createTestDatabase();
  const port = await freePort();
  // Grace's domain lets her in at her first login, into this organization: make it before the server starts.
  const db = await openDatabase(loadConfig({ DATABASE_URL: database.url, DATABASE_POOL_SIZE: '1', LOG_LEVEL: 'silent' }));
  orgId = (await createOrg(db.prisma, 'Browser testers')).orgId;
  await db.close();
  serverUrl = await serve({
    ...provider.env,
    DATABASE_URL: database.url,
    DATABASE_POOL_SIZE: '3',
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    OAUTH_ALLOWED_DOMAINS: 'example.test',
    OAUTH_DEFAULT_ORG: 'Browser testers',
  });
  browser = await launchBrowser();
  context = await browser.newContext();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  if (server && server.exitCode === null) {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  await database?.drop();
  await provider?.stop();
});

it("runs headless Chromium, the npm package's when the machine has none", () => {
  expect(browser.version()).toMatch(/^\d+\./);
  if (chromiumKind() === 'bundled') expect(browser.version().split('.')[0]).toBe(bundledVersion().split('.')[0]);
});

/** Walks the login as a user does: /login → Sign in → provider → back on the signed-in page. */
async function signIn(context: BrowserContext) {
  const page = await context.newPage();
  await page.goto(`${serverUrl}/login`);
  expect(await page.title()).toBe('Sign in · Casebook');
  // /auth/login → the provider's /authorize → /auth/callback → the web app, which opens on its projects.
  await Promise.all([page.waitForURL(`${serverUrl}/projects`), page.click('#sign-in')]);
  await page.getByTestId('signed-in-user').getByText('Grace Hopper').waitFor();
  // The organizations come by a query of their own, which may answer after the user's.
  await page.locator('header .context').getByText('Browser testers').waitFor();
  const header = await page.textContent('header');
  expect(header).toContain('Browser testers');
  expect(await page.getByTestId('signed-in-user').textContent()).toBe('Grace Hopper Reader');
  return page;
}

const apiStatus = (page: Page) => page.evaluate(async () => (await fetch('/api/v1/user/details')).status);

it('signs in through the OAuth provider, then calls the API with the session cookie', async () => {
  const page = await signIn(context);
  // To look at when a run fails: what the browser rendered.
  await page.screenshot({ path: path.join(os.tmpdir(), 'casebook-browser-login.png') });
  const me = await page.evaluate(async () => {
    const res = await fetch('/api/v1/user/details');
    return { status: res.status, body: (await res.json()) as { data: { userId: number } } };
  });
  expect(me).toEqual({
    status: 200,
    body: {
      data: {
        userId: expect.any(Number),
        name: 'Grace Hopper',
        email: 'grace@example.test',
        role: 'Reader',
        orgIds: [orgId],
        memberships: [{ orgId, role: 'Reader' }],
        // A Reader of the first organization: not one of the installation's Admins.
        installationAdmin: false,
      },
      status: 200,
    },
  });

  const session = (await context.cookies()).find((c) => c.name === 'user_session');
  expect(session).toMatchObject({ domain: '127.0.0.1', path: '/', httpOnly: true, sameSite: 'Lax', secure: false });
  expect(session!.expires).toBeGreaterThan(Date.now() / 1000);
  // HttpOnly for real: the page's scripts cannot read it.
  expect(await page.evaluate('document.cookie')).not.toContain('user_session');

  // A same-origin write with the cookie: the token only a browser session may generate.
  const generated = await page.evaluate(async (userId) => {
    const res = await fetch('/api/v1/token/generate', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ userId, name: 'from the browser' }),
    });
    return { status: res.status, body: (await res.json()) as { data: { token: string } } };
  }, me.body.data.userId);
  expect(generated).toMatchObject({ status: 201, body: { data: { token: expect.stringMatching(/^cb_/), userId: me.body.data.userId } } });
  const viaToken = await fetch(`${serverUrl}/api/v1/user/details`, { headers: { Authorization: `Bearer ${generated.body.data.token}` } });
  expect(viaToken.status).toBe(200);

  // Logging out from the page ends the session: the API answers 401 and the cookie is gone.
  const out = await page.evaluate(async () => {
    const res = await fetch('/logout', { method: 'POST', headers: { Accept: 'application/json' } });
    return { status: res.status, body: await res.json() };
  });
  expect(out).toEqual({ status: 200, body: { data: { loggedOut: true }, status: 200 } });
  expect(await apiStatus(page)).toBe(401);
  expect((await context.cookies()).find((c) => c.name === 'user_session')).toBeUndefined();
});

// helmet's `Referrer-Policy: no-referrer` makes Chromium send `Origin: null` with the
// Sign out form's POST; Sec-Fetch-Site tells that it is our own page.
it('signs out with the Sign out button of the web app', async () => {
  const own = await browser.newContext();
  try {
    const page = await signIn(own);
    await Promise.all([page.waitForURL(`${serverUrl}/login`, { timeout: 5000 }), page.getByRole('button', { name: 'Sign out' }).click()]);
    expect(await apiStatus(page)).toBe(401);
    expect((await own.cookies()).find((c) => c.name === 'user_session')).toBeUndefined();
  } finally {
    await own.close();
  }
});
