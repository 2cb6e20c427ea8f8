import { createTestApp, type TestApp } from '../support/app';
import { createOrg, createProject, createUser, createWorld, type World } from '../support/factories';
import { createTests } from '../support/catalog-factories';
import { startRun } from '../support/run-factories';
import { readRows } from '../../src/db/raw-read';
import { Prisma } from '../../src/generated/prisma/client';
import { envelopeJson } from '../../src/http/envelope';
import { JsonText } from '../../src/core/json-text';
import { noteUserChange } from '../../src/domain/users/data';

// The version of a project read rides with the credential (one statement
// for a 304), list pages carry the version read with them, hot reads go to the pg
// pool directly and decode as Prisma does, and PostgreSQL's JSON text is spliced
// into the envelope. What must hold whatever the path: no stale 304, no 304 for
// a project the caller may no longer see, the same values either way.

let t: TestApp;
let w: World;
let p: number;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
  p = w.projectA.projectId;
  await createTests(t.db, p, 7);
});
afterAll(() => t.close());

const api = (path: string) => `/api/v1${path}`;
function read(path: string, query: Record<string, unknown>, token: string, etag?: string) {
  const req = t.http
    .get(api(path))
    .query(query as Record<string, string>)
    .set('Authorization', `Bearer ${token}`);
  return etag === undefined ? req : req.set('If-None-Match', etag);
}

describe('versions read with the credential or with the page', () => {
  it('tags a page with the version read with it, and that tag is a 304 by the credential statement', async () => {
    for (const [path, query] of [
      ['/project/tests', { projectId: p, limit: 3 }],
      ['/project/detail', { projectId: p }],
      ['/sections', { projectId: p }],
    ] as const) {
      const first = await read(path, query, w.reader.token).expect(200);
      const etag = first.headers.etag;
      // A read of one record (the project) carries its stamp too (src/core/record-stamp.ts).
      expect(etag).toMatch(path === '/project/detail' ? /^W\/"p\d+\.\d+~[0-9a-f]{8}~-.+"$/ : /^W\/"p\d+\.\d+-.+"$/);
      await read(path, query, w.reader.token, etag).expect(304);
    }
  });

  it('never confirms a page after a write, and the new page carries the new version', async () => {
    const first = await read('/project/tests', { projectId: p, limit: 3 }, w.reader.token).expect(200);
    await t.http
      .post(api('/test/create'))
      .set('Authorization', `Bearer ${w.admin.token}`)
      .send({ projectId: p, title: 'one more' })
      .expect(201);
    const after = await read('/project/tests', { projectId: p, limit: 3 }, w.reader.token, first.headers.etag).expect(200);
    expect(after.headers.etag).not.toBe(first.headers.etag);
    expect(after.body.data.total).toBe(first.body.data.total + 1);
    await read('/project/tests', { projectId: p, limit: 3 }, w.reader.token, after.headers.etag).expect(304);
  });

  it('gives no 304 to a caller who has left the organization, whatever tag it kept', async () => {
    const org = await createOrg(t.db);
    const project = await createProject(t.db, org.orgId);
    const leaver = await createUser(t.db, 'User', [org.orgId]);
    const run = await startRun(t, leaver.token, project.projectId, await createTests(t.db, project.projectId, 2));
    const paths = [
      ['/project/tests', { projectId: project.projectId }],
      ['/run/tests', { projectId: project.projectId, runId: run.runId }],
      ['/run/state-detail', { projectId: project.projectId, runId: run.runId }],
    ] as const;
    const tags = [];
    for (const [path, query] of paths) tags.push((await read(path, query, leaver.token).expect(200)).headers.etag);
    await t.db.membership.deleteMany({ where: { userId: leaver.userId } });
    for (const [i, [path, query]] of paths.entries()) await read(path, query, leaver.token, tags[i]).expect(404);
  });

  it("tags a test's run history and makes the tag stale with a result or a rename of a user it shows", async () => {
    const [testId] = await createTests(t.db, p, 1);
    const run = await startRun(t, w.user.token, p, [testId]);
    const q = { runId: run.runId, testId };
    const setStatus = (status: string) =>
      t.http
        .put(api('/run/update-test-status'))
        .set('Authorization', `Bearer ${w.user.token}`)
        .send({ runId: run.runId, projectId: p, testResults: [{ testId, status }] })
        .expect(200);
    await setStatus('failed');
    const first = await read('/run/test-status-history', q, w.reader.token).expect(200);
    expect(first.body.data[0]).toMatchObject({ status: 'failed', userName: expect.stringContaining('User') });
    await read('/run/test-status-history', q, w.reader.token, first.headers.etag).expect(304);
    await setStatus('passed');
    const second = await read('/run/test-status-history', q, w.reader.token, first.headers.etag).expect(200);
    expect(second.body.data).toHaveLength(first.body.data.length + 1);
    await read('/run/test-status-history', q, w.reader.token, second.headers.etag).expect(304);
    // A rename, as the CLI's user create and a login write it: the user's row and its counter.
    await t.db.$transaction(async (tx) => {
      await tx.user.update({ where: { userId: w.user.userId }, data: { name: 'Renamed Tester' } });
      await noteUserChange(tx, w.user.userId);
    });
    const third = await read('/run/test-status-history', q, w.reader.token, second.headers.etag).expect(200);
    expect(third.body.data[0].userName).toBe('Renamed Tester');
    // Another organization's caller gets no 304 for it, whatever tag it sends.
    await read('/run/test-status-history', q, w.adminB.token, third.headers.etag).expect(404);
  });

  it("tags a test's history across runs and makes the tag stale with a result or a rename of a user it shows", async () => {
    const [testId] = await createTests(t.db, p, 1);
    const run = await startRun(t, w.user.token, p, [testId]);
    const q = { projectId: p, testId };
    const first = await read('/test/status-history', q, w.reader.token).expect(200);
    expect(first.body.data[0]).toMatchObject({ status: 'untested', userId: w.user.userId, userName: expect.any(String) });
    await read('/test/status-history', q, w.reader.token, first.headers.etag).expect(304);
    await t.http
      .put(api('/run/update-test-status'))
      .set('Authorization', `Bearer ${w.user.token}`)
      .send({ runId: run.runId, projectId: p, testResults: [{ testId, status: 'blocked' }] })
      .expect(200);
    const second = await read('/test/status-history', q, w.reader.token, first.headers.etag).expect(200);
    expect(second.body.data[0].status).toBe('blocked');
    await read('/test/status-history', q, w.reader.token, second.headers.etag).expect(304);
    await t.db.$transaction(async (tx) => {
      await tx.user.update({ where: { userId: w.user.userId }, data: { name: 'Renamed Again' } });
      await noteUserChange(tx, w.user.userId);
    });
    const third = await read('/test/status-history', q, w.reader.token, second.headers.etag).expect(200);
    expect(third.body.data[0].userName).toBe('Renamed Again');
    await read('/test/status-history', q, w.adminB.token, third.headers.etag).expect(404);
  });

  it('still answers a bad query 400 and a bad credential 401 on a conditional read', async () => {
    await read('/project/tests', { projectId: 'x' }, w.reader.token, 'W/"p1.1-x"').expect(400);
    await read('/project/tests', { projectId: p }, 'cb_nope', 'W/"p1.1-x"').expect(401);
    await read('/project/tests', { projectId: 'x' }, 'cb_nope', 'W/"p1.1-x"').expect(401);
  });
});

