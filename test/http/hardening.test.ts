import { createSession } from '../../src/auth/sessions';
import { createTestApp, type TestApp } from '../support/app';
import { createWorld, type World } from '../support/factories';

let t: TestApp;
let w: World;
beforeAll(async () => {
  t = await createTestApp({ PUBLIC_URL: 'http://localhost:3000' });
  w = await createWorld(t.db);
});
afterAll(() => t.close());

describe('caching and transport headers', () => {
  it('marks API answers, success and error alike, no-store', async () => {
    const responses = [
      await t.as(w.reader.token).get('/orgs').expect(200),
      await t.as(w.reader.token).get('/project/detail', { projectId: w.projectB.projectId }).expect(404),
      await t.http.get('/api/v1/orgs').expect(401),
      await t.as(w.reader.token).get('/no/such/route').expect(404),
      await t.http.get('/api/v1/openapi.json').expect(200),
    ];
    for (const res of responses) expect(res.headers['cache-control']).toBe('no-store');
  });

  it('marks the token a session generates no-store', async () => {
    const session = await createSession(t.db, w.reader.userId, 60_000);
    const res = await t.http
      .post('/api/v1/token/generate')
      .set('Cookie', `user_session=${session.secret}`)
      .send({ userId: w.reader.userId, name: 'cache' })
      .expect(201);
    expect(res.body.data.token).toMatch(/^cb_/);
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('marks the routes that start and end sessions no-store', async () => {
    for (const path of ['/auth/login', '/auth/callback']) {
      expect((await t.http.get(path)).headers['cache-control']).toBe('no-store');
    }
    const out = await t.http.post('/logout').set('Accept', 'application/json').expect(200);
    expect(out.headers['cache-control']).toBe('no-store');
  });

  it('sends no HSTS when the public URL is http', async () => {
    for (const res of [await t.http.get('/healthz'), await t.as(w.reader.token).get('/orgs')]) {
      expect(res.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('sends HSTS when the public URL is https', async () => {
    const secure = await createTestApp({ PUBLIC_URL: 'https://casebook.example' });
    try {
      const res = await secure.http.get('/healthz').expect(200);
      expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
    } finally {
      await secure.close();
    }
  });
});
