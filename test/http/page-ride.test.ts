import type pg from 'pg';
import { createTestApp, type TestApp } from '../support/app';
import { createOrg, createProject, createUser, createWorld, type World } from '../support/factories';
import { createTests } from '../support/catalog-factories';
import { startRun } from '../support/run-factories';
import { cookieValue } from '../support/oauth-login';
import { readPoolOf } from '../../src/db/raw-read';
import { encodeCursor } from '../../src/core/cursor';

// Without kept answers (ANSWER_CACHE_MB=0), a plain GET /run/tests or /project/tests reads its page in the
// credential's statement (Caching.ride): one statement a request. Whatever the path, the answer
// is the one the handler's own read gives, in the caller's scope, and a credential the rate
// limit refused reads no page.

let t: TestApp;
let w: World;
let p: number;
let runId: number;
let testIds: number[];
/** The texts of the statements sent on the read pool while `work` runs. */
let watched: string[] | undefined;

beforeAll(async () => {
  t = await createTestApp({ ANSWER_CACHE_MB: '0' });
  w = await createWorld(t.db);
  p = w.projectA.projectId;
  testIds = await createTests(t.db, p, 12);
  runId = (await startRun(t, w.user.token, p, testIds)).runId;
  await t
    .as(w.user.token)
    .put('/run/update-test-status', { runId, projectId: p, testResults: [{ testId: testIds[1], status: 'failed', comment: 'no' }] })
    .expect(200);
  const pool = readPoolOf(t.db)!;
  const query = pool.query.bind(pool) as (config: pg.QueryConfig) => Promise<pg.QueryResult>;
  // Watches the statements, and sends them on as they are.
  (pool as unknown as { query: typeof query }).query = (config: pg.QueryConfig) => {
    watched?.push(typeof config === 'string' ? config : config.text);
    return query(config);
  };
});
afterAll(() => t.close());

async function statementsOf(work: () => Promise<unknown>): Promise<string[]> {
  watched = [];
  try {
    await work();
    return watched;
  } finally {
    watched = undefined;
  }
}

const runTests = (token: string, query: Record<string, unknown>, etag?: string) => {
  const req = t.as(token).get('/run/tests', { projectId: p, runId, ...query });
  return etag === undefined ? req : req.set('If-None-Match', etag);
};

it('reads a page in the credential statement: one statement, the same answer as the version-first read', async () => {
  await runTests(w.reader.token, { limit: 5 }).expect(200); // the token's last use is recorded once a minute: not in the count
  for (const query of [
    { limit: 5 },
    { limit: 5, offset: 5 },
    { status: 'failed' },
    { limit: 4, cursor: encodeCursor(testIds[3]) },
    { search: 'test' },
  ]) {
    let ridden: { body: unknown; headers: Record<string, string> } | undefined;
    const sent = await statementsOf(async () => {
      ridden = await runTests(w.reader.token, query).expect(200);
    });
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatch(/LEFT JOIN LATERAL/);
    // With a stale If-None-Match the version is read with the credential and the page by the handler: two statements.
    let plain: { body: unknown; headers: Record<string, string> } | undefined;
    const twice = await statementsOf(async () => {
      plain = await runTests(w.reader.token, query, 'W/"p1.0-stale"').expect(200);
    });
    expect(twice).toHaveLength(2);
    expect(ridden!.body).toEqual(plain!.body);
    expect(ridden!.headers.etag).toBe(plain!.headers.etag);
    expect(ridden!.headers['x-total-count']).toBe(plain!.headers['x-total-count']);
  }
  const page = await runTests(w.reader.token, { limit: 5, offset: 5 }).expect(200);
  expect(page.body.data).toMatchObject({ total: 12, limit: 5, offset: 5 });
  expect(page.body.data.tests.map((x: { testId: number }) => x.testId)).toEqual(testIds.slice(5, 10));
  const failed = await runTests(w.reader.token, { status: 'failed' }).expect(200);
  expect(failed.body.data.tests).toEqual([expect.objectContaining({ testId: testIds[1], status: 'failed', comment: 'no' })]);
});

