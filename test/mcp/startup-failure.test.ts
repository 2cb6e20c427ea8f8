import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ALL_TOOLS, connectMcp, errorOf, type McpSession } from './support';

// `casebook mcp` without CASEBOOK_URL starts the app in its own process. When that
// fails (here: the embedded database is held by a running `casebook serve`), the tool
// server still starts, lists its tools and answers every call with the reason and the
// fix, so the assistant's user reads them instead of "Connection closed".

const bin = path.resolve(__dirname, '../../bin/casebook.js');
jest.setTimeout(120_000);

let dataDir: string;
let serve: ChildProcessWithoutNullStreams;

/** `casebook serve` on the embedded database of dataDir, once it says it is serving. */
function startServe(): Promise<ChildProcessWithoutNullStreams> {
  const child = spawn(process.execPath, [bin, 'serve'], {
    env: { PATH: process.env.PATH ?? '', CASEBOOK_DATA_DIR: dataDir, PORT: '0', LOG_LEVEL: 'info' },
  });
  return new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('Casebook is serving')) resolve(child);
    });
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    child.on('exit', (code) => reject(new Error(`serve exited with ${code}: ${out}`)));
  });
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'casebook-mcp-locked-'));
  serve = await startServe();
});
afterAll(async () => {
  if (serve && serve.exitCode === null) {
    const exited = new Promise((r) => serve.once('exit', r));
    serve.kill('SIGTERM');
    await exited;
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the embedded database held by a running server', () => {
  let mcp: McpSession;
  beforeAll(async () => {
    mcp = await connectMcp(
      { CASEBOOK_DATA_DIR: dataDir, CASEBOOK_TOKEN: 'cb_not_checked', PUBLIC_URL: 'http://localhost:3000' },
      ALL_TOOLS,
    );
  });
  afterAll(() => mcp?.close());

  it('still lists the tools', async () => {
    const { tools } = await mcp.client.listTools();
    expect(tools.map((t) => t.name)).toEqual(expect.arrayContaining(['get-orgs-list', 'create-test', 'get-audit']));
  });

  it('answers every call with the reason and the fix, valid arguments or not', async () => {
    for (const [name, args] of [
      ['get-orgs-list', {}],
      ['create-test', { projectId: 1, testName: 'x', priority: 'High' }],
      ['get-tests', { projectId: 'not a number' }],
    ] as const) {
      const { message, tip } = errorOf(await mcp.call(name, args));
      expect(message).toBe(
        'The tool server could not start Casebook in its own process (CASEBOOK_URL is not set): ' +
          `The embedded database in ${dataDir} is already open in another Casebook process (pid ${serve.pid}). ` +
          'Stop that process, or set CASEBOOK_DATA_DIR to another directory or DATABASE_URL to a PostgreSQL server.',
      );
      expect(tip).toContain('set CASEBOOK_URL to its address (e.g. http://localhost:3000)');
      expect(tip).toContain('or stop that Casebook, then restart the tool server');
    }
    expect(mcp.transportErrors).toEqual([]);
    expect(mcp.stderr()).toContain('Casebook could not start in the tool server');
  });

  it('leaves the running server and its database alone', () => {
    expect(serve.exitCode).toBeNull();
    expect(fs.readFileSync(path.join(dataDir, 'casebook.lock'), 'utf8')).toBe(String(serve.pid));
  });
});

it('says to check the database settings when the database is out of reach', async () => {
  // Nothing listens on port 1: the database cannot be reached at all.
  const mcp = await connectMcp({ DATABASE_URL: 'postgresql://postgres@127.0.0.1:1/casebook', CASEBOOK_TOKEN: 'cb_not_checked' }, ALL_TOOLS);
  try {
    const { message, tip } = errorOf(await mcp.call('get-orgs-list'));
    expect(message).toMatch(/^The tool server could not start Casebook in its own process \(CASEBOOK_URL is not set\): ./);
    expect(tip).toContain('DATABASE_URL');
    expect(tip).toContain('CASEBOOK_URL');
  } finally {
    await mcp.close();
  }
});