describe('answers kept by their ETag', () => {
  const page = { projectId: 0, limit: 4 };
  beforeAll(() => {
    page.projectId = p;
  });
  const titles = (res: { body: { data: { tests: { title: string }[] } } }) => res.body.data.tests.map((x) => x.title);

  it('sends a kept page again while the version holds, gzipped or not, with its headers', async () => {
    const first = await read('/project/tests', page, w.reader.token).set('Accept-Encoding', 'gzip').expect(200);
    // The first answer's gzip is the kept copy's (answer-cache.ts, keep): it is kept before the first answer is sent.
    const again = await read('/project/tests', page, w.user.token).set('Accept-Encoding', 'gzip').expect(200);
    expect(again.headers['content-encoding']).toBe('gzip');
    expect(again.headers.vary).toMatch(/Accept-Encoding/i);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['cache-control']).toBe('private, no-cache');
    expect(again.headers['content-type']).toMatch(/^application\/json/);
    expect(again.body).toEqual(first.body);
    const plain = await read('/project/tests', page, w.reader.token).set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toEqual(first.body);
  });

  it('serves the kept page, not the rows, until a write moves the version', async () => {
    const before = await read('/project/tests', page, w.reader.token).expect(200);
    const [firstTest] = before.body.data.tests as { testId: number; title: string }[];
    // A change written around the services (no counter moved) shows that the page comes from the kept copy ...
    await t.db.test.update({ where: { testId: firstTest.testId }, data: { title: 'written around the counter' } });
    const kept = await read('/project/tests', page, w.reader.token).expect(200);
    expect(titles(kept)).toEqual(titles(before));
    // ... and a write through the API moves the version: the next page is read anew and shows both.
    await t.http
      .put(api('/test/update'))
      .set('Authorization', `Bearer ${w.user.token}`)
      .send({ projectId: p, testId: before.body.data.tests[1].testId, title: 'renamed through the API' })
      .expect(200);
    const fresh = await read('/project/tests', page, w.reader.token).expect(200);
    expect(fresh.headers.etag).not.toBe(before.headers.etag);
    expect(titles(fresh).slice(0, 2)).toEqual(['written around the counter', 'renamed through the API']);
  });

  it('tags no error: a run missing from a project the caller sees is a plain 404', async () => {
    const missing = await read('/run/tests', { projectId: p, runId: 2_000_000_000 }, w.reader.token).expect(404);
    expect(missing.headers.etag).toBeUndefined();
    expect(missing.headers['cache-control']).toBe('no-store');
  });

  it('answers If-None-Match: * with 304 only where there is an answer: a missing run in a project the caller sees is a 404', async () => {
    const [testId] = await createTests(t.db, p, 1);
    const run = await startRun(t, w.user.token, p, [testId]);
    const current = await read('/run/tests', { projectId: p, runId: run.runId }, w.reader.token).expect(200);
    const any = await read('/run/tests', { projectId: p, runId: run.runId }, w.reader.token, '*').expect(304);
    expect(any.headers.etag).toBe(current.headers.etag);
    await read('/project/tests', page, w.reader.token, '*').expect(304);
    // The project's version is there, the run is not: nothing to confirm.
    const missing = await read('/run/tests', { projectId: p, runId: 2_000_000_000 }, w.reader.token, '*').expect(404);
    expect(missing.body.code).toBe('run_not_found');
    const gone = await read('/run/state-detail', { projectId: p, runId: 2_000_000_000 }, w.reader.token, '*').expect(404);
    expect(gone.body.code).toBe('run_not_found');
  });

  it('never sends a kept page to a caller who may not see the project', async () => {
    const seen = await read('/project/tests', page, w.reader.token).expect(200);
    expect(seen.body.data.tests.length).toBeGreaterThan(0);
    const other = await read('/project/tests', page, w.adminB.token).expect(404);
    expect(other.body.data).toBeUndefined();
  });
});

