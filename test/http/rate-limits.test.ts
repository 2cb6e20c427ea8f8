import http from 'node:http';
import type { AddressInfo } from 'node:net';
import supertest from 'supertest';
import { buildApp } from '../../src/app';
import { deleteExpiredCounts, startRateLimitCleanup } from '../../src/http/rate-limit/cleanup';
import { openDatabase, type Database } from '../../src/db/client';
import { createLogger } from '../../src/logger';
import { createTestApp, type TestApp } from '../support/app';
import { createOrg, createUser, type TestUser } from '../support/factories';
import { cookieValue } from '../support/oauth-login';

// The rate limits (src/http/rate-limit/): per API token or session and per client address on the
// sign-in and token routes, counted in PostgreSQL so that every instance on the database shares
// them. A low limit here has a lease of one point (shared-limit.ts), so the count is exact.

const LIMIT = 5;
const LOGIN_LIMIT = 3;

let t: TestApp;
let org: { orgId: number };
let ada: TestUser;

beforeAll(async () => {
  t = await createTestApp({
    PUBLIC_URL: 'http://localhost:3000',
    RATE_LIMIT_PER_MINUTE: String(LIMIT),
    LOGIN_RATE_LIMIT_PER_MINUTE: String(LOGIN_LIMIT),
  });
  org = await createOrg(t.db);
  ada = await createUser(t.db, 'Admin', [org.orgId]);
});
afterAll(() => t.close());

const newUser = () => createUser(t.db, 'Admin', [org.orgId]);

function expectRefused(res: supertest.Response, limit = LIMIT) {
  expect(res.status).toBe(429);
  expect(res.body).toMatchObject({ status: 429, code: 'rate_limited' });
  expect(res.body.error).toMatch(/^Too many requests/);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBeGreaterThanOrEqual(1);
  expect(retryAfter).toBeLessThanOrEqual(60);
  expect(res.headers['ratelimit-limit']).toBe(String(limit));
  expect(res.headers['ratelimit-remaining']).toBe('0');
  expect(res.headers['ratelimit-reset']).toBe(String(retryAfter));
}

it('lets a token make RATE_LIMIT_PER_MINUTE requests, counting down in RateLimit-Remaining, then answers 429 rate_limited', async () => {
  const user = await newUser();
  for (let i = 1; i <= LIMIT; i++) {
    const res = await t.as(user.token).get('/orgs').expect(200);
    expect(res.headers['ratelimit-limit']).toBe(String(LIMIT));
    expect(res.headers['ratelimit-remaining']).toBe(String(LIMIT - i));
    expect(Number(res.headers['ratelimit-reset'])).toBeGreaterThanOrEqual(1);
  }
  expectRefused(await t.as(user.token).get('/orgs'));
  // Refused from memory, still refused: the count only grows within the minute.
  expectRefused(await t.as(user.token).get('/user/details'));
  // Another token has a count of its own.
  await t.as(ada.token).get('/orgs').expect(200);
});

it('does nothing for a write over the limit: no project is created, and no body is read for an import', async () => {
  const user = await newUser();
  for (let i = 0; i < LIMIT; i++) await t.as(user.token).get('/orgs').expect(200);
  const before = await t.db.project.count();
  const refused = await t.as(user.token).post('/project/create', { orgId: org.orgId, projectName: 'Over the limit' });
  expectRefused(refused);
  // A bad body is not even looked at: the limit comes before validation.
  expectRefused(await t.as(user.token).post('/project/create', { orgId: 'not a number' }));
  // A JUnit report is refused before it is read (its route reads it after authentication).
  const runs = await t.db.run.count();
  const upload = await t.http
    .post('/api/v1/run/import-junit')
    .query({ projectId: 1 })
    .set('Authorization', `Bearer ${user.token}`)
    .set('Content-Type', 'application/xml')
    .send('<testsuite name="s" tests="1"><testcase name="a"/></testsuite>');
  expectRefused(upload);
  expect(await t.db.project.count()).toBe(before);
  expect(await t.db.run.count()).toBe(runs);
  expect(await t.db.project.findFirst({ where: { projectName: 'Over the limit' } })).toBeNull();
});