it('reads a catalog page in the credential statement too, the same answer as the version-first read', async () => {
  const catalog = (token: string, query: Record<string, unknown>, etag?: string) => {
    const req = t.as(token).get('/project/tests', { projectId: p, ...query });
    return etag === undefined ? req : req.set('If-None-Match', etag);
  };
  for (const query of [{ limit: 5 }, { limit: 5, offset: 5 }, { sort: 'title', order: 'desc', limit: 4 }, { search: 'test', limit: 3 }]) {
    let ridden: { body: unknown; headers: Record<string, string> } | undefined;
    const sent = await statementsOf(async () => {
      ridden = await catalog(w.reader.token, query).expect(200);
    });
    expect(sent).toHaveLength(1);
    const plain = await catalog(w.reader.token, query, 'W/"p1.0-stale"').expect(200);
    expect(ridden!.body).toEqual(plain.body);
    expect(ridden!.headers.etag).toBe(plain.headers.etag);
  }
  const page = await catalog(w.reader.token, { limit: 5, offset: 5 }).expect(200);
  expect(page.body.data.tests.map((x: { testId: number }) => x.testId)).toEqual(testIds.slice(5, 10));
  // Another organization's project, and a section of none: what the handler's own read answers.
  expect((await catalog(w.adminB.token, {}).expect(404)).body.code).toBe('project_not_found');
  expect((await catalog(w.reader.token, { sectionId: 2_000_000_000 }).expect(404)).body.code).toBe('section_not_found');
  // A custom-field filter reads the project's fields first: the page is read after them, not with the credential.
  const filtered = await statementsOf(async () => {
    const res = await catalog(w.reader.token, { 'cf.nothing': 'x' }).expect(400);
    expect(res.body.code).toBe('validation_failed');
  });
  expect(filtered.filter((text) => /LEFT JOIN LATERAL/.test(text))).toEqual([]);
});

it("reads a locked run's page from its snapshot alike, ridden or not", async () => {
  const [testId] = testIds;
  await t.as(w.user.token).put('/run/lock', { runId, projectId: p }).expect(200);
  try {
    // The catalog moves on; the locked run still shows the title it held.
    await t.as(w.user.token).put('/test/update', { projectId: p, testId, title: 'renamed after the lock' }).expect(200);
    const ridden = await runTests(w.reader.token, { limit: 3 }).expect(200);
    const plain = await runTests(w.reader.token, { limit: 3 }, 'W/"p1.0-stale"').expect(200);
    expect(ridden.body).toEqual(plain.body);
    expect(ridden.body.data.tests[0].title).not.toBe('renamed after the lock');
  } finally {
    await t.as(w.admin.token).put('/run/unlock', { runId, projectId: p }).expect(200);
  }
});

it("answers 404 for a run of another organization, a missing run or project, as the handler's read does", async () => {
  const other = await t.as(w.adminB.token).get('/run/tests', { projectId: p, runId }).expect(404);
  const missing = await t.as(w.reader.token).get('/run/tests', { projectId: p, runId: 2_000_000_000 }).expect(404);
  const stale = await t
    .as(w.reader.token)
    .get('/run/tests', { projectId: p, runId: 2_000_000_000 })
    .set('If-None-Match', 'W/"p1.0-stale"')
    .expect(404);
  expect(missing.body).toEqual(stale.body);
  expect(missing.body.code).toBe('run_not_found');
  // The project is not one the caller sees: the project is what is missing, as the handler's own read says.
  expect(other.body.code).toBe('project_not_found');
  const elsewhere = await t.as(w.reader.token).get('/run/tests', { projectId: w.projectB.projectId, runId }).expect(404);
  expect(elsewhere.body.code).toBe('project_not_found');
});