describe('ANSWER_CACHE_MB=0', () => {
  it('keeps no page: each answer is read anew', async () => {
    const uncached = await createTestApp({ ANSWER_CACHE_MB: '0' });
    try {
      const world = await createWorld(uncached.db);
      const projectId = world.projectA.projectId;
      await createTests(uncached.db, projectId, 3);
      const get = () =>
        uncached.http
          .get(api('/project/tests'))
          .query({ projectId, limit: 2 })
          .set('Authorization', `Bearer ${world.reader.token}`)
          .expect(200);
      const before = await get();
      const [first] = before.body.data.tests as { testId: number }[];
      await uncached.db.test.update({ where: { testId: first.testId }, data: { title: 'seen without a kept copy' } });
      const after = await get();
      expect(after.headers.etag).toBe(before.headers.etag);
      expect(after.body.data.tests[0].title).toBe('seen without a kept copy');
    } finally {
      await uncached.close();
    }
  });
});

describe('hot reads on the pool', () => {
  it('decode timestamps (stored in UTC without a zone) as Prisma does, in any time zone of the process', async () => {
    const zone = process.env.TZ;
    process.env.TZ = 'America/Los_Angeles';
    try {
      const expiresAt = new Date(Date.UTC(2031, 0, 2, 3, 4, 5, 678));
      await t.db.apiToken.update({ where: { tokenId: w.reader.tokenId }, data: { expiresAt } });
      const sql = Prisma.sql`SELECT expires_at AS "expiresAt", id FROM api_tokens WHERE id = ${w.reader.tokenId}`;
      const [pooled] = await readRows<{ expiresAt: Date; id: number }>(t.db, sql);
      const [prisma] = await t.db.$queryRaw<{ expiresAt: Date; id: number }[]>(sql);
      expect(pooled).toEqual(prisma);
      expect(pooled.expiresAt.toISOString()).toBe('2031-01-02T03:04:05.678Z');
      // In a transaction the read goes through Prisma, on the transaction's connection.
      const [inTx] = await t.db.$transaction((tx) => readRows<{ expiresAt: Date; id: number }>(tx, sql));
      expect(inTx).toEqual(prisma);
    } finally {
      process.env.TZ = zone;
      await t.db.apiToken.update({ where: { tokenId: w.reader.tokenId }, data: { expiresAt: null } });
    }
  });

  it('refuses a token that expired a minute ago and takes one that expires in a minute', async () => {
    const user = await createUser(t.db, 'Reader', [w.orgA.orgId]);
    await t.db.apiToken.update({ where: { tokenId: user.tokenId }, data: { expiresAt: new Date(Date.now() - 60_000) } });
    await read('/orgs', {}, user.token).expect(401);
    await t.db.apiToken.update({ where: { tokenId: user.tokenId }, data: { expiresAt: new Date(Date.now() + 60_000) } });
    await read('/orgs', {}, user.token).expect(200);
  });
});

describe('the envelope', () => {
  it('splices JSON text as it is, leaves undefined fields out and serializes the rest', () => {
    const data = { tests: new JsonText<unknown[]>('[{"a":1},{"b":"x\\"y"}]'), total: 2, nextCursor: undefined, at: new Date(0) };
    const text = envelopeJson(data, 200);
    expect(text).toBe('{"data":{"tests":[{"a":1},{"b":"x\\"y"}],"total":2,"at":"1970-01-01T00:00:00.000Z"},"status":200}');
    expect(JSON.parse(text)).toEqual({ data: { tests: [{ a: 1 }, { b: 'x"y' }], total: 2, at: '1970-01-01T00:00:00.000Z' }, status: 200 });
    expect(envelopeJson(new JsonText('[]'), 200)).toBe('{"data":[],"status":200}');
    expect(envelopeJson([1, { a: null }], 201)).toBe('{"data":[1,{"a":null}],"status":201}');
  });
});
