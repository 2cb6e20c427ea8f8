import crypto from 'node:crypto';
import zlib from 'node:zlib';
import type supertest from 'supertest';
import { apiRoutes } from '../../src/domain/routes';
import { API_PREFIX, generateOpenApiDocument } from '../../src/openapi/document';
import { createTestApp, type TestApp } from '../support/app';
import { createUser, createWorld, type World } from '../support/factories';
import { createSection, createTests } from '../support/catalog-factories';
import { startRun } from '../support/run-factories';

// Idempotency-Key on the CI writes and the web app's creates: a repeat of the same
// request answers the first one's stored response (status and body) without writing again.

let t: TestApp;
let w: World;

beforeAll(async () => {
  t = await createTestApp();
  w = await createWorld(t.db);
});
afterAll(() => t.close());

const IDEMPOTENT = [
  'POST /run/import-junit',
  'PUT /run/update-test-status',
  'POST /run/create',
  'PUT /run/add-tests',
  'POST /test/bulk-add',
  'POST /test/import-csv',
  'POST /test/create',
  'POST /project/create',
  'POST /project/add-section',
  'POST /user/invite',
  'POST /org/create',
];
const newKey = () => `ci-${crypto.randomUUID()}`;
const withKey = (test: supertest.Test, key: string) => test.set('Idempotency-Key', key);

const liveTests = (projectId: number) => t.db.test.count({ where: { projectId, deletedAt: null } });
const keyRows = (userId: number) => t.db.idempotencyKey.findMany({ where: { userId }, orderBy: { id: 'asc' } });

/** Sends the request twice with one key: the second is the first's answer again, marked as a replay. */
async function sendTwice(request: () => supertest.Test, key: string, status: number) {
  const first = await withKey(request(), key).expect(status);
  expect(first.headers['idempotency-replayed']).toBeUndefined();
  const second = await withKey(request(), key).expect(status);
  expect(second.headers['idempotency-replayed']).toBe('true');
  expect(second.text).toBe(first.text);
  return first;
}

async function openRun(testCount: number) {
  const ids = await createTests(t.db, w.projectA.projectId, testCount);
  const run = await startRun(t, w.user.token, w.projectA.projectId, ids);
  return { ids, runId: run.runId, projectId: w.projectA.projectId };
}