it('counts a browser session started from a token as that token', async () => {
  const user = await newUser();
  const signedIn = await t.http.post('/auth/token').set('Accept', 'application/json').type('form').send({ token: user.token }).expect(200);
  const cookie = `user_session=${cookieValue(signedIn.headers['set-cookie'] as unknown as string[], 'user_session')}`;
  for (let i = 0; i < LIMIT - 1; i++) await t.as(user.token).get('/orgs').expect(200);
  const last = await t.http.get('/api/v1/orgs').set('Cookie', cookie).expect(200);
  expect(last.headers['ratelimit-remaining']).toBe('0');
  expectRefused(await t.http.get('/api/v1/orgs').set('Cookie', cookie));
});

describe('two instances on one database', () => {
  let database: Database;
  let second: { http: ReturnType<typeof supertest>; close(): Promise<void> };
  beforeAll(async () => {
    database = await openDatabase(t.config);
    const server = http.createServer(await buildApp({ config: t.config, database, blobs: t.blobs, logger: createLogger('silent') }));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    second = {
      http: supertest(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
      close: async () => {
        server.closeAllConnections();
        await new Promise((resolve) => server.close(resolve));
        await database.close();
      },
    };
  });
  afterAll(() => second.close());

  it('share one count: requests alternating between them get LIMIT answers in all, then 429 from both', async () => {
    const user = await newUser();
    const statuses: number[] = [];
    for (let i = 0; i < 2 * LIMIT; i++) {
      const res =
        i % 2 === 0
          ? await t.as(user.token).get('/orgs')
          : await second.http.get('/api/v1/orgs').set('Authorization', `Bearer ${user.token}`);
      if (res.status === 429) expect(res.body.code).toBe('rate_limited');
      statuses.push(res.status);
    }
    expect(statuses).toEqual([...Array<number>(LIMIT).fill(200), ...Array<number>(LIMIT).fill(429)]);
  });

  it('never let more than the limit through with leases of several points, nor refuse before (N - 1) x (lease - 1) short of it', async () => {
    // 300 a minute: leases of 3 points (a hundredth), taken by each instance in turn.
    const limit = 300;
    const lease = 3;
    const wide = await createTestApp({ RATE_LIMIT_PER_MINUTE: String(limit) });
    const other = await openDatabase(wide.config);
    try {
      const o = await createOrg(wide.db);
      const user = await createUser(wide.db, 'User', [o.orgId]);
      const secondWide = supertest(
        await buildApp({ config: wide.config, database: other, blobs: wide.blobs, logger: createLogger('silent') }),
      );
      let allowed = 0;
      for (let i = 0; i < limit + 20; i++) {
        // Mostly on the first instance, every fifth request on the second: it keeps points unspent.
        const agent = i % 5 === 4 ? secondWide : wide.http;
        const res = await agent.get('/api/v1/orgs').set('Authorization', `Bearer ${user.token}`);
        expect([200, 429]).toContain(res.status);
        if (res.status === 200) allowed++;
      }
      expect(allowed).toBeLessThanOrEqual(limit);
      expect(allowed).toBeGreaterThanOrEqual(limit - (lease - 1));
      const row = await wide.db.rateLimit.findFirst({ where: { key: { startsWith: 'api:' } } });
      expect(row!.points).toBeGreaterThanOrEqual(limit);
    } finally {
      await other.close();
      await wide.close();
    }
  });

  it('share the per-address count of sign-ins', async () => {
    // Requests from one address; the first instance sees 127.0.0.1 as the second does.
    const login = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '2' });
    const other = await openDatabase(login.config);
    try {
      const secondLogin = supertest(
        await buildApp({ config: login.config, database: other, blobs: login.blobs, logger: createLogger('silent') }),
      );
      const signIn = (agent: ReturnType<typeof supertest>) =>
        agent.post('/auth/token').set('Accept', 'application/json').type('form').send({ token: 'cb_unknown' });
      expect((await signIn(login.http)).status).toBe(401);
      expect((await signIn(secondLogin)).status).toBe(401);
      const refused = await signIn(login.http);
      expect(refused.status).toBe(429);
      expect(refused.body.code).toBe('rate_limited');
      expect((await signIn(secondLogin)).status).toBe(429);
    } finally {
      await other.close();
      await login.close();
    }
  });
});

it('lets exactly the limit through when requests of one token arrive at once', async () => {
  const user = await newUser();
  const answers = await Promise.all(Array.from({ length: 4 * LIMIT }, () => t.as(user.token).get('/orgs')));
  const statuses = answers.map((r) => r.status);
  expect(statuses.filter((s) => s === 200)).toHaveLength(LIMIT);
  expect(statuses.filter((s) => s === 429)).toHaveLength(3 * LIMIT);
});

