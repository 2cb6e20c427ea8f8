import { ANSWER_BUDGET } from '../../src/mcp/answer-budget';
import { tools } from '../../src/mcp/tools';
import { CORE_TOOLS, TOOLSETS } from '../../src/mcp/toolsets';
import { createWorld } from '../support/factories';
import { connectMcp, connectMcpHttp, errorOf, startRealApp, type McpSession, type RunningApp } from './support';

// What a client gets without naming tool sets: the core set, small enough for clients
// that cap their tool list and cheap to send on every session, with the server's
// instructions; and every tool, core or not, with an output schema its answers match.

const env = { CASEBOOK_URL: 'http://127.0.0.1:9', CASEBOOK_TOKEN: 'cb_default_tools' };
const names = (list: { name: string }[]) => list.map((t) => t.name);

let core: McpSession;
let all: McpSession;

beforeAll(async () => {
  [core, all] = await Promise.all([connectMcp(env), connectMcp(env, ['--toolsets', 'all'])]);
});
afterAll(async () => {
  await Promise.all([core?.close(), all?.close()]);
});

describe('the default tool list', () => {
  it('is the core set: at most 30 tools, the tools/list answer under 25,000 characters', async () => {
    const listed = await core.client.listTools();
    expect(names(listed.tools)).toEqual([...CORE_TOOLS]);
    expect(listed.tools.length).toBeLessThanOrEqual(30);
    expect(JSON.stringify(listed).length).toBeLessThan(25_000);
  });

  it('holds the tools of the common questions, the merged ones among them', () => {
    for (const name of ['get-project-context', 'get-run', 'get-run-tests', 'get-test-stability', 'get-run-comparison', 'import-junit'])
      expect(CORE_TOOLS).toContain(name);
    // The tools they merge stay in their sets, not in the core.
    for (const name of ['run-detail', 'get-run-state-detail', 'get-run-tests-list', 'get-run-test-status', 'get-labels', 'get-sections'])
      expect(CORE_TOOLS).not.toContain(name);
    for (const name of CORE_TOOLS) expect(tools.map((t) => t.name)).toContain(name);
  });

  it('sends its schemas without the boilerplate of each: no $schema, no integer bounds, no additionalProperties', async () => {
    const text = JSON.stringify(await all.client.listTools());
    expect(text).not.toContain('$schema');
    expect(text).not.toContain(String(Number.MAX_SAFE_INTEGER));
    expect(text).not.toContain('"additionalProperties":false');
    expect(text).not.toContain('"exclusiveMinimum":0');
  });
});

describe('the server instructions', () => {
  it('say at initialize what Casebook is, where ids come from, how answers page, which tool answers what', () => {
    const instructions = core.client.getInstructions() ?? '';
    expect(instructions).toContain('test manager');
    expect(instructions).toContain('get-project-context');
    expect(instructions).toContain(String(ANSWER_BUDGET));
    expect(instructions).toContain('nextOffset');
    expect(instructions).toContain('get-test-stability');
    expect(instructions).toContain('--toolsets');
    expect(instructions.length).toBeLessThan(2500);
    // Every tool the instructions name is a tool of the core set.
    const named = new Set(instructions.match(/\b(?:get|run|bulk|import|create|add)-[a-z-]+\b/g));
    expect([...named].filter((n) => !(CORE_TOOLS as readonly string[]).includes(n))).toEqual([]);
  });

  it('are the same over HTTP', async () => {
    const app: RunningApp = await startRealApp({ mcp: true });
    try {
      const w = await createWorld(app.db);
      const remote = await connectMcpHttp(app.url, w.reader.token);
      try {
        expect(remote.client.getInstructions()).toBe(core.client.getInstructions());
        expect(names((await remote.client.listTools()).tools)).toEqual([...CORE_TOOLS]);
      } finally {
        await remote.close();
      }
    } finally {
      await app.close();
    }
  });
});

describe('every tool', () => {
  it('is reachable through the tool sets, and all of them list every tool with an output schema', async () => {
    const listed = (await all.client.listTools()).tools;
    expect(names(listed)).toEqual(names(tools));
    expect(TOOLSETS).toContain('all');
    for (const tool of listed) {
      expect([tool.name, tool.outputSchema?.type]).toEqual([tool.name, 'object']);
      expect([tool.name, typeof tool.outputSchema?.properties]).toEqual([tool.name, 'object']);
    }
  });

  it('answers a failure without structured content, which the client accepts', async () => {
    // Nothing listens at the REST address: the call fails, and the client (which checks outputs) takes it.
    const failed = await all.call('get-run', { runId: 1, projectId: 1 });
    expect(failed.structuredContent).toBeUndefined();
    expect(errorOf(failed).message).toContain('127.0.0.1:9');
    // Not an id nor a name: refused by the tool's schema before any call.
    const invalid = await all.call('get-project-context', { projectId: false });
    expect(invalid.structuredContent).toBeUndefined();
    expect(errorOf(invalid).message).toContain('projectId');
  });
});
