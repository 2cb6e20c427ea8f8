import { createTestApp, type TestApp } from '../support/app';
import { createWorld, type World } from '../support/factories';
import { createTestDatabase } from '../support/postgres';
import { startTcpProxy } from '../support/tcp-proxy';

// PostgreSQL goes away: /readyz and the API say 503, and both recover by
// themselves when it is back, without a restart.
let t: TestApp;
let w: World;
let proxy: Awaited<ReturnType<typeof startTcpProxy>>;
let dropDatabase: () => Promise<void>;

beforeAll(async () => {
  const database = await createTestDatabase();
  dropDatabase = () => database.drop();
  const direct = new URL(database.url);
  proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) });
  const viaProxy = new URL(database.url);
  viaProxy.port = String(proxy.port);
  t = await createTestApp({ DATABASE_URL: viaProxy.toString(), DATABASE_CONNECT_TIMEOUT_MS: '1000' });
  w = await createWorld(t.db);
});
afterAll(async () => {
  await proxy.up();
  await t.close();
  await dropDatabase();
  await proxy.down();
});

async function eventually(check: () => Promise<boolean>, attempts = 40): Promise<boolean> {
  for (let i = 0; i < attempts; i++) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 250));
  }
  return false;
}

it('answers 503 while the database is unreachable and recovers when it returns', async () => {
  await t.http.get('/readyz').expect(200);
  await t.as(w.reader.token).get('/orgs').expect(200);

  await proxy.down();
  const ready = await t.http.get('/readyz');
  expect(ready.status).toBe(503);
  expect(ready.body).toEqual({ error: 'Service unavailable', status: 503, code: 'database_unavailable' });
  const api = await t.as(w.reader.token).get('/orgs');
  expect(api.body).toEqual({ error: 'Service unavailable', status: 503, code: 'database_unavailable' });
  await t.http.get('/healthz').expect(200);

  await proxy.up();
  expect(await eventually(async () => (await t.http.get('/readyz')).status === 200)).toBe(true);
  expect(await eventually(async () => (await t.as(w.reader.token).get('/orgs')).status === 200)).toBe(true);
});
