import { Writable } from 'node:stream';
import supertest from 'supertest';
import { createLogger } from '../../src/logger';
import { createTestApp, type TestApp } from '../support/app';
import { createTests } from '../support/catalog-factories';
import { createWorld, type World } from '../support/factories';
import { startRun } from '../support/run-factories';

const logLines: string[] = [];
const logger = createLogger(
  'info',
  new Writable({
    write(chunk, _enc, cb) {
      logLines.push(String(chunk));
      cb();
    },
  }),
);

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp({}, { logger });
  w = await createWorld(t.db);
});
afterAll(() => t.close());

describe('request bodies', () => {
  it('answers 415 to a body that is not JSON, writing nothing', async () => {
    const before = await t.db.project.count();
    const res = await t.http
      .post('/api/v1/project/create')
      .set('Authorization', `Bearer ${w.user.token}`)
      .set('Content-Type', 'text/plain')
      .send(`{"orgId":${w.orgA.orgId},"projectName":"plain"}`)
      .expect(415);
    expect(res.body).toEqual({ error: 'Content-Type must be application/json', status: 415, code: 'unsupported_media_type' });
    const form = await t.http
      .post('/api/v1/project/create')
      .set('Authorization', `Bearer ${w.user.token}`)
      .type('form')
      .send({ orgId: w.orgA.orgId, projectName: 'form' })
      .expect(415);
    expect(form.body.status).toBe(415);
    expect(await t.db.project.count()).toBe(before);
  });

  it('answers 400 to malformed JSON', async () => {
    const res = await t.http
      .post('/api/v1/project/create')
      .set('Authorization', `Bearer ${w.user.token}`)
      .set('Content-Type', 'application/json')
      .send('{"orgId": 1, "projectName": ')
      .expect(400);
    expect(res.body).toEqual({ error: 'Invalid request: malformed JSON body', status: 400, code: 'malformed_request' });
  });

  it('answers 413 to a body over 5 MiB', async () => {
    const res = await t.http
      .post('/api/v1/project/create')
      .set('Authorization', `Bearer ${w.user.token}`)
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ orgId: w.orgA.orgId, projectName: 'big', projectDescription: 'x'.repeat(5 * 1024 * 1024 + 10) }))
      .expect(413);
    expect(res.body).toEqual({ error: 'Payload too large', status: 413, code: 'payload_too_large' });
  });

  it('accepts application/json with a charset', async () => {
    await t.http
      .post('/api/v1/project/create')
      .set('Authorization', `Bearer ${w.user.token}`)
      .set('Content-Type', 'application/json; charset=utf-8')
      .send(JSON.stringify({ orgId: w.orgA.orgId, projectName: 'charset' }))
      .expect(201);
  });

  it('rejects a JSON body that is not an object with 400', async () => {
    const res = await t.as(w.user.token).post('/project/create', [1, 2]).expect(400);
    expect(res.body.error).toMatch(/^Invalid request: /);
  });
});

describe('finding the route', () => {
  // Paths as the OpenAPI document does not spell them: sent past the response check.
  const unchecked = () => supertest(t.app);
  it('matches paths as an Express router would: any case, one trailing slash, HEAD by GET', async () => {
    const orgs = (await t.as(w.reader.token).get('/orgs').expect(200)).body.data;
    for (const path of ['/api/v1/ORGS', '/api/v1/orgs/', '/api/v1/Orgs/']) {
      const res = await unchecked().get(path).set('Authorization', `Bearer ${w.reader.token}`).expect(200);
      expect(res.body.data).toEqual(orgs);
    }
    const head = await unchecked().head('/api/v1/orgs').set('Authorization', `Bearer ${w.reader.token}`).expect(200);
    expect(head.headers['content-type']).toMatch(/^application\/json/);
    expect(head.text ?? '').toBe('');
  });

  it('answers OPTIONS with the methods a path allows, and 404 to a method or path it does not', async () => {
    const options = await unchecked().options('/api/v1/project/create').expect(200);
    expect(options.headers.allow).toBe('POST');
    expect((await unchecked().options('/api/v1/orgs').expect(200)).headers.allow).toBe('GET, HEAD');
    const wrongMethod = await unchecked().delete('/api/v1/orgs').set('Authorization', `Bearer ${w.reader.token}`).expect(404);
    expect(wrongMethod.body).toMatchObject({ status: 404, code: 'route_not_found' });
    expect((await unchecked().get('/api/v1/orgs//').set('Authorization', `Bearer ${w.reader.token}`).expect(404)).body.code).toBe(
      'route_not_found',
    );
  });
});

