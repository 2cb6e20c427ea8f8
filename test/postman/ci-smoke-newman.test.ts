import type { AddressInfo } from 'node:net';
import type http from 'node:http';
import path from 'node:path';
import { createTestApp, type TestApp } from '../support/app';
import { createOrg, createUser } from '../support/factories';

// The CI smoke collection, run by newman's Node API against the app on a test
// database (.ci/newman.sh runs the same collection against `casebook serve`
// on the embedded database).

interface NewmanSummary {
  run: {
    stats: { requests: { total: number; failed: number }; assertions: { total: number; failed: number } };
    failures: { error: { name: string; message: string }; source?: { name?: string } }[];
  };
}
// newman ships no type declarations.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const newman = require('newman') as { run(options: object, done: (err: Error | null, summary: NewmanSummary) => void): void };

const postman = path.resolve(__dirname, '../../postman');
let t: TestApp;
let server: http.Server;
let token: string;

beforeAll(async () => {
  t = await createTestApp();
  const org = await createOrg(t.db);
  token = (await createUser(t.db, 'Admin', [org.orgId])).token;
  server = t.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
  await t.close();
});

function runCollection(envVar: { key: string; value: string }[]): Promise<NewmanSummary> {
  return new Promise((resolve, reject) => {
    newman.run(
      {
        collection: path.join(postman, 'ci-smoke.postman_collection.json'),
        environment: path.join(postman, 'casebook.localhost.postman_environment.json'),
        envVar,
        reporters: [],
        timeoutRequest: 10_000,
      },
      (err, summary) => (err ? reject(err) : resolve(summary)),
    );
  });
}

it('passes every assertion of the CI smoke collection', async () => {
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const summary = await runCollection([
    { key: 'baseUrl', value: baseUrl },
    { key: 'token', value: token },
  ]);
  const failures = summary.run.failures.map((f) => `${f.source?.name}: ${f.error.name}: ${f.error.message}`);
  expect(failures).toEqual([]);
  expect(summary.run.stats.requests).toMatchObject({ total: 14, failed: 0 });
  expect(summary.run.stats.assertions.total).toBeGreaterThanOrEqual(25);
});

it('fails when the token is wrong, so its assertions can fail', async () => {
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const summary = await runCollection([
    { key: 'baseUrl', value: baseUrl },
    { key: 'token', value: 'cb_not-a-token' },
  ]);
  expect(summary.run.stats.assertions.failed).toBeGreaterThan(0);
  expect(summary.run.failures.map((f) => f.source?.name)).toContain('List my organizations');
});
