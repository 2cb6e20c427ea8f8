import { McpServer, ResourceTemplate } from '@modelcontextprotocol/sdk/server/mcp.js';
import { ErrorCode, McpError, type ReadResourceResult, type Resource } from '@modelcontextprotocol/sdk/types.js';
import { fitValue } from './answer-budget';
import type { ToolRuntime } from './call-tool';
import { RestUnreachableError, type RestRequest } from './http-client';

// Resources: what an assistant may read without a tool call per item, by casebook:// address.
// Each is one REST call through the tools' client (the caller's token, its retries and kept
// answers), answered as JSON within the answer budget; a REST error is an MCP error carrying
// the REST status and code.

/** MCP's code for a resource that does not exist (the specification's, beside JSON-RPC's own). */
export const RESOURCE_NOT_FOUND = -32002;

/** Projects listed as dashboards at most: listing stays a few calls. */
const LISTED_PROJECTS = 100;

interface ResourceDecl {
  name: string;
  template: string;
  title: string;
  description: string;
  /** The REST call reading it, from the address's variables (ids, checked to be numbers). */
  request(ids: Record<string, number>): RestRequest;
}

export const RESOURCES: ResourceDecl[] = [
  {
    name: 'project-dashboard',
    template: 'casebook://projects/{projectId}/dashboard',
    title: 'Project dashboard',
    description:
      "A project's last 30 days: each run's pass rate, results per day, flaky, failing, never-run and stale tests, the flakiest and slowest tests, coverage per section",
    request: ({ projectId }) => ({ method: 'GET', path: '/project/dashboard', query: { projectId } }),
  },
  {
    name: 'run-summary',
    template: 'casebook://projects/{projectId}/runs/{runId}/summary',
    title: 'Run summary',
    description: 'A run with its status counts, build, milestone and lock state',
    request: ({ projectId, runId }) => ({ method: 'GET', path: '/run/detail', query: { projectId, runId } }),
  },
  {
    name: 'test-case',
    template: 'casebook://projects/{projectId}/tests/{testId}',
    title: 'Test case',
    description: 'A test case whole: its steps, expected result, fields, labels and custom fields',
    request: ({ projectId, testId }) => ({ method: 'GET', path: '/test/details', query: { projectId, testId } }),
  },
];

export function registerResources(server: McpServer, runtime: ToolRuntime): void {
  for (const decl of RESOURCES) {
    // Dashboards are listed (one per project of the caller's organizations); runs and tests are too many to list.
    const list = decl.name === 'project-dashboard' ? () => listDashboards(runtime, decl) : undefined;
    server.registerResource(
      decl.name,
      new ResourceTemplate(decl.template, { list }),
      { title: decl.title, description: decl.description, mimeType: 'application/json' },
      (uri, variables) => readResource(runtime, decl, uri.href, variables),
    );
  }
}

async function readResource(
  runtime: ToolRuntime,
  decl: ResourceDecl,
  uri: string,
  variables: Record<string, string | string[]>,
): Promise<ReadResourceResult> {
  const ids: Record<string, number> = {};
  for (const [name, value] of Object.entries(variables)) {
    if (typeof value !== 'string' || !/^[0-9]{1,10}$/.test(value) || Number(value) < 1) {
      throw new McpError(ErrorCode.InvalidParams, `${name} must be a positive integer id in ${uri}`, { code: 'validation_failed' });
    }
    ids[name] = Number(value);
  }
  const data = await restData(runtime, decl.request(ids));
  return { contents: [{ uri, mimeType: 'application/json', text: fitValue(data) }] };
}

/** The data of a REST answer, or the MCP error saying why there is none (with REST's status and code). */
async function restData(runtime: ToolRuntime, request: RestRequest): Promise<unknown> {
  if (runtime.unavailable) throw new McpError(ErrorCode.InternalError, `${runtime.unavailable.message} ${runtime.unavailable.tip}`);
  let res;
  try {
    res = await runtime.client.request(request);
  } catch (err) {
    if (err instanceof RestUnreachableError) throw new McpError(ErrorCode.InternalError, err.message, { code: 'unreachable' });
    throw err;
  }
  const body = parse(res.body);
  if (res.status >= 200 && res.status < 300 && body && 'data' in body) return body.data;
  const code = typeof body?.code === 'string' ? body.code : undefined;
  const text = typeof body?.error === 'string' ? body.error : `HTTP ${res.status}`;
  const mcpCode = res.status === 404 ? RESOURCE_NOT_FOUND : res.status === 400 ? ErrorCode.InvalidParams : ErrorCode.InternalError;
  throw new McpError(mcpCode, `${text}${code ? ` (${code})` : ''}`, { status: res.status, ...(code ? { code } : {}) });
}

function parse(body: Buffer): { data?: unknown; error?: unknown; code?: unknown } | undefined {
  try {
    const value = JSON.parse(body.toString('utf8')) as unknown;
    return value && typeof value === 'object' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** A dashboard per project of the caller's organizations (the first LISTED_PROJECTS): one call for the organizations, one per organization. */
async function listDashboards(runtime: ToolRuntime, decl: ResourceDecl): Promise<{ resources: Resource[] }> {
  const orgs = (await restData(runtime, { method: 'GET', path: '/orgs' })) as { orgId: number; orgName: string }[];
  const resources: Resource[] = [];
  for (const org of orgs) {
    if (resources.length >= LISTED_PROJECTS) break;
    const page = (await restData(runtime, {
      method: 'GET',
      path: '/projects',
      query: { orgId: org.orgId, pageSize: LISTED_PROJECTS - resources.length },
    })) as { projects: { projectId: number; projectName: string }[] };
    for (const p of page.projects)
      resources.push({
        uri: decl.template.replace('{projectId}', String(p.projectId)),
        name: `${p.projectName} dashboard`,
        description: `${org.orgName} / ${p.projectName}`,
        mimeType: 'application/json',
      });
  }
  return { resources };
}
