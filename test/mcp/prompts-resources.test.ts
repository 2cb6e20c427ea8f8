import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { PROMPTS, TOOL } from '../../src/mcp/prompts';
import { RESOURCE_NOT_FOUND } from '../../src/mcp/resources';
import { toolsByName } from '../../src/mcp/tools';
import { createWorld, type World } from '../support/factories';
import { connectMcp, connectMcpHttp, restAs, type McpSession, type RunningApp, startRealApp } from './support';

// Prompts (the frequent jobs, as plans naming the tools) and resources (casebook:// addresses
// read without a tool call) through the real `casebook mcp` and the SDK's client.

type Rec = Record<string, unknown>;

let app: RunningApp;
let w: World;
let mcp: McpSession;
let projectId: number;
let runId: number;
let testId: number;

beforeAll(async () => {
  app = await startRealApp({ mcp: true });
  w = await createWorld(app.db);
  projectId = w.projectA.projectId;
  const rest = (method: string, path: string, body?: unknown) => restAs(app.url, w.user.token).call<Rec>(method, path, body);
  const testIds = (
    await rest('POST', '/test/bulk-add', { projectId, tests: [{ title: 'Login', steps: 'Open the page' }, { title: 'Logout' }] })
  ).testIds as number[];
  testId = testIds[0];
  runId = Number((await rest('POST', '/run/create', { projectId, runName: 'Smoke', testIds })).runId);
  await rest('PUT', '/run/update-test-status', { projectId, runId, testResults: [{ testId, status: 'failed', comment: 'Timeout' }] });
  mcp = await connectMcp({ CASEBOOK_URL: app.url, CASEBOOK_TOKEN: w.reader.token });
}, 120_000);

afterAll(async () => {
  await mcp?.close();
  await app?.close();
});

describe('prompts', () => {
  it('lists the frequent jobs with their arguments', async () => {
    const { prompts } = await mcp.client.listPrompts();
    expect(prompts.map((p) => p.name)).toEqual([
      'triage-latest-run',
      'summarize-release',
      'find-flaky-tests',
      'plan-regression-run',
      'what-changed',
    ]);
    const args = Object.fromEntries(prompts.map((p) => [p.name, (p.arguments ?? []).map((a) => `${a.name}${a.required ? '*' : ''}`)]));
    expect(args).toEqual({
      'triage-latest-run': ['projectId*', 'runId'],
      'summarize-release': ['projectId*', 'milestone*'],
      'find-flaky-tests': ['projectId*', 'window'],
      'plan-regression-run': ['projectId*', 'change*'],
      'what-changed': ['projectId*', 'since'],
    });
  });

  it('names only tools of the full tool set, so a renamed tool fails here', () => {
    for (const name of Object.values(TOOL)) expect([name, toolsByName.has(name)]).toEqual([name, true]);
  });

  const given: Record<string, Record<string, string>> = {
    'triage-latest-run': { projectId: '3' },
    'summarize-release': { projectId: '3', milestone: 'Release 2.4' },
    'find-flaky-tests': { projectId: '3', window: '20' },
    'plan-regression-run': { projectId: '3', change: 'The saved cards form now validates the expiry date' },
    'what-changed': { projectId: '3' },
  };

  it.each(PROMPTS.map((p) => p.name))('%s: a short plan naming existing tools, with the arguments given', async (name) => {
    const prompt = await mcp.client.getPrompt({ name, arguments: given[name] });
    expect(prompt.messages).toHaveLength(1);
    const [message] = prompt.messages;
    expect(message.role).toBe('user');
    const text = (message.content as { type: string; text: string }).text;
    expect(text.length).toBeLessThan(1200);
    expect(text).toContain('project 3');
    for (const value of Object.values(given[name])) expect(text).toContain(value);
    const named = [...text.matchAll(/`([a-z-]+)`/g)].map((m) => m[1]);
    expect(named.length).toBeGreaterThanOrEqual(2);
    for (const tool of named) expect([tool, toolsByName.has(tool)]).toEqual([tool, true]);
  });

  it('fills in the defaults of optional arguments, and refuses a missing required one', async () => {
    const text = async (name: string, args: Record<string, string>) =>
      ((await mcp.client.getPrompt({ name, arguments: args })).messages[0].content as { text: string }).text;
    expect(await text('triage-latest-run', { projectId: '3' })).toContain('Triage the latest run of project 3');
    expect(await text('triage-latest-run', { projectId: '3', runId: '9' })).toContain('runId: 9');
    expect(await text('what-changed', { projectId: '3' })).toContain('since: "yesterday"');
    await expect(mcp.client.getPrompt({ name: 'summarize-release', arguments: { projectId: '3' } })).rejects.toThrow(/milestone/);
  });
});

