import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createHttpClient, retryText, type RetryNotice } from '../../src/mcp/http-client';
import { createTestApp, type TestApp } from '../support/app';
import { listenOnPort, runCliInProcess } from '../support/cli';
import { createOrg, createUser } from '../support/factories';

// The clients' side of the rate limit: the `casebook` command and the MCP tool server's REST client
// wait as long as a 429's Retry-After says and send again, a bounded number of times, saying so,
// against the real server with a limit of 2 requests in a window of 2 seconds.

const LIMIT = 2;

let t: TestApp;
let server: Awaited<ReturnType<typeof listenOnPort>>;
let orgId: number;
let admin: string;
let dir: string;

beforeAll(async () => {
  t = await createTestApp({}, { config: { rateLimit: { perCredential: LIMIT, perAddress: 100, windowMs: 2000 } } });
  server = await listenOnPort(t.app);
  orgId = (await createOrg(t.db)).orgId;
  admin = (await createUser(t.db, 'Admin', [orgId])).token;
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'casebook-rate-'));
});
afterAll(async () => {
  await server.close();
  await t.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** A User's token with its count spent: its next request is a 429. */
async function spentToken(role: 'User' | 'Admin' = 'User'): Promise<string> {
  const { token } = await createUser(t.db, role, [orgId]);
  for (let i = 0; i < LIMIT; i++) await t.as(token).get('/orgs').expect(200);
  await t.as(token).get('/orgs').expect(429);
  return token;
}

// Projects are made with the Admin's token, which a spent token does not touch; one at a time, within its own limit.
async function newProject(): Promise<number> {
  for (;;) {
    const res = await t.as(admin).post('/project/create', { orgId, projectName: `P${Math.random()}` });
    if (res.status === 201) return res.body.data.projectId as number;
    expect(res.status).toBe(429);
    await new Promise((resolve) => setTimeout(resolve, Number(res.headers['retry-after']) * 1000));
  }
}

const waitLine = /casebook: the server is rate limiting this token \(429\); waiting [12] s, then retry 1 of 3\n/;

describe('casebook', () => {
  it('import csv waits out a 429 and sends the file again, saying so', async () => {
    const projectId = await newProject();
    const token = await spentToken();
    const file = path.join(dir, 'tests.csv');
    fs.writeFileSync(file, 'Title,Section\nPay by card,Checkout\nRefund,Checkout\n');
    const res = await runCliInProcess(['import', 'csv', file, '--url', server.url, '--token', token, '--project', String(projectId)], {});
    expect(res.stderr).toMatch(waitLine);
    expect(res.code).toBe(0);
    expect(res.stderr).toMatch(/imported: 2 tests created/);
    expect(await t.db.test.count({ where: { projectId } })).toBe(2);
  });

  it('import junit waits out a 429 and sends the report again: one run', async () => {
    const projectId = await newProject();
    const token = await spentToken();
    const file = path.join(dir, 'report.xml');
    fs.writeFileSync(
      file,
      '<testsuite name="api" tests="2"><testcase classname="api" name="a"/><testcase classname="api" name="b"/></testsuite>',
    );
    const res = await runCliInProcess(['import', 'junit', file, '--url', server.url, '--token', token, '--project', String(projectId)], {});
    expect(res.stderr).toMatch(waitLine);
    expect(res.code).toBe(0);
    expect(await t.db.run.count({ where: { projectId } })).toBe(1);
  });

  it('import junit with an attachment sends the multipart body again whole: the file is attached once', async () => {
    const projectId = await newProject();
    const token = await spentToken();
    const files = path.join(dir, 'files');
    fs.mkdirSync(files, { recursive: true });
    // Big enough to be still on its way when the 429 comes back.
    fs.writeFileSync(path.join(files, 'big.log'), Buffer.alloc(3 * 1024 * 1024, 'log line\n'));
    const file = path.join(dir, 'with-file.xml');
    fs.writeFileSync(
      file,
      '<testsuite name="ui" tests="1"><testcase classname="ui" name="logs in">' +
        '<properties><property name="attachment" value="big.log"/></properties></testcase></testsuite>',
    );
    const res = await runCliInProcess(
      [
        'import',
        'junit',
        file,
        '--url',
        server.url,
        '--token',
        token,
        '--project',
        String(projectId),
        '--attachments-dir',
        files,
        '--create-missing',
      ],
      {},
    );
    expect(res.stderr).toMatch(waitLine);
    expect(res.code).toBe(0);
    const runs = await t.db.run.findMany({ where: { projectId } });
    expect(runs).toHaveLength(1);
    const attached = await t.db.attachment.findMany({ where: { runId: runs[0].runId } });
    expect(attached.map((a) => [a.fileName, a.size])).toEqual([['big.log', 3 * 1024 * 1024]]);
  });

  it('gives up after CASEBOOK_MAX_RETRIES: with 0, the 429 is the answer and nothing is imported', async () => {
    const projectId = await newProject();
    const token = await spentToken();
    const file = path.join(dir, 'once.csv');
    fs.writeFileSync(file, 'Title\nOnce\n');
    const res = await runCliInProcess(['import', 'csv', file, '--url', server.url, '--token', token, '--project', String(projectId)], {
      CASEBOOK_MAX_RETRIES: '0',
    });
    expect(res.code).toBe(1);
    expect(res.stderr).toMatch(/casebook: the server answered 429: Too many requests/);
    expect(res.stderr).not.toMatch(/rate limiting/);
    expect(await t.db.test.count({ where: { projectId } })).toBe(0);
  });
});

describe("the MCP tool server's REST client", () => {
  it('waits out a 429 rate_limited, tells onRetry, and gets the answer', async () => {
    const token = await spentToken();
    const notices: RetryNotice[] = [];
    const client = createHttpClient({
      baseUrl: server.url,
      token,
      maxRetries: 3,
      timeoutMs: 5000,
      kept: null,
      onRetry: (r) => notices.push(r),
    });
    const read = await client.request({ method: 'GET', path: '/orgs' });
    expect(read.status).toBe(200);
    expect(read.attempts).toBe(2);
    expect(notices).toEqual([
      expect.objectContaining({ method: 'GET', path: '/orgs', status: 429, code: 'rate_limited', retry: 1, maxRetries: 3 }),
    ]);
    expect(notices[0].waitMs).toBeGreaterThanOrEqual(1000);
    expect(notices[0].waitMs).toBeLessThanOrEqual(2000);
    expect(retryText(notices[0])).toMatch(
      /^Casebook is rate limiting this token \(429 rate_limited\) on GET \/orgs: waiting [12]\.\d s, then retry 1 of 3$/,
    );
  });

  it('sends a write refused with 429 again: it is done once', async () => {
    const token = await spentToken('Admin');
    const client = createHttpClient({ baseUrl: server.url, token, maxRetries: 3, timeoutMs: 5000, kept: null });
    const projectName = `Written once ${Math.random()}`;
    const res = await client.request({ method: 'POST', path: '/project/create', body: { orgId, projectName } });
    expect([res.status, res.attempts]).toEqual([201, 2]);
    expect(await t.db.project.count({ where: { projectName } })).toBe(1);
  });

  it('returns the 429 when no retry is left', async () => {
    const token = await spentToken();
    const client = createHttpClient({ baseUrl: server.url, token, maxRetries: 0, timeoutMs: 5000, kept: null });
    const res = await client.request({ method: 'GET', path: '/orgs' });
    expect([res.status, res.attempts]).toEqual([429, 1]);
    expect(JSON.parse(res.body.toString()).code).toBe('rate_limited');
  });
});