it('limits sign-ins per address: past LOGIN_RATE_LIMIT_PER_MINUTE even a good token gets 429, and no session', async () => {
  // supertest's requests all come from 127.0.0.1: this test has the address's count to itself (a fresh app).
  const app = await createTestApp({ PUBLIC_URL: 'http://localhost:3000', LOGIN_RATE_LIMIT_PER_MINUTE: String(LOGIN_LIMIT) });
  try {
    const o = await createOrg(app.db);
    const user = await createUser(app.db, 'User', [o.orgId]);
    const signIn = (token: string) => app.http.post('/auth/token').set('Accept', 'application/json').type('form').send({ token });
    for (let i = 1; i <= LOGIN_LIMIT; i++) {
      const res = await signIn(`cb_guess${i}`);
      expect(res.status).toBe(401);
      expect(res.headers['ratelimit-remaining']).toBe(String(LOGIN_LIMIT - i));
    }
    const sessions = await app.db.session.count();
    const refused = await signIn(user.token);
    expectRefused(refused, LOGIN_LIMIT);
    expect(refused.headers['set-cookie']).toBeUndefined();
    expect(await app.db.session.count()).toBe(sessions);
    // The OAuth routes count too (they redirect to /login when OAuth is not configured).
    expectRefused(await app.http.get('/auth/login').set('Accept', 'application/json'), LOGIN_LIMIT);
    expectRefused(await app.http.get('/auth/callback').set('Accept', 'application/json'), LOGIN_LIMIT);
    // The login page itself is not a sign-in.
    await app.http.get('/login').expect(200);
  } finally {
    await app.close();
  }
});

it('shows a browser over the sign-in limit the login page saying how long to wait, with the same 429 and Retry-After', async () => {
  const app = await createTestApp({ PUBLIC_URL: 'http://localhost:3000', LOGIN_RATE_LIMIT_PER_MINUTE: String(LOGIN_LIMIT) });
  try {
    const o = await createOrg(app.db);
    const user = await createUser(app.db, 'User', [o.orgId]);
    // As the login page's form posts it.
    const formPost = (token: string) =>
      app.http.post('/auth/token').set('Accept', 'text/html,application/xhtml+xml,*/*;q=0.8').type('form').send({ token });
    for (let i = 1; i <= LOGIN_LIMIT; i++) expect((await formPost(`cb_guess${i}`)).status).toBe(401);
    const sessions = await app.db.session.count();
    for (const refused of [await formPost(user.token), await app.http.get('/auth/login').set('Accept', 'text/html')]) {
      expect(refused.status).toBe(429);
      expect(refused.headers['content-type']).toMatch(/^text\/html/);
      const retryAfter = Number(refused.headers['retry-after']);
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      expect(retryAfter).toBeLessThanOrEqual(60);
      expect(refused.headers['ratelimit-remaining']).toBe('0');
      expect(refused.text).toContain(
        `<p class="error" role="alert">Too many sign-in attempts from this address: try again in ${retryAfter} s.</p>`,
      );
      // Still the page to sign in from once the wait is over.
      expect(refused.text).toContain('<form method="post" action="/auth/token"');
      expect(refused.text).not.toContain('rate_limited');
      expect(refused.headers['set-cookie']).toBeUndefined();
    }
    expect(await app.db.session.count()).toBe(sessions);
  } finally {
    await app.close();
  }
});

it('counts token creations against the address as well as the credential', async () => {
  const app = await createTestApp({ LOGIN_RATE_LIMIT_PER_MINUTE: '2', RATE_LIMIT_PER_MINUTE: '100' });
  try {
    const o = await createOrg(app.db);
    const admin = await createUser(app.db, 'Admin', [o.orgId]);
    const generate = () => app.as(admin.token).post('/token/generate', { userId: admin.userId, name: `ci ${Math.random()}` });
    await generate().expect(201);
    await generate().expect(201);
    const tokens = await app.db.apiToken.count();
    const refused = await generate();
    expectRefused(refused, 2);
    expect(await app.db.apiToken.count()).toBe(tokens);
    // Reads with the same token are within its own limit.
    await app.as(admin.token).get('/tokens').expect(200);
  } finally {
    await app.close();
  }
});