describe('envelopes and headers', () => {
  it('answers an unknown route with a 404 envelope', async () => {
    const res = await t.as(w.reader.token).get('/no/such/route').expect(404);
    expect(res.body).toEqual({ error: 'Route not found', status: 404, code: 'route_not_found' });
    await t.http.get('/nowhere').expect(404, { error: 'Route not found', status: 404, code: 'route_not_found' });
  });

  it('sends helmet security headers on every response', async () => {
    for (const res of [await t.http.get('/healthz'), await t.as(w.reader.token).get('/orgs'), await t.http.get('/api/v1/orgs')]) {
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
      expect(res.headers['x-powered-by']).toBeUndefined();
    }
  });

  it('compresses large responses for clients that accept gzip, not for others', async () => {
    const gz = await t.http.get('/api/v1/openapi.json').set('Accept-Encoding', 'gzip').expect(200);
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.body.openapi).toMatch(/^3\.0/);
    const plain = await t.http.get('/api/v1/openapi.json').set('Accept-Encoding', 'identity').expect(200);
    expect(plain.headers['content-encoding']).toBeUndefined();
  });

  it('gzips a large API answer in one piece, with its length, and only for a client that takes gzip', async () => {
    const testIds = await createTests(t.db, w.projectA.projectId, 30);
    const path = `/api/v1/project/tests?projectId=${w.projectA.projectId}&limit=30`;
    const asked = (encoding: string) =>
      t.http.get(path).set('Authorization', `Bearer ${w.reader.token}`).set('Accept-Encoding', encoding).buffer(true).expect(200);
    const gz = await asked('gzip, deflate');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/Accept-Encoding/i);
    // Whole, not chunked: the length is the compressed body's, and it is far below the text's.
    expect(gz.headers['transfer-encoding']).toBeUndefined();
    const plain = await asked('identity');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(Number(plain.headers['content-length'])).toBe(Buffer.byteLength(plain.text));
    expect(Number(gz.headers['content-length'])).toBeLessThan(Number(plain.headers['content-length']) / 3);
    expect(gz.body).toEqual(plain.body);
    expect(gz.body.data.tests).toHaveLength(30);
    // q=0 refuses an encoding (RFC 9110): sent as it is.
    const refused = await asked('gzip;q=0, identity');
    expect(refused.headers['content-encoding']).toBeUndefined();
    // Asked again at the same version: the kept answer, gzipped once for the first answer and the cache alike.
    const kept = await asked('gzip');
    expect(kept.headers['content-encoding']).toBe('gzip');
    expect(kept.headers['content-length']).toBe(gz.headers['content-length']);
    expect(kept.body).toEqual(plain.body);
    // A download (a run's report, HTML) is compressed too.
    const run = await startRun(t, w.user.token, w.projectA.projectId, testIds, 'Gzip run');
    const report = await t.http
      .get(`/api/v1/run/report?runId=${run.runId}&projectId=${w.projectA.projectId}&format=html`)
      .set('Authorization', `Bearer ${w.reader.token}`)
      .set('Accept-Encoding', 'gzip')
      .expect(200);
    expect(report.headers['content-encoding']).toBe('gzip');
    expect(report.text).toContain('Gzip run');
  });

  it('serves healthz and readyz', async () => {
    await t.http.get('/healthz').expect(200, { data: { ok: true }, status: 200 });
    await t.http.get('/readyz').expect(200, { data: { ok: true }, status: 200 });
  });
});

describe('request logs', () => {
  it('record method, path and status, but never tokens, cookies or query strings', async () => {
    await t.as(w.reader.token).get('/projects', { orgId: w.orgA.orgId }).expect(200);
    await t.http.get('/api/v1/orgs').set('Cookie', 'user_session=secret-session-value').expect(401);
    await t.http.get('/api/v1/orgs').query({ token: w.admin.token }).expect(401);
    const text = logLines.join('');
    expect(text).toContain('"path":"/api/v1/projects"');
    expect(text).toContain('"statusCode":401');
    expect(text).not.toContain(w.reader.token);
    expect(text).not.toContain(w.admin.token);
    expect(text).not.toContain('secret-session-value');
    expect(text).not.toMatch(/authorization/i);
  });
});
