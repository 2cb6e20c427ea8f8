import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult, Tool } from '@modelcontextprotocol/sdk/types.js';
import { createHttpClient } from '../../src/mcp/http-client';
import { createMcpServer } from '../../src/mcp/server';
import { tools } from '../../src/mcp/tools';
import {
  annotationExceptions,
  annotationsOf,
  CORE_TOOLS,
  parseToolSelection,
  selectTools,
  ToolSelectionError,
  TABLE_SETS,
  TOOLSETS,
  toolsetOf,
  type ToolSelection,
} from '../../src/mcp/toolsets';
import { runCliInProcess } from '../support/cli';
import { connectMcp, errorOf, type McpSession } from './support';

// Tool sets and levels: `casebook mcp --tools read|write|all --toolsets …` offers a
// smaller list, and what each tool may do is said by its annotations.

const names = (specs: { name: string }[]) => specs.map((s) => s.name);
const readOnly = tools.filter((t) => t.method === 'GET');

describe('the tool sets', () => {
  it('puts every tool in exactly one of projects, tests, runs, insight, metadata, users, webhooks', () => {
    expect(TABLE_SETS).toEqual(['projects', 'tests', 'runs', 'insight', 'metadata', 'users', 'webhooks']);
    expect(TOOLSETS).toEqual(['core', ...TABLE_SETS, 'all']);
    for (const spec of tools) expect([spec.name, toolsetOf.get(spec.name)]).toEqual([spec.name, expect.any(String)]);
    const inSets = TABLE_SETS.flatMap((set) => names(selectTools({ toolsets: [set] })));
    expect(inSets.sort()).toEqual(names(tools).sort()); // no tool twice, none left out
    expect(toolsetOf.size).toBe(tools.length);
    expect(names(selectTools({ toolsets: ['all'] }))).toEqual(names(tools));
  });

  it('keeps the sets named, in the table order', () => {
    const picked = selectTools({ toolsets: ['runs', 'tests'] });
    expect(names(picked)).toEqual(names(tools.filter((t) => ['runs', 'tests'].includes(toolsetOf.get(t.name)!))));
    expect(names(picked)).toEqual(expect.arrayContaining(['get-tests', 'create-run', 'run-update-test-status']));
    expect(names(picked)).not.toContain('get-projects');
    expect(names(selectTools({ toolsets: ['users'] }))).toEqual(expect.arrayContaining(['get-user-details', 'get-all-users']));
    // Named no set: the core set, in its own order; named with others, its tools join theirs in the table's order.
    expect(names(selectTools({}))).toEqual([...CORE_TOOLS]);
    expect(names(selectTools({ tools: 'all', toolsets: [] }))).toEqual([...CORE_TOOLS]);
    expect(names(selectTools({ toolsets: ['core'] }))).toEqual([...CORE_TOOLS]);
    const coreAndHooks = names(selectTools({ toolsets: ['core', 'webhooks'] }));
    expect(coreAndHooks).toEqual(names(tools.filter((t) => CORE_TOOLS.some((n) => n === t.name) || toolsetOf.get(t.name) === 'webhooks')));
    expect(coreAndHooks).toEqual(expect.arrayContaining(['get-project-context', 'get-webhooks', 'create-webhook']));
    // The merged tools' older names stay in their set.
    expect(names(selectTools({ toolsets: ['runs'] }))).toEqual(
      expect.arrayContaining([
        'get-run',
        'get-run-tests',
        'run-detail',
        'get-run-state-detail',
        'get-run-tests-list',
        'get-run-test-status',
      ]),
    );
  });

  it('read keeps the tools that change nothing; write leaves out the destructive ones', () => {
    expect(names(selectTools({ tools: 'read', toolsets: [...TOOLSETS] }))).toEqual(names(readOnly));
    expect(readOnly.length).toBeGreaterThan(20);
    expect(names(selectTools({ tools: 'read' }))).toEqual(CORE_TOOLS.filter((n) => readOnly.some((t) => t.name === n)));
    const write = names(selectTools({ tools: 'write', toolsets: ['all'] }));
    expect(write).toEqual(expect.arrayContaining(['get-tests', 'create-test', 'update-test', 'run-update-test-status', 'import-junit']));
    for (const gone of ['delete-test', 'bulk-delete-tests', 'delete-run', 'run-reset', 'run-remove-tests'])
      expect(write).not.toContain(gone);
    expect(names(selectTools({ tools: 'read', toolsets: ['runs'] }))).toEqual(
      names(readOnly.filter((t) => toolsetOf.get(t.name) === 'runs')),
    );
  });

  it('refuses a level or set that does not exist, naming the valid ones', () => {
    expect(() => selectTools({ toolsets: ['runs', 'reports'] })).toThrow(
      new ToolSelectionError('Unknown toolset "reports"; use any of core, projects, tests, runs, insight, metadata, users, webhooks, all'),
    );
    expect(() => selectTools({ tools: 'admin' } as unknown as ToolSelection)).toThrow(
      'Unknown tools level "admin"; use one of read, write, all',
    );
    expect(() => parseToolSelection('everything', undefined)).toThrow(ToolSelectionError);
    expect(() => parseToolSelection(undefined, 'tests, nope,,x')).toThrow('Unknown toolsets "nope", "x"');
    expect(parseToolSelection(' read ', 'runs, tests,')).toEqual({ tools: 'read', toolsets: ['runs', 'tests'] });
    expect(parseToolSelection(undefined, '')).toEqual({});
  });
});