it("reads in the token's scope: a membership the token was not minted for shows nothing", async () => {
  const org = await createOrg(t.db);
  const project = await createProject(t.db, org.orgId);
  const owner = await createUser(t.db, 'User', [org.orgId]);
  const run = await startRun(t, owner.token, project.projectId, await createTests(t.db, project.projectId, 2));
  const scoped = await createUser(t.db, 'User', [w.orgA.orgId]);
  await t.db.membership.create({ data: { userId: scoped.userId, orgId: org.orgId, role: 'User' } });
  await t.as(scoped.token).get('/run/tests', { projectId: project.projectId, runId: run.runId }).expect(404);
  await t.as(owner.token).get('/run/tests', { projectId: project.projectId, runId: run.runId }).expect(200);
});

it('rides with a session cookie too, and refuses a revoked token before anything', async () => {
  const user = await createUser(t.db, 'Reader', [w.orgA.orgId]);
  const login = await t.http.post('/auth/token').set('Sec-Fetch-Site', 'same-origin').type('form').send({ token: user.token }).expect(303);
  const cookie = `user_session=${cookieValue(login.headers['set-cookie'] as unknown as string[], 'user_session')}`;
  const read = () => t.http.get('/api/v1/run/tests').query({ projectId: p, runId, limit: 3 }).set('Cookie', cookie);
  await read().expect(200);
  const sent = await statementsOf(async () => {
    const res = await read().expect(200);
    expect(res.body.data.tests).toHaveLength(3);
  });
  expect(sent).toHaveLength(1);
  await t.db.apiToken.update({ where: { tokenId: user.tokenId }, data: { revokedAt: new Date() } });
  await read().expect(401);
  await runTests(user.token, {}).expect(401);
});

it("reads `assigneeId=me` on its own: it needs the caller's id", async () => {
  await t
    .as(w.user.token)
    .put('/run/assign', { runId, projectId: p, testIds: [testIds[2]], assigneeId: w.user.userId })
    .expect(200);
  const sent = await statementsOf(async () => {
    const mine = await runTests(w.user.token, { assigneeId: 'me' }).expect(200);
    expect(mine.body.data.tests.map((x: { testId: number }) => x.testId)).toEqual([testIds[2]]);
  });
  expect(sent).toHaveLength(2);
  const reader = await runTests(w.reader.token, { assigneeId: 'me' }).expect(200);
  expect(reader.body.data.tests).toEqual([]);
});

it('reads no page with a credential the rate limit refused, until its window resets', async () => {
  const limited = await createTestApp({ ANSWER_CACHE_MB: '0', RATE_LIMIT_PER_MINUTE: '2' });
  try {
    const world = await createWorld(limited.db);
    const projectId = world.projectA.projectId;
    const run = await startRun(limited, world.user.token, projectId, await createTests(limited.db, projectId, 2));
    const pool = readPoolOf(limited.db)!;
    const texts: string[] = [];
    const query = pool.query.bind(pool) as (config: pg.QueryConfig) => Promise<pg.QueryResult>;
    (pool as unknown as { query: typeof query }).query = (config: pg.QueryConfig) => {
      texts.push(config.text);
      return query(config);
    };
    const read = () => limited.as(world.reader.token).get('/run/tests', { projectId, runId: run.runId });
    await read().expect(200);
    await read().expect(200);
    await read().expect(429);
    texts.length = 0;
    const refused = await read().expect(429);
    expect(refused.body.code).toBe('rate_limited');
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.filter((text) => /LEFT JOIN LATERAL/.test(text))).toEqual([]);
    // Another credential still rides.
    texts.length = 0;
    await limited.as(world.user.token).get('/run/tests', { projectId, runId: run.runId }).expect(200);
    expect(texts.some((text) => /LEFT JOIN LATERAL/.test(text))).toBe(true);
  } finally {
    await limited.close();
  }
});