describe('resources', () => {
  const read = async (uri: string) => {
    const { contents } = await mcp.client.readResource({ uri });
    expect(contents).toHaveLength(1);
    expect(contents[0]).toMatchObject({ uri, mimeType: 'application/json' });
    return JSON.parse((contents[0] as { text: string }).text) as Rec;
  };
  const rest = () => restAs(app.url, w.reader.token);

  it('lists the three address templates', async () => {
    const { resourceTemplates } = await mcp.client.listResourceTemplates();
    expect(resourceTemplates.map((r) => [r.name, r.uriTemplate, r.mimeType])).toEqual([
      ['project-dashboard', 'casebook://projects/{projectId}/dashboard', 'application/json'],
      ['run-summary', 'casebook://projects/{projectId}/runs/{runId}/summary', 'application/json'],
      ['test-case', 'casebook://projects/{projectId}/tests/{testId}', 'application/json'],
    ]);
  });

  it("lists a dashboard per project of the caller's organizations, no other", async () => {
    const { resources } = await mcp.client.listResources();
    expect(resources.map((r) => r.uri)).toEqual([`casebook://projects/${projectId}/dashboard`]);
    expect(resources[0].name).toBe(`${w.projectA.projectName} dashboard`);
  });

  it('reads a dashboard, a run summary and a test case as REST gives them', async () => {
    const dashboard = await read(`casebook://projects/${projectId}/dashboard`);
    expect(dashboard).toMatchObject({ days: 30, counts: (await rest().data<Rec>('/project/dashboard', { projectId })).counts });
    expect(await read(`casebook://projects/${projectId}/runs/${runId}/summary`)).toEqual(
      await rest().data('/run/detail', { projectId, runId }),
    );
    const test = await read(`casebook://projects/${projectId}/tests/${testId}`);
    expect(test).toEqual(await rest().data('/test/details', { projectId, testId }));
    expect(test).toMatchObject({ title: 'Login', steps: 'Open the page' });
  });

  it('answers a missing or foreign record as an MCP error carrying the REST code', async () => {
    const failure = async (uri: string) => {
      const err = await mcp.client.readResource({ uri }).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(McpError);
      return err as McpError;
    };
    const foreign = await failure(`casebook://projects/${w.projectB.projectId}/dashboard`);
    expect(foreign.code).toBe(RESOURCE_NOT_FOUND);
    expect(foreign.message).toContain('Project not found (project_not_found)');
    expect(foreign.data).toEqual({ status: 404, code: 'project_not_found' });
    const gone = await failure(`casebook://projects/${projectId}/runs/999999/summary`);
    expect([gone.code, (gone.data as Rec).code]).toEqual([RESOURCE_NOT_FOUND, 'run_not_found']);
    const bad = await failure(`casebook://projects/abc/tests/${testId}`);
    expect(bad.code).toBe(-32602);
    expect(bad.message).toContain('projectId must be a positive integer id');
  });
});

describe('over Streamable HTTP (/mcp)', () => {
  it('offers the same prompts and reads the same resources with the caller’s token', async () => {
    const remote = await connectMcpHttp(app.url, w.reader.token);
    try {
      expect((await remote.client.listPrompts()).prompts.map((p) => p.name)).toEqual(PROMPTS.map((p) => p.name));
      const uri = `casebook://projects/${projectId}/tests/${testId}`;
      const { contents } = await remote.client.readResource({ uri });
      expect(JSON.parse((contents[0] as { text: string }).text)).toMatchObject({ testId, title: 'Login' });
    } finally {
      await remote.close();
    }
  });
});
