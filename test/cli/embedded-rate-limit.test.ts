import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startServe, type ServeProcess } from '../support/cli';

// The rate limit on the embedded database (PGlite, `npm start` without DATABASE_URL): the same
// store as on PostgreSQL, over the adapter of src/db/sql-client.ts, counts and refuses.

let dataDir: string;
let serve: ServeProcess | undefined;
beforeAll(() => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casebook-rate-'));
});
afterAll(async () => {
  await serve?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

it('counts a token’s requests in the embedded database and answers 429 rate_limited past the limit', async () => {
  serve = await startServe({ CASEBOOK_DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: '3', LOGIN_RATE_LIMIT_PER_MINUTE: '2' }, 60_000);
  const { url, token } = serve;
  const get = () => fetch(`${url}/api/v1/orgs`, { headers: { Authorization: `Bearer ${token}` } });
  for (const remaining of ['2', '1', '0']) {
    const res = await get();
    expect(res.status).toBe(200);
    expect(res.headers.get('ratelimit-remaining')).toBe(remaining);
  }
  const refused = await get();
  expect(refused.status).toBe(429);
  expect(await refused.json()).toMatchObject({ status: 429, code: 'rate_limited' });
  expect(Number(refused.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
  expect(refused.headers.get('ratelimit-limit')).toBe('3');

  const signIn = () =>
    fetch(`${url}/auth/token`, {
      method: 'POST',
      headers: { Accept: 'application/json', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'token=cb_guess',
    });
  expect((await signIn()).status).toBe(401);
  expect((await signIn()).status).toBe(401);
  expect((await signIn()).status).toBe(429);
  expect((await fetch(`${url}/healthz`)).status).toBe(200);
});