describe('annotations', () => {
  const of = (name: string) => annotationsOf(tools.find((t) => t.name === name)!);

  it('name only tools that exist in their exceptions', () => {
    expect(names(tools)).toEqual(expect.arrayContaining(annotationExceptions));
  });

  it('say what each kind of tool may do', () => {
    // A read says only that: the other two hints mean something for a tool that changes things (MCP spec).
    expect(of('get-tests')).toEqual({ readOnlyHint: true, openWorldHint: false });
    expect(of('create-test')).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: false });
    expect(of('update-test')).toMatchObject({ readOnlyHint: false, destructiveHint: false, idempotentHint: true });
    expect(of('bulk-update-tests')).toMatchObject({ destructiveHint: false, idempotentHint: true });
    for (const name of names(tools).filter((n) => n.startsWith('delete-') || n.startsWith('bulk-delete'))) {
      expect([name, of(name)]).toEqual([
        name,
        expect.objectContaining({ readOnlyHint: false, destructiveHint: true, idempotentHint: true }),
      ]);
    }
    // Every result back to retest, with an audit entry each time.
    expect(of('run-reset')).toMatchObject({ readOnlyHint: false, destructiveHint: true, idempotentHint: false });
    expect(of('run-remove-tests')).toMatchObject({ destructiveHint: true, idempotentHint: true });
    // Each call adds history.
    expect(of('run-update-test-status')).toMatchObject({ destructiveHint: false, idempotentHint: false });
    expect(of('import-junit')).toMatchObject({ destructiveHint: false, idempotentHint: false });
    // An existing name is returned, not added again.
    expect(of('add-labels')).toMatchObject({ destructiveHint: false, idempotentHint: true });
    expect(of('run-lock')).toMatchObject({ destructiveHint: false, idempotentHint: true });
  });
});

