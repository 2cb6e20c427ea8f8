import { spawn } from 'node:child_process';
import path from 'node:path';
import { createWorld, type World } from '../support/factories';
import { childEnv, ALL_TOOLS, connectMcp, dataOf, errorOf, startRealApp, type RunningApp } from './support';
import { envelope, failWith, startStub, type StubServer } from './stub-server';

// The `casebook mcp` process itself: retries seen from outside, the start-up
// check of the token, and the in-process app with nothing but protocol on stdout.

const bin = path.resolve(__dirname, '../../bin/casebook.js');

interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** Runs `casebook mcp`, writes `lines` to its stdin, and closes stdin once `until` holds for stdout. */
function runRaw(env: Record<string, string>, lines: object[], until: (stdout: string) => boolean): Promise<Finished> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [bin, 'mcp'], { env: childEnv(env), cwd: path.dirname(bin) });
    let stdout = '';
    let stderr = '';
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`no answer in time; stdout:\n${stdout}\nstderr:\n${stderr}`));
    }, 45_000);
    child.stdout.on('data', (c: Buffer) => {
      stdout += c.toString();
      if (until(stdout)) child.stdin.end();
    });
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    child.stdin.on('error', () => {}); // the process may be gone already
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
    for (const line of lines) child.stdin.write(`${JSON.stringify(line)}\n`);
  });
}

describe('against a stub server', () => {
  let stub: StubServer;
  beforeAll(async () => {
    stub = await startStub();
  });
  afterAll(() => stub.close());

  it('succeeds after two 503s, and makes one request for a 400', async () => {
    const mcp = await connectMcp({ CASEBOOK_URL: stub.url, CASEBOOK_TOKEN: 'cb_stub' }, ALL_TOOLS);
    try {
      stub.script(failWith(503, 'Service unavailable'), failWith(503, 'Service unavailable'), envelope([{ orgId: 1, orgName: 'Stub' }]));
      expect(dataOf(await mcp.call('get-orgs-list'))).toEqual({
        items: [{ orgId: 1, orgName: 'Stub' }],
        total: 1,
        limit: 50,
        offset: 0,
        returned: 1,
        hasMore: false,
      });
      expect(stub.seen.map((r) => `${r.method} ${r.url}`)).toEqual(Array(3).fill('GET /api/v1/orgs'));
      expect(stub.seen[0].headers.authorization).toBe('Bearer cb_stub');

      stub.script(failWith(400, 'Invalid request: title: Must not be empty'));
      const { message, tip } = errorOf(await mcp.call('create-test', { projectId: 3, testName: ' ' }));
      expect(stub.seen).toHaveLength(1);
      expect(JSON.parse(stub.seen[0].body)).toEqual({ projectId: 3, title: ' ' });
      expect(message).toBe('Invalid request: testName: Must not be empty');
      expect(tip).toContain('Fix testName');
    } finally {
      await mcp.close();
    }
  });

  it('stops after CASEBOOK_MAX_RETRIES and says to retry later', async () => {
    const mcp = await connectMcp({ CASEBOOK_URL: stub.url, CASEBOOK_TOKEN: 'cb_stub', CASEBOOK_MAX_RETRIES: '1' }, ALL_TOOLS);
    try {
      stub.script(failWith(503, 'Service unavailable'));
      const { message, tip } = errorOf(await mcp.call('get-runs', { projectId: 3 }));
      expect(stub.seen).toHaveLength(2);
      expect(message).toBe('Service unavailable');
      expect(tip).toContain('HTTP 503, 2 attempts');
      expect(tip).toContain('Retry later');
    } finally {
      await mcp.close();
    }
  });
});

it('exits at start without CASEBOOK_TOKEN, saying so on stderr and nothing on stdout', async () => {
  const run = await runRaw({ CASEBOOK_URL: 'http://127.0.0.1:1' }, [], () => false);
  expect(run.code).not.toBe(0);
  expect(run.stdout).toBe('');
  expect(run.stderr).toContain('CASEBOOK_TOKEN is not set');
  expect(run.stderr).toContain('casebook token create');
});

describe('without CASEBOOK_URL: the app in the same process', () => {
  let app: RunningApp;
  let w: World;
  beforeAll(async () => {
    app = await startRealApp(); // only for its database and factories; the tool server starts its own app
    w = await createWorld(app.db);
  });
  afterAll(() => app.close());

  it('answers tools from the configured database, with logs on stderr only', async () => {
    const env = { CASEBOOK_TOKEN: w.user.token, DATABASE_URL: app.databaseUrl, DATABASE_POOL_SIZE: '2', LOG_LEVEL: 'info' };
    const run = await runRaw(
      env,
      [
        {
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } },
        },
        { jsonrpc: '2.0', method: 'notifications/initialized' },
        {
          jsonrpc: '2.0',
          id: 2,
          method: 'tools/call',
          params: { name: 'get-project-context', arguments: { projectId: w.projectA.projectId } },
        },
      ],
      (stdout) => stdout.includes('"id":2'),
    );
    const messages = run.stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line) as { jsonrpc: string; id?: number; result?: { content: { text: string }[] } });
    expect(messages.map((m) => [m.jsonrpc, m.id])).toEqual([
      ['2.0', 1],
      ['2.0', 2],
    ]);
    const project = JSON.parse(messages[1].result!.content[0].text) as { projectId: number; projectName: string };
    expect(project).toMatchObject({ projectId: w.projectA.projectId, projectName: w.projectA.projectName });
    // Request logs exist, and they went to stderr.
    expect(run.stderr).toContain('/api/v1/project/context');
    expect(run.code).toBe(0);
  });

  it('works through the SDK client too', async () => {
    const mcp = await connectMcp({ CASEBOOK_TOKEN: w.reader.token, DATABASE_URL: app.databaseUrl, DATABASE_POOL_SIZE: '2' }, ALL_TOOLS);
    try {
      expect(dataOf<{ items: { orgId: number }[] }>(await mcp.call('get-orgs-list')).items.map((o) => o.orgId)).toEqual([w.orgA.orgId]);
      expect(errorOf(await mcp.call('create-project', { orgId: w.orgA.orgId, projectName: 'x' })).message).toBe(
        'Forbidden - User does not have access',
      );
      expect(mcp.transportErrors).toEqual([]);
    } finally {
      await mcp.close();
    }
  });
});
