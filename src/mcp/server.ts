import { format } from 'node:util';
import pino from 'pino';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import {
  CallToolRequestSchema,
  ListToolsRequestSchema,
  type CallToolResult,
  type ListToolsResult,
} from '@modelcontextprotocol/sdk/types.js';
import { z } from '../core/zod-messages';
import packageJson from '../../package.json';
import { loadRbac } from '../auth/rbac';
import { ConfigError, type Config } from '../config';
import { redactPaths, type Logger } from '../logger';
import { callTool, failure, type ToolRuntime } from './call-tool';
import { createHttpClient, retryText } from './http-client';
import { KeptAnswers } from './kept-answers';
import { registerPrompts } from './prompts';
import { registerResources } from './resources';
import { openRestTarget } from './rest-target';
import { SERVER_INSTRUCTIONS } from './instructions';
import { compactSchema, outputSchemaOf } from './tool-schemas';
import { fullDescription, inputSchema, leastRole, type ToolSpec } from './tools';
import { annotationsOf, selectTools, type ToolSelection } from './toolsets';

// `casebook mcp`: the tool server on stdio. Stdout carries protocol messages and
// nothing else, so logs and any stray console output go to stderr.

/**
 * The MCP server with the tools of the selection registered (default: every tool);
 * transport-agnostic. A tool left out is unknown to it. Throws ToolSelectionError
 * for a level or set that does not exist.
 */
export function createMcpServer(runtime: ToolRuntime, logger?: Logger, selection: ToolSelection = {}): McpServer {
  const selected = selectTools(selection);
  const byName = new Map(selected.map((spec) => [spec.name, spec]));
  const server = new McpServer({ name: 'casebook', version: packageJson.version }, { instructions: SERVER_INSTRUCTIONS });
  for (const spec of selected) {
    server.registerTool(
      spec.name,
      {
        description: fullDescription(spec, runtime.minimumRole(spec.rbac.resource, spec.rbac.action)),
        inputSchema: inputSchema(spec),
        annotations: annotationsOf(spec),
      },
      (args) => callTool(spec, args, runtime),
    );
  }
  // tools/list from the same table, its schemas compacted in one place (src/mcp/tool-schemas.ts).
  server.server.setRequestHandler(ListToolsRequestSchema, () => ({ tools: selected.map((spec) => listedTool(spec, runtime)) }));
  // The SDK checks arguments itself and answers a mismatch without a tip; API.md 4
  // wants every failure in our envelope, so tools/call is answered by callTool,
  // which checks the same schema.
  server.server.setRequestHandler(CallToolRequestSchema, async (request): Promise<CallToolResult> => {
    const spec = byName.get(request.params.name);
    if (!spec) {
      return failure(`Unknown tool: ${request.params.name}`, 'List the tools (tools/list) and call one of those names.');
    }
    const started = Date.now();
    try {
      const result = await callTool(spec, request.params.arguments, runtime);
      logger?.info({ tool: spec.name, isError: result.isError === true, ms: Date.now() - started }, 'tool call');
      return result;
    } catch (err) {
      logger?.error({ err, tool: spec.name }, 'tool call failed');
      return failure(`The tool server failed: ${(err as Error).message}`, 'Retry; if it persists, report it with the tool server log.');
    }
  });
  registerPrompts(server);
  registerResources(server, runtime);
  return server;
}

type ListedTool = ListToolsResult['tools'][number];

/**
 * Each tool's schemas as listed, made once a process: a server is made per request on
 * /mcp, and most requests are calls, not lists.
 */
const schemasOf = new WeakMap<ToolSpec, Pick<ListedTool, 'inputSchema' | 'outputSchema'>>();

/** A tool as tools/list shows it: words, compact input and output schemas, what it may do. */
function listedTool(spec: ToolSpec, runtime: ToolRuntime): ListedTool {
  let schemas = schemasOf.get(spec);
  if (!schemas) {
    schemas = {
      inputSchema: compactSchema(z.toJSONSchema(inputSchema(spec), { target: 'draft-7', io: 'input' })) as ListedTool['inputSchema'],
      outputSchema: outputSchemaOf(spec) as ListedTool['outputSchema'],
    };
    schemasOf.set(spec, schemas);
  }
  return {
    name: spec.name,
    description: fullDescription(spec, runtime.minimumRole(spec.rbac.resource, spec.rbac.action)),
    ...schemas,
    annotations: annotationsOf(spec),
  };
}

export async function runMcpServer(config: Config, selection: ToolSelection = {}): Promise<void> {
  const token = config.mcp.token;
  if (!token) {
    throw new ConfigError(
      'CASEBOOK_TOKEN is not set. The tool server calls Casebook with an API token: create one with ' +
        '`casebook token create --email <you>` (or POST /api/v1/token/generate) and set CASEBOOK_TOKEN, ' +
        'plus CASEBOOK_URL to use a running server.',
    );
  }
  sendConsoleToStderr();
  const logger = pino({ level: config.logLevel, redact: { paths: redactPaths, censor: '[redacted]' } }, pino.destination(2));
  const target = await openRestTarget(config, logger);
  const rbac = await loadRbac();
  const runtime: ToolRuntime = {
    client: createHttpClient({
      baseUrl: target.url,
      token,
      maxRetries: config.mcp.maxRetries,
      timeoutMs: config.mcp.timeoutMs,
      kept: new KeptAnswers(config.mcp.keptAnswerBytes),
      // On stderr, which MCP clients show as the server's log: a rate-limited call waits, and says so.
      onRetry: (r) => logger.warn(r, retryText(r)),
    }),
    minimumRole: (resource, action) => leastRole(rbac, resource, action),
    // The app did not start here: tools/list still works, and every call says why.
    ...(target.failure ? { unavailable: target.failure } : {}),
  };
  const server = createMcpServer(runtime, logger, selection);

  let closing = false;
  const shutdown = (reason: string) => {
    if (closing) return;
    closing = true;
    logger.info({ reason }, 'tool server stopping');
    void Promise.allSettled([server.close(), target.close()]).then(() => process.exit(0));
  };
  // The client ends the session by closing our stdin.
  process.stdin.on('end', () => shutdown('stdin closed'));
  process.on('SIGINT', () => shutdown('SIGINT'));
  process.on('SIGTERM', () => shutdown('SIGTERM'));

  await server.connect(new StdioServerTransport());
  logger.info({ mode: target.mode, url: target.url, tools: selectTools(selection).length }, 'Casebook tool server ready on stdio');
}

/** A library that prints with console.log must not corrupt the protocol stream. */
function sendConsoleToStderr(): void {
  const toStderr = (...args: unknown[]) => void process.stderr.write(`${format(...args)}\n`);
  console.log = toStderr;
  console.info = toStderr;
  console.debug = toStderr;
  console.warn = toStderr;
}