describe('createMcpServer with a selection', () => {
  /** A server of the selection with the SDK's client on an in-memory transport; nothing listens at its REST address. */
  async function serverOf(selection: ToolSelection) {
    const server = createMcpServer(
      {
        client: createHttpClient({ baseUrl: 'http://127.0.0.1:9', token: 'cb_x', maxRetries: 0, timeoutMs: 1000 }),
        minimumRole: () => 'Reader',
      },
      undefined,
      selection,
    );
    const [a, b] = InMemoryTransport.createLinkedPair();
    const client = new Client({ name: 'toolsets-test', version: '1.0.0' });
    await Promise.all([server.connect(a), client.connect(b)]);
    return { client, close: () => client.close() };
  }

  it('lists only the selected tools and answers another name as unknown', async () => {
    const s = await serverOf({ tools: 'write', toolsets: ['runs', 'metadata'] });
    try {
      const listed = (await s.client.listTools()).tools;
      expect(names(listed)).toEqual(names(selectTools({ tools: 'write', toolsets: ['runs', 'metadata'] })));
      expect(names(listed)).toEqual(expect.arrayContaining(['create-run', 'get-labels', 'add-section']));
      expect(names(listed)).not.toContain('delete-run');
      const refused = errorOf((await s.client.callTool({ name: 'get-tests', arguments: { projectId: 1 } })) as CallToolResult);
      expect(refused.message).toBe('Unknown tool: get-tests');
    } finally {
      await s.close();
    }
  });

  it('throws for a set that does not exist', () => {
    expect(() =>
      createMcpServer(
        {
          client: createHttpClient({ baseUrl: 'http://127.0.0.1:9', token: 'x', maxRetries: 0, timeoutMs: 10 }),
          minimumRole: () => 'Reader',
        },
        undefined,
        {
          toolsets: ['everything'],
        },
      ),
    ).toThrow(ToolSelectionError);
  });
});

describe('casebook mcp --tools / --toolsets', () => {
  let read: McpSession;
  let runsAndTests: McpSession;
  let all: McpSession;
  const env = { CASEBOOK_URL: 'http://127.0.0.1:9', CASEBOOK_TOKEN: 'cb_toolsets' };

  beforeAll(async () => {
    [read, runsAndTests, all] = await Promise.all([
      connectMcp(env, ['--tools', 'read']),
      connectMcp(env, ['--toolsets', 'runs,tests']),
      connectMcp(env, ['--toolsets', TOOLSETS.join(',')]),
    ]);
  });
  afterAll(async () => {
    await Promise.all([read?.close(), runsAndTests?.close(), all?.close()]);
  });

  it('--tools read lists only read-only tools, and a write tool is unknown', async () => {
    const listed = (await read.client.listTools()).tools;
    // Of the core set, offered by default.
    expect(names(listed)).toEqual(CORE_TOOLS.filter((n) => readOnly.some((t) => t.name === n)));
    for (const tool of listed) expect([tool.name, tool.annotations?.readOnlyHint]).toEqual([tool.name, true]);
    expect(errorOf(await read.call('create-project', { orgId: 1, projectName: 'x' })).message).toBe('Unknown tool: create-project');
  });

  it('--toolsets runs,tests lists the tools of those sets, reads and writes', async () => {
    const listed = (await runsAndTests.client.listTools()).tools;
    expect(names(listed)).toEqual(names(selectTools({ toolsets: ['runs', 'tests'] })));
    expect(names(listed)).toEqual(expect.arrayContaining(['delete-run', 'get-tests']));
    expect(names(listed)).not.toContain('get-orgs-list');
  });

  it('annotates every tool', async () => {
    const listed: Tool[] = (await all.client.listTools()).tools;
    expect(listed).toHaveLength(tools.length);
    for (const tool of listed) {
      const spec = tools.find((t) => t.name === tool.name)!;
      expect([tool.name, tool.annotations]).toEqual([tool.name, annotationsOf(spec)]);
      const hints = tool.annotations?.readOnlyHint
        ? (['readOnlyHint', 'openWorldHint'] as const)
        : (['readOnlyHint', 'destructiveHint', 'idempotentHint', 'openWorldHint'] as const);
      for (const hint of hints) expect([tool.name, hint, typeof tool.annotations?.[hint]]).toEqual([tool.name, hint, 'boolean']);
    }
  });

  it('refuses an unknown level or set as a usage error (exit 2), naming the valid ones', async () => {
    const level = await runCliInProcess(['mcp', '--tools', 'everything'], env);
    expect(level.code).toBe(2);
    expect(level.stderr).toContain('casebook: Unknown tools level "everything"; use one of read, write, all');
    const set = await runCliInProcess(['mcp', '--toolsets', 'runs,reports'], env);
    expect(set.code).toBe(2);
    expect(set.stderr).toContain(
      'Unknown toolset "reports"; use any of core, projects, tests, runs, insight, metadata, users, webhooks, all',
    );
    expect(set.stderr).toContain('--toolsets core,projects,tests,runs,insight,metadata,users,webhooks,all');
  });
});