describe('a repeat with the same key answers the stored response and writes once', () => {
  it('PUT /run/update-test-status: one set of history rows', async () => {
    const { ids, runId, projectId } = await openRun(2);
    const body = {
      runId,
      projectId,
      testResults: [
        { testId: ids[0], status: 'passed', elapsedMs: 12 },
        { testId: ids[1], status: 'failed', comment: 'boom' },
      ],
    };
    const first = await sendTwice(() => t.as(w.user.token).put('/run/update-test-status', body), newKey(), 200);
    expect(first.body).toEqual({ data: { updated: 2 }, status: 200 });
    // Created untested, then one result each: two history rows per test, not three.
    expect(await t.db.statusHistory.count({ where: { runId } })).toBe(4);
    // Without a key the same request writes again: what the key prevented was real.
    await t.as(w.user.token).put('/run/update-test-status', body).expect(200);
    expect(await t.db.statusHistory.count({ where: { runId } })).toBe(6);
  });

  it('POST /run/create: one run', async () => {
    const ids = await createTests(t.db, w.projectA.projectId, 3);
    const runName = `idem ${newKey()}`;
    const first = await sendTwice(
      () => t.as(w.user.token).post('/run/create', { projectId: w.projectA.projectId, runName, testIds: ids }),
      newKey(),
      201,
    );
    expect(first.body.data).toMatchObject({ runName, projectId: w.projectA.projectId });
    expect(await t.db.run.count({ where: { runName } })).toBe(1);
    expect(await t.db.runTest.count({ where: { runId: first.body.data.runId } })).toBe(3);
  });

  it('PUT /run/add-tests: the first answer (tests added), not what a second run would say (none added)', async () => {
    const { runId, projectId } = await openRun(1);
    const more = await createTests(t.db, projectId, 2);
    const first = await sendTwice(() => t.as(w.user.token).put('/run/add-tests', { runId, projectId, testIds: more }), newKey(), 200);
    expect(first.body.data).toMatchObject({ added: 2 });
    expect(await t.db.runTest.count({ where: { runId } })).toBe(3);
    const plain = await t.as(w.user.token).put('/run/add-tests', { runId, projectId, testIds: more }).expect(200);
    expect(plain.body.data).toMatchObject({ added: 0 });
  });

  it('POST /test/bulk-add: one set of tests', async () => {
    const { projectId } = w.projectA;
    const before = await liveTests(projectId);
    const body = { projectId, tests: [{ title: 'Bulk idem 1' }, { title: 'Bulk idem 2', automationKey: `k.${newKey()}` }] };
    const first = await sendTwice(() => t.as(w.user.token).post('/test/bulk-add', body), newKey(), 201);
    expect(first.body.data.count).toBe(2);
    expect(await liveTests(projectId)).toBe(before + 2);
  });

  it('POST /test/create: one test', async () => {
    const { projectId } = w.projectA;
    const title = `Create idem ${newKey()}`;
    const first = await sendTwice(() => t.as(w.user.token).post('/test/create', { projectId, title }), newKey(), 201);
    expect(first.body.data).toMatchObject({ title, projectId });
    expect(await t.db.test.count({ where: { projectId, title } })).toBe(1);
  });

  it('POST /project/create: one project, and the repeat is the first answer, not 409 duplicate_name', async () => {
    const projectName = `Idem project ${newKey()}`;
    const first = await sendTwice(() => t.as(w.admin.token).post('/project/create', { orgId: w.orgA.orgId, projectName }), newKey(), 201);
    expect(first.body.data).toMatchObject({ projectName, orgId: w.orgA.orgId });
    expect(await t.db.project.count({ where: { projectName } })).toBe(1);
  });

  it('POST /project/add-section: one section', async () => {
    const { projectId } = w.projectA;
    const sectionName = `Idem section ${newKey()}`;
    const first = await sendTwice(() => t.as(w.user.token).post('/project/add-section', { projectId, sectionName }), newKey(), 201);
    expect(first.body.data).toMatchObject({ sectionName });
    expect(await t.db.section.count({ where: { projectId, sectionName } })).toBe(1);
  });

  it('POST /user/invite: one invitation', async () => {
    const email = `idem-${crypto.randomUUID()}@example.test`;
    const first = await sendTwice(
      () => t.as(w.admin.token).post('/user/invite', { orgId: w.orgA.orgId, email, role: 'User' }),
      newKey(),
      201,
    );
    expect(first.body.data).toMatchObject({ email });
    expect(await t.db.invitation.count({ where: { email } })).toBe(1);
  });

  it('POST /run/import-junit: one run, one set of tests and results; the same report gzipped is the same request', async () => {
    const { projectId } = w.projectA;
    const suiteName = `Idem ${newKey()}`;
    const xml = Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>
<testsuites><testsuite name="${suiteName}">
  <testcase classname="idem.Cart" name="adds an item" time="0.5"/>
  <testcase classname="idem.Cart" name="removes an item"><failure message="expected 0">trace</failure></testcase>
</testsuite></testsuites>
`);
    const query = { projectId, runName: suiteName, createMissing: 'true' };
    const send = (body: Buffer, headers: Record<string, string> = {}) =>
      t.http
        .post(`${API_PREFIX}/run/import-junit`)
        .query(query)
        .set({ Authorization: `Bearer ${w.user.token}`, 'Content-Type': 'application/xml', ...headers })
        .send(body);
    const key = newKey();
    const first = await sendTwice(() => send(xml), key, 201);
    expect(first.body.data).toMatchObject({ total: 2, created: 2, passed: 1, failed: 1 });
    const gzipped = await withKey(send(zlib.gzipSync(xml), { 'Content-Encoding': 'gzip' }), key).expect(201);
    expect(gzipped.headers['idempotency-replayed']).toBe('true');
    expect(gzipped.text).toBe(first.text);

    const { runId } = first.body.data;
    expect(await t.db.run.count({ where: { projectId, runName: suiteName } })).toBe(1);
    expect(await t.db.test.count({ where: { projectId, automationKey: { contains: 'idem.Cart' } } })).toBe(2);
    // Created untested is not recorded for an import: one history row per testcase.
    expect(await t.db.statusHistory.count({ where: { runId } })).toBe(2);

    // Another report under the key: 422, nothing written.
    const other = Buffer.from(xml.toString().replace('time="0.5"', 'time="0.6"'));
    await withKey(send(other), key).expect(422);
    // A dry run writes nothing, so its key is ignored: planned afresh (the tests now exist), never replayed.
    const dry = await withKey(
      t.http
        .post(`${API_PREFIX}/run/import-junit`)
        .query({ ...query, dryRun: 'true' })
        .set({ Authorization: `Bearer ${w.user.token}`, 'Content-Type': 'application/xml' })
        .send(xml),
      key,
    ).expect(201);
    expect(dry.headers['idempotency-replayed']).toBeUndefined();
    expect(dry.body.data).toMatchObject({ runId: null, total: 2, matched: 2, created: 0 });
    expect(await t.db.run.count({ where: { projectId, runName: suiteName } })).toBe(1);
    expect(await t.db.statusHistory.count({ where: { runId } })).toBe(2);
  });

  it('takes the same JSON in another key order or spacing as the same request', async () => {
    const { projectId } = w.projectA;
    const title = `Order ${newKey()}`;
    const key = newKey();
    const send = (json: string) => withKey(t.as(w.user.token).post('/test/create').set('Content-Type', 'application/json').send(json), key);
    const first = await send(JSON.stringify({ projectId, title })).expect(201);
    const second = await send(`{ "title": ${JSON.stringify(title)},\n  "projectId": ${projectId} }`).expect(201);
    expect(second.headers['idempotency-replayed']).toBe('true');
    expect(second.body).toEqual(first.body);
    expect(await t.db.test.count({ where: { projectId, title } })).toBe(1);
  });
});

describe('the same key with a different request', () => {
  it('is 422 and writes nothing: another body, or another route', async () => {
    const { projectId } = w.projectA;
    const key = newKey();
    await withKey(t.as(w.user.token).post('/test/create', { projectId, title: 'First body' }), key).expect(201);
    const before = await liveTests(projectId);

    const other = await withKey(t.as(w.user.token).post('/test/create', { projectId, title: 'Second body' }), key).expect(422);
    expect(other.body).toEqual({
      error: `Idempotency-Key "${key}" was used with a different request`,
      status: 422,
      code: 'idempotency_mismatch',
    });
    const bulk = await withKey(t.as(w.user.token).post('/test/bulk-add', { projectId, tests: [{ title: 'First body' }] }), key).expect(422);
    expect(bulk.body.status).toBe(422);
    expect(await liveTests(projectId)).toBe(before);
    expect(await t.db.test.count({ where: { projectId, title: 'Second body' } })).toBe(0);
  });

  it('POST /project/create with the same key and another name is 422 idempotency_mismatch, and creates nothing', async () => {
    const key = newKey();
    const projectName = `Mismatch ${key}`;
    await withKey(t.as(w.admin.token).post('/project/create', { orgId: w.orgA.orgId, projectName }), key).expect(201);
    const other = await withKey(
      t.as(w.admin.token).post('/project/create', { orgId: w.orgA.orgId, projectName: `${projectName} 2` }),
      key,
    ).expect(422);
    expect(other.body.code).toBe('idempotency_mismatch');
    expect(await t.db.project.count({ where: { projectName: `${projectName} 2` } })).toBe(0);
  });
});

describe('a key in flight', () => {
  it('answers 409 while the first request is still running, and is free again once abandoned (10 minutes)', async () => {
    const { projectId } = w.projectA;
    const title = `In flight ${newKey()}`;
    const key = newKey();
    const send = () => withKey(t.as(w.user.token).post('/test/create', { projectId, title }), key);
    await send().expect(201);
    // As the row looks while its first request runs.
    await t.db.$executeRaw`UPDATE idempotency_keys SET state = 'in_flight', status = NULL, response = NULL WHERE key = ${key}`;
    const busy = await send().expect(409);
    expect(busy.body).toEqual({
      error: `Idempotency-Key "${key}" is in use by a request still in progress; retry later`,
      status: 409,
      code: 'idempotency_conflict',
    });
    expect(await t.db.test.count({ where: { projectId, title } })).toBe(1);

    // A claim left by a process that died: after 10 minutes the key runs afresh.
    await t.db.$executeRaw`UPDATE idempotency_keys SET created_at = created_at - interval '11 minutes' WHERE key = ${key}`;
    const rerun = await send().expect(201);
    expect(rerun.headers['idempotency-replayed']).toBeUndefined();
    expect(await t.db.test.count({ where: { projectId, title } })).toBe(2);
  });

  it('lets concurrent requests with one key write once: the others get 409 or the replay', async () => {
    const { projectId } = w.projectA;
    const title = `Concurrent ${newKey()}`;
    const key = newKey();
    const answers = await Promise.all(
      Array.from({ length: 8 }, () => withKey(t.as(w.user.token).post('/test/create', { projectId, title }), key)),
    );
    const statuses = answers.map((r) => r.status);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    const created = answers.filter((r) => r.status === 201);
    expect(created.filter((r) => r.headers['idempotency-replayed'] === undefined)).toHaveLength(1);
    expect(new Set(created.map((r) => r.text)).size).toBe(1);
    expect(await t.db.test.count({ where: { projectId, title } })).toBe(1);
  });
});

describe('keys belong to their user', () => {
  it('lets two users use the same key independently', async () => {
    const { projectId } = w.projectA;
    const key = newKey();
    const title = `Shared key ${newKey()}`;
    const a = await withKey(t.as(w.user.token).post('/test/create', { projectId, title }), key).expect(201);
    const b = await withKey(t.as(w.admin.token).post('/test/create', { projectId, title }), key).expect(201);
    expect(b.headers['idempotency-replayed']).toBeUndefined();
    expect(b.body.data.testId).not.toBe(a.body.data.testId);
    // Another user's body under the same key is no 422 either.
    await withKey(t.as(w.admin.token).post('/test/create', { projectId, title: `${title} 2` }), newKey()).expect(201);
    expect(await t.db.test.count({ where: { projectId, title } })).toBe(2);
  });

  it('replays only after authentication and permission: a Reader with the key is still 403', async () => {
    const { projectId } = w.projectA;
    const key = newKey();
    await withKey(t.as(w.user.token).post('/test/create', { projectId, title: `Perm ${key}` }), key).expect(201);
    await withKey(t.as(w.reader.token).post('/test/create', { projectId, title: `Perm ${key}` }), key).expect(403);
    await withKey(t.http.post(`${API_PREFIX}/test/create`).send({ projectId, title: `Perm ${key}` }), key).expect(401);
  });
});

describe('without the header, or on other routes', () => {
  it('changes nothing: two requests write twice and no key is kept', async () => {
    const user = await createUser(t.db, 'User', [w.orgA.orgId]);
    const { projectId } = w.projectA;
    const title = `No key ${newKey()}`;
    for (let i = 0; i < 2; i++) {
      const res = await t.as(user.token).post('/test/create', { projectId, title }).expect(201);
      expect(res.headers['idempotency-replayed']).toBeUndefined();
    }
    expect(await t.db.test.count({ where: { projectId, title } })).toBe(2);
    expect(await keyRows(user.userId)).toEqual([]);
  });

  it('is ignored by a route that is not idempotent', async () => {
    const user = await createUser(t.db, 'User', [w.orgA.orgId]);
    const { runId, projectId } = await openRun(1);
    const key = newKey();
    await withKey(t.as(user.token).put('/run/edit', { runId, projectId, runName: 'Renamed once' }), key).expect(200);
    const again = await withKey(t.as(user.token).put('/run/edit', { runId, projectId, runName: 'Renamed twice' }), key).expect(200);
    expect(again.body.data.runName).toBe('Renamed twice');
    expect(await keyRows(user.userId)).toEqual([]);
  });
});

describe('failures keep nothing', () => {
  it("a refused first request (404, or the service's 400) frees the key: the fixed request with the same key runs", async () => {
    const { projectId } = w.projectA;
    const key = newKey();
    const title = `Fixed ${newKey()}`;
    // Another organization's project: 404 from the service, after validation.
    await withKey(t.as(w.user.token).post('/test/create', { projectId: w.projectB.projectId, title }), key).expect(404);
    // A section of another project: the service's own 400.
    const foreign = await createSection(t.db, w.projectB.projectId, 'Elsewhere');
    await withKey(t.as(w.user.token).post('/test/create', { projectId, title, sectionId: foreign.sectionId }), key).expect(400);
    expect(await t.db.idempotencyKey.count({ where: { key } })).toBe(0);
    const own = await createSection(t.db, projectId, 'Here');
    const fixed = await withKey(t.as(w.user.token).post('/test/create', { projectId, title, sectionId: own.sectionId }), key).expect(201);
    expect(fixed.headers['idempotency-replayed']).toBeUndefined();
    expect(await t.db.test.count({ where: { projectId, title } })).toBe(1);
  });

  it('a locked run (423) is not stored: once unlocked, the same request with the same key writes', async () => {
    const { ids, runId, projectId } = await openRun(1);
    const key = newKey();
    const body = { runId, projectId, testResults: [{ testId: ids[0], status: 'passed' }] };
    await t.db.run.update({ where: { runId }, data: { locked: true } });
    await withKey(t.as(w.user.token).put('/run/update-test-status', body), key).expect(423);
    await t.db.run.update({ where: { runId }, data: { locked: false } });
    const res = await withKey(t.as(w.user.token).put('/run/update-test-status', body), key).expect(200);
    expect(res.headers['idempotency-replayed']).toBeUndefined();
    expect(await t.db.runTest.findUnique({ where: { runId_testId: { runId, testId: ids[0] } } })).toMatchObject({ status: 'passed' });
  });

  it('invalid input is 400 before the key is looked at, and keeps nothing', async () => {
    const key = newKey();
    await withKey(t.as(w.user.token).post('/test/create', { projectId: w.projectA.projectId }), key).expect(400);
    expect(await t.db.idempotencyKey.count({ where: { key } })).toBe(0);
  });
});

describe('the key itself', () => {
  it('is 400 when longer than 255 characters or empty, and nothing is written', async () => {
    const { projectId } = w.projectA;
    const title = `Bad key ${newKey()}`;
    for (const key of ['k'.repeat(256), '']) {
      const res = await withKey(t.as(w.user.token).post('/test/create', { projectId, title }), key).expect(400);
      expect(res.body).toEqual({
        error: 'Invalid request: Idempotency-Key must be 1 to 255 characters',
        status: 400,
        code: 'validation_failed',
      });
    }
    expect(await t.db.test.count({ where: { projectId, title } })).toBe(0);
    await sendTwice(() => t.as(w.user.token).post('/test/create', { projectId, title }), 'k'.repeat(255), 201);
    expect(await t.db.test.count({ where: { projectId, title } })).toBe(1);
  });

  it('expires after 24 hours: then it runs afresh, and expired rows are deleted', async () => {
    const { projectId } = w.projectA;
    const title = `Expiry ${newKey()}`;
    const key = newKey();
    const send = () => withKey(t.as(w.user.token).post('/test/create', { projectId, title }), key);
    await send().expect(201);
    // Another user's old key, never used again: cleaned up by anyone's later claim.
    const other = await createUser(t.db, 'User', [w.orgA.orgId]);
    const otherKey = newKey();
    await withKey(t.as(other.token).post('/test/create', { projectId, title: `${title} other` }), otherKey).expect(201);
    await t.db.$executeRaw`UPDATE idempotency_keys SET created_at = created_at - interval '25 hours' WHERE key IN (${key}, ${otherKey})`;

    const again = await send().expect(201);
    expect(again.headers['idempotency-replayed']).toBeUndefined();
    expect(await t.db.test.count({ where: { projectId, title } })).toBe(2);
    expect(await keyRows(other.userId)).toEqual([]);
    const mine = await t.db.idempotencyKey.findMany({ where: { key } });
    expect(mine).toHaveLength(1);
    expect(mine[0].createdAt.getTime()).toBeGreaterThan(Date.now() - 60_000);
    // And the fresh answer is what a repeat now gets.
    const replay = await send().expect(201);
    expect(replay.headers['idempotency-replayed']).toBe('true');
    expect(replay.body).toEqual(again.body);
  });
});

describe('the OpenAPI document', () => {
  it('documents the header, the replay marker and 409/422 on exactly the idempotent routes', async () => {
    const doc = await generateOpenApiDocument();
    type Op = {
      parameters?: { name: string; in: string; required: boolean }[];
      responses: Record<string, { headers?: Record<string, unknown> }>;
    };
    const marked = apiRoutes.filter((r) => r.idempotent).map((r) => `${r.method.toUpperCase()} ${r.path}`);
    expect(marked.sort()).toEqual([...IDEMPOTENT].sort());
    for (const route of apiRoutes) {
      const o = (doc.paths as Record<string, Record<string, Op>>)[API_PREFIX + route.path][route.method];
      const header = (o.parameters ?? []).find((p) => p.name === 'Idempotency-Key');
      const success = o.responses[String(route.successStatus ?? 200)];
      if (route.idempotent) {
        expect(header).toMatchObject({ in: 'header', required: false });
        expect(success.headers).toHaveProperty('Idempotency-Replayed');
        expect(Object.keys(o.responses)).toEqual(expect.arrayContaining(['409', '422']));
      } else {
        expect({ route: route.path, header }).toEqual({ route: route.path, header: undefined });
        expect(success.headers?.['Idempotency-Replayed']).toBeUndefined();
        expect(o.responses['422']).toBeUndefined();
      }
    }
  });
});