it('never limits /healthz and /readyz, nor the web app, with or without an exhausted credential', async () => {
  const user = await newUser();
  for (let i = 0; i < LIMIT; i++) await t.as(user.token).get('/orgs').expect(200);
  expectRefused(await t.as(user.token).get('/orgs'));
  for (let i = 0; i < 3 * LIMIT; i++) {
    const health = await t.http.get('/healthz').set('Authorization', `Bearer ${user.token}`).expect(200);
    expect(health.headers['ratelimit-limit']).toBeUndefined();
    await t.http.get('/readyz').set('Authorization', `Bearer ${user.token}`).expect(200);
    await t.http.get('/login').expect(200);
    const page = await t.http.get('/').set('Authorization', `Bearer ${user.token}`);
    expect(page.status).not.toBe(429);
  }
});

it('starts counting again when the window ends', async () => {
  const app = await createTestApp(
    { RATE_LIMIT_PER_MINUTE: '2' },
    { config: { rateLimit: { perCredential: 2, perAddress: 2, windowMs: 1000 } } },
  );
  try {
    const o = await createOrg(app.db);
    const user = await createUser(app.db, 'User', [o.orgId]);
    await app.as(user.token).get('/orgs').expect(200);
    await app.as(user.token).get('/orgs').expect(200);
    const refused = await app.as(user.token).get('/orgs').expect(429);
    await new Promise((resolve) => setTimeout(resolve, Number(refused.headers['retry-after']) * 1000 + 50));
    const again = await app.as(user.token).get('/orgs').expect(200);
    expect(again.headers['ratelimit-remaining']).toBe('1');
  } finally {
    await app.close();
  }
});

it('turns both limits off with 0: no 429, no RateLimit headers', async () => {
  const app = await createTestApp({ RATE_LIMIT_PER_MINUTE: '0', LOGIN_RATE_LIMIT_PER_MINUTE: '0' });
  try {
    const o = await createOrg(app.db);
    const user = await createUser(app.db, 'User', [o.orgId]);
    for (let i = 0; i < 30; i++) {
      const res = await app.as(user.token).get('/orgs').expect(200);
      expect(res.headers['ratelimit-limit']).toBeUndefined();
      await app.http.post('/auth/token').set('Accept', 'application/json').type('form').send({ token: 'cb_guess' }).expect(401);
    }
    expect(await app.db.rateLimit.count()).toBe(0);
  } finally {
    await app.close();
  }
});

describe('the cleanup of ended windows (the server runs it as a worker)', () => {
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
  const HOUR = 60 * 60_000;
  const keys = (prefix: string) => t.db.rateLimit.findMany({ where: { key: { startsWith: prefix } }, orderBy: { key: 'asc' } });

  it('deletes the counts whose window ended over an hour ago, and nothing once stopped', async () => {
    const database = await openDatabase(t.config);
    try {
      const now = Date.now();
      await t.db.rateLimit.createMany({
        data: [
          { key: 'cleanup:old', points: 1, expire: BigInt(now - 2 * HOUR) },
          { key: 'cleanup:recent', points: 1, expire: BigInt(now - HOUR / 2) },
          { key: 'cleanup:current', points: 1, expire: BigInt(now + 60_000) },
        ],
      });
      await deleteExpiredCounts(database.sql, now);
      expect((await keys('cleanup:')).map((r) => r.key)).toEqual(['cleanup:current', 'cleanup:recent']);

      const cleanup = startRateLimitCleanup(database.sql, { everyMs: 20 });
      await t.db.rateLimit.create({ data: { key: 'cleanup:old-2', points: 1, expire: BigInt(now - 2 * HOUR) } });
      // A round comes every 20 ms: a few seconds at most on a busy machine.
      for (let i = 0; i < 250 && (await keys('cleanup:old')).length; i++) await sleep(20);
      expect(await keys('cleanup:old')).toEqual([]);
      await cleanup.stop();
      await t.db.rateLimit.create({ data: { key: 'cleanup:old-3', points: 1, expire: BigInt(now - 2 * HOUR) } });
      // Ten rounds' time: a timer still running would have deleted it.
      await sleep(200);
      expect((await keys('cleanup:old')).map((r) => r.key)).toEqual(['cleanup:old-3']);
    } finally {
      await database.close();
    }
  });
});
